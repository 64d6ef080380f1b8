/**
 * The page of every flow route (loaded on demand, so the login page never loads the form engine):
 * the flow's FlowStore from the RootStore, the widget registry, and the services the generic
 * renderer asks for. No flow has code of its own here.
 */
import { Box, Heading } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type ComponentType, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { FlowStore } from '../../engine/core/flow-store';
import { FlowView } from '../../engine/react/FlowView';
import { formValidator } from '../../engine/react/form-validator';
import type { FlowViewServices } from '../../engine/react/services';
import { submitFlow } from '../api/flows';
import { HOME_PATH, type PageProps } from '../routes';
import type { RootStore } from '../stores/RootStore';
import { useStores } from '../stores/StoresContext';
import type { WidgetContext } from '../widgets/context';
import { widgetRegistry } from '../widgets/registry';
import { flowById, flowCatalog, precompiled, schemaValidator } from './catalog';

export function createFlowStore(root: RootStore, flowId: string): FlowStore {
  return new FlowStore(flowById(flowId), flowCatalog.limits, schemaValidator, {
    submit: (url, body, key) => submitFlow(root.api, url, body, key),
    confirm: (message, options) => root.dialogs.confirm({ message, ...options }),
    storage: root.storage,
    now: () => Date.now(),
  });
}

const FlowPage = observer(function FlowPage({ flowId, title }: PageProps & { flowId: string }) {
  const root = useStores();
  const navigate = useNavigate();
  const store = root.flows.get(flowId, () => createFlowStore(root, flowId));
  const services = useMemo<FlowViewServices>(() => {
    const widgetContext: WidgetContext = {
      flow: store,
      limits: flowCatalog.limits,
      lookups: root.lookups,
      session: root.session,
      customers: root.flows.customers,
      availability: root.flows.availability,
      equipment: root.flows.equipment,
    };
    return {
      formValidator: (schema) => formValidator(precompiled, schema),
      widgetContext,
      leave: () => navigate(HOME_PATH),
    };
  }, [store, root, navigate]);
  return (
    <Box px={{ base: 4, md: 8 }} py={8} maxW="5xl">
      <Heading as="h1" size="xl" mb={6}>
        {title}
      </Heading>
      <FlowView store={store} registry={widgetRegistry} services={services} />
    </Box>
  );
});

const pages = new Map<string, ComponentType<PageProps>>();

/** The route page of one flow (routes.tsx lazy-loads it by flow id). */
export function flowPage(flowId: string): ComponentType<PageProps> {
  let page = pages.get(flowId);
  if (!page) {
    page = function FlowRoutePage({ title }: PageProps) {
      return <FlowPage flowId={flowId} title={title} />;
    };
    pages.set(flowId, page);
  }
  return page;
}
