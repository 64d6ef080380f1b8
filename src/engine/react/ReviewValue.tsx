/**
 * A value on the review step, generated from its schema: objects as label: value rows, arrays as
 * a table drawn by the app's list component (review-list.tsx) or a list, a registered widget's own review renderer where the uiSchema names one.
 */
import { DataList, List, Text } from '@chakra-ui/react';
import { useContext } from 'react';
import type { JsonSchema } from '../core/types';
import { entryFor, type WidgetRegistry } from './registry';
import { ReviewListContext, type ReviewRow } from './review-list';

export interface ReviewValueProps {
  value: unknown;
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
  registry: WidgetRegistry;
  context: unknown;
}

type Ui = Record<string, unknown>;
const propertiesOf = (schema: JsonSchema) => (schema.properties ?? {}) as Record<string, JsonSchema>;
const titleOf = (schema: JsonSchema | undefined, key: string) =>
  typeof schema?.title === 'string' ? schema.title : key;

/** Property keys in the uiSchema's order, then the rest in the schema's. */
export function orderedKeys(schema: JsonSchema, ui: Ui): string[] {
  const keys = Object.keys(propertiesOf(schema));
  const order = Array.isArray(ui['ui:order'])
    ? (ui['ui:order'] as string[]).filter((k) => keys.includes(k))
    : [];
  return [...order, ...keys.filter((k) => !order.includes(k))];
}

export function formatScalar(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

export function ReviewValue({ value, schema, uiSchema, registry, context }: ReviewValueProps) {
  const entry = entryFor(registry, uiSchema);
  if (entry?.review)
    return <entry.review value={value} schema={schema} uiSchema={uiSchema} context={context} />;
  if (schema.type === 'object') {
    const record = (value ?? {}) as Record<string, unknown>;
    return (
      <DataList.Root orientation="horizontal">
        {orderedKeys(schema, uiSchema).map((key) => {
          const child = propertiesOf(schema)[key] as JsonSchema;
          const ui = (uiSchema[key] ?? {}) as Ui;
          if (ui['ui:widget'] === 'hidden') return null;
          return (
            <DataList.Item key={key}>
              <DataList.ItemLabel>{titleOf(child, key)}</DataList.ItemLabel>
              <DataList.ItemValue>
                <ReviewValue
                  value={record[key]}
                  schema={child}
                  uiSchema={ui}
                  registry={registry}
                  context={context}
                />
              </DataList.ItemValue>
            </DataList.Item>
          );
        })}
      </DataList.Root>
    );
  }
  if (schema.type === 'array') return <ReviewList value={value} schema={schema} />;
  return <Text as="span">{formatScalar(value)}</Text>;
}

function ReviewList({ value, schema }: { value: unknown; schema: JsonSchema }) {
  const RowList = useContext(ReviewListContext);
  const items = Array.isArray(value) ? value : [];
  if (items.length === 0) return <Text as="span">—</Text>;
  const itemSchema = (schema.items ?? {}) as JsonSchema;
  if (itemSchema.type !== 'object') {
    return (
      <List.Root ps={4}>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in input order
          <List.Item key={i}>{formatScalar(item)}</List.Item>
        ))}
      </List.Root>
    );
  }
  const properties = propertiesOf(itemSchema);
  const columns = Object.keys(properties).map((key) => ({
    header: titleOf(properties[key], key),
    cell: (row: ReviewRow) => {
      const cell = row?.[key];
      return typeof cell === 'object' && cell !== null ? JSON.stringify(cell) : formatScalar(cell);
    },
  }));
  return <RowList label={titleOf(schema, 'Items')} rows={items as ReviewRow[]} columns={columns} />;
}
