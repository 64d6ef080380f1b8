/**
 * The page of every flow route (loaded on demand, so the login page never loads the form engine):
 * the flow's FlowStore from the RootStore, the widget registry, and the services the generic
 * renderer asks for. No flow has code of its own here.
 *
 * `#<route>?edit=<BookingOrderId>` opens that order in edit mode (dashboard Edit) and
 * `#<route>?load=<BookingOrderId>` starts a new request prefilled from it (Load Booking): each
 * change of the query opens the order afresh; choosing the menu entry resets the flow as before.
 * A query with the flow's `prefill` parameters (a link from another screen) starts a new request
 * with those values.
 */
import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type ComponentType, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FLOW_MESSAGES } from '../../domain/messages';
import { Abilities, can } from '../../domain/policies';
import { FlowStore } from '../../engine/core/flow-store';
import type { Limits } from '../../engine/core/rules';
import { FlowView } from '../../engine/react/FlowView';
import { formValidator } from '../../engine/react/form-validator';
import type { FlowViewServices } from '../../engine/react/services';
import { CATALOGUE_PATH } from '../analyst/paths';
import { loadOrderDocument, requestStepAction, submitFlow } from '../api/flows';
import { EDIT_PARAM, LOAD_PARAM } from '../dashboard/row-actions';
import { HOME_PATH } from '../paths';
import type { PageProps } from '../routes';
import type { RootStore } from '../stores/RootStore';
import { useStores } from '../stores/StoresContext';
import type { WidgetContext } from '../widgets/context';
import { widgetRegistry } from '../widgets/registry';
import { flowById, flowCatalog, onCatalogChange, precompiled, schemaValidator } from './catalog';
import { confirmViews } from './confirm-views';
import { ReviewDataList } from './ReviewDataList';

export function createFlowStore(root: RootStore, flowId: string): FlowStore {
  const flow = flowById(flowId);
  return new FlowStore(flow, flowCatalog.limits, schemaValidator, {
    submit: async (url, body, key) => {
      const result = await submitFlow(root.api, url, body, key);
      // Issue 25: a booking answers with a toast too, beside the confirmation step's own result.
      root.messages.done(`${flow.title} order ${result.BookingOrderId}: ${result.Message}`);
      return result;
    },
    confirm: (message, options) => root.dialogs.confirm({ message, ...options }),
    loadOrder: (id, url) => loadOrderDocument(root.api, id, url),
    request: (call) => requestStepAction(root.api, call),
    messages: FLOW_MESSAGES,
    // Issue 27: drafts are the signed-in user's own, sealed with their key (DraftVault).
    storage: root.drafts,
    now: () => Date.now(),
    // Issue 14: the contact starts as the user's own, from My Account (editable).
    startWith: () => ({
      'Contact.ContactName': root.session.details?.UserFullName ?? root.session.fullName,
      'Contact.EmailAddresses': root.session.details?.Email ?? '',
    }),
  });
}

/** What the generic renderer needs around one FlowStore: the widgets' context and the form validator. */
export function flowViewServices(
  root: RootStore,
  store: FlowStore,
  limits: Limits,
  leave: () => void,
): FlowViewServices {
  const widgetContext: WidgetContext = {
    flow: store,
    limits,
    lookups: root.lookups,
    session: root.session,
    customers: root.flows.customers,
    motorCarriers: root.flows.motorCarriers,
    availability: root.flows.availability,
    equipment: root.flows.equipment,
    heldChassis: (purpose) => root.flows.heldChassis(purpose),
    api: root.api,
    dialogs: root.dialogs,
    messages: root.messages,
  };
  return {
    formValidator: (schema) => formValidator(precompiled, schema),
    widgetContext,
    leave,
    list: ReviewDataList,
  };
}

/** Which order the query asks to open, and how; null for a plain (new) request. */
export function orderToOpen(search: string): { id: number; mode: 'edit' | 'load' } | null {
  const params = new URLSearchParams(search);
  for (const mode of [EDIT_PARAM, LOAD_PARAM] as const) {
    const value = params.get(mode);
    if (value !== null && /^\d{1,10}$/.test(value)) return { id: Number(value), mode };
  }
  return null;
}

/** The query's values of the flow's prefill parameters; null when it names none of them. */
export function prefillOf(
  params: Readonly<Record<string, string>> | undefined,
  search: string,
): Record<string, string> | null {
  const query = new URLSearchParams(search);
  const values = Object.fromEntries(
    Object.keys(params ?? {}).flatMap((name) => {
      const value = query.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  return Object.keys(values).length > 0 ? values : null;
}

/** The flow waits for the user's drafts (their key), so a saved draft is offered from the first render. */
const FlowPage = observer(function FlowPage({ flowId, title }: PageProps & { flowId: string }) {
  const root = useStores();
  const signedIn = root.session.token !== null;
  useEffect(() => {
    if (signedIn) void root.drafts.open();
  }, [root, signedIn]);
  if (!root.drafts.ready)
    return (
      // No heading yet: the page's heading comes with its form, so whoever waits for it finds both.
      <Box px={{ base: 4, md: 8 }} py={8} maxW="5xl">
        <Text role="status" color="fg.muted">
          Loading {title}…
        </Text>
      </Box>
    );
  return <FlowPageBody flowId={flowId} title={title} />;
});

const FlowPageBody = observer(function FlowPageBody({ flowId, title }: PageProps & { flowId: string }) {
  const root = useStores();
  const navigate = useNavigate();
  const { search } = useLocation();
  const store = root.flows.get(flowId, () => createFlowStore(root, flowId));
  const target = useMemo(() => orderToOpen(search), [search]);
  const prefill = useMemo(() => prefillOf(store.flow.prefill, search), [store, search]);
  // Development (issue 32): new flow files reach the open store in place (its data, step and mode
  // stay) and the widgets' limits follow; a store left open while the files changed catches up here.
  useEffect(() => {
    const takeCurrentFiles = () => {
      const flow = flowById(flowId);
      if (store.flow !== flow) store.replaceFlow(flow, flowCatalog.limits, schemaValidator);
    };
    takeCurrentFiles();
    return onCatalogChange(takeCurrentFiles);
  }, [store, flowId]);
  useEffect(() => {
    // The contact's starting values come from the user's details, which may still be on their way.
    void root.session.loadDetails().then(() => store.refreshStartingData());
  }, [root, store]);
  useEffect(() => {
    if (target) void store.order.open(target.id, target.mode);
    else if (prefill) store.startFrom(prefill);
    // A plain route is a new request: an order opened earlier does not linger in it.
    else if (store.order.mode !== 'new') store.reset();
  }, [target, prefill, store]);
  // Read here so a change of the store's limits (development) renders the page with new services.
  const limits = store.limits;
  const services = useMemo(
    () =>
      flowViewServices(root, store, limits, () => {
        // Issue 25: the dashboard reads its rows again, so a booking just made shows.
        root.dashboard.markStale();
        navigate(HOME_PATH);
      }),
    [store, root, navigate, limits],
  );
  return (
    <Box px={{ base: 4, md: 8 }} py={8} maxW="5xl">
      <Heading as="h1" size="xl" mb={2}>
        {title}
      </Heading>
      {can(root.session, Abilities.flowCatalogue) && (
        <Link href={`#${CATALOGUE_PATH}/${flowId}`} fontSize="sm">
          Fields and rules of this flow
        </Link>
      )}
      <OpenedOrderNote store={store} />
      {/* FlowView shows the order opening, and why it could not be opened. */}
      <FlowView store={store} registry={widgetRegistry} confirmViews={confirmViews} services={services} />
    </Box>
  );
});

/** Says which order the page edits, or which one a new request was loaded from. */
const OpenedOrderNote = observer(function OpenedOrderNote({ store }: { store: FlowStore }) {
  const text =
    store.order.mode === 'edit' && store.order.editing
      ? `Editing booking order ${store.order.editing.BookingOrderId}`
      : store.order.mode === 'load'
        ? 'A new request, prefilled from an earlier booking order'
        : null;
  return (
    <Text role="status" color="fg.muted" mb={4} minH="1.5em">
      {text}
    </Text>
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
