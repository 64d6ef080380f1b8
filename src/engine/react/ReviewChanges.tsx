import { Alert, Box, Heading, List, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { requestSteps } from '../core/check-data';
import { flowDataSchema } from '../core/flow-actions';
import { schemaAt, uiSchemaAt } from '../core/flow-changes';
import type { FlowStore } from '../core/flow-store';
import { ReviewValue } from './ReviewValue';
import type { WidgetRegistry } from './registry';

/**
 * Edit mode on the review step: what the user changed, field by field, "Label: old → new", each
 * value rendered as the review renders it (a lookup's name through its widget's review renderer).
 * With nothing changed, the note says so (and the review's Submit is disabled).
 */
export const ReviewChanges = observer(function ReviewChanges({
  store,
  registry,
  context,
}: {
  store: FlowStore;
  registry: WidgetRegistry;
  context: unknown;
}) {
  const { flow } = store;
  const schema = useMemo(() => flowDataSchema(flow), [flow]);
  const ui = useMemo(
    () => Object.assign({}, ...requestSteps(flow).map((s) => s.uiSchema ?? {})) as Record<string, unknown>,
    [flow],
  );
  if (store.order.mode !== 'edit') return null;
  if (store.order.unchanged) {
    return (
      <Alert.Root status="info" role="status">
        <Alert.Indicator />
        <Alert.Title>{store.services.messages.nothingChanged}</Alert.Title>
      </Alert.Root>
    );
  }
  const value = (path: string, v: unknown) => (
    <ReviewValue
      value={v}
      schema={schemaAt(schema, path) ?? {}}
      uiSchema={uiSchemaAt(ui, path)}
      registry={registry}
      context={context}
    />
  );
  return (
    <Box as="section" aria-labelledby="review-changes">
      <Heading as="h3" size="md" id="review-changes" mb={3}>
        Changes
      </Heading>
      <List.Root ps={4} gap={1}>
        {store.order.changes.map((change) => (
          <List.Item key={change.path}>
            <Text as="span" fontWeight="semibold">
              {change.label}:
            </Text>{' '}
            {value(change.path, change.before)} → {value(change.path, change.after)}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
});
