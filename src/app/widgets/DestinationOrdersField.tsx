/**
 * destinationOrders: a reposition's orders, one per destination (SPEC §3, §4 Reposition). The rows
 * are RJSF's own array (each destination's fields from the item uiSchema, so the motor-carrier
 * picker and the lookups work as anywhere); this field adds what the list as a whole shows: the
 * units available at the origin and the total selected, recomputed on every add, edit and remove.
 *
 * A destination added in this request is removed with its Remove button (the order for it is
 * dropped). A destination that is an existing booking (IsEditMode, edit mode) has no Remove: it is
 * cancelled with its CancelBooking box, so the server cancels that booking rather than losing it.
 */
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ArrayFieldItemTemplateProps, FieldProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { getPath } from '../../engine/core/flow-data';
import type { ReviewProps } from '../../engine/react/registry';
import { DataList, type ListColumn } from '../components/DataList';
import { stringOption, type WidgetContext, widgetContextOf } from './context';
import { LookupSelectReview } from './LookupSelectWidget';

export interface DestinationOrder {
  ToLocationId?: number;
  UnitsRequestedCount?: number;
  MotorCarrierId?: number;
  MotorCarrierName?: string;
  BookingComment?: string;
  RailTerminalReleaseNumber?: string;
  WithRedelivery?: boolean;
  RedeliveryRequestedCount?: number;
  CancelBooking?: boolean;
  CancelRedelivery?: boolean;
  IsEditMode?: boolean;
  IsRedeliveryEditMode?: boolean;
}

/** SPEC §4 TotalSelectedQuantity: the units of every destination not cancelled. */
export function totalSelected(orders: readonly DestinationOrder[] | undefined): number {
  return (orders ?? [])
    .filter((o) => !o?.CancelBooking)
    .reduce(
      (sum, o) => sum + (Number.isFinite(o?.UnitsRequestedCount) ? Number(o.UnitsRequestedCount) : 0),
      0,
    );
}

/** Where the origin's available units sit in the flow data, unless ui:options.available says otherwise. */
const DEFAULT_AVAILABLE_PATH = 'Header.AvailableQuantity';

const availableIn = (data: unknown, path: string): number | null => {
  const value = getPath(data, path);
  return typeof value === 'number' ? value : null;
};

const hidden = { 'ui:widget': 'hidden' } as const;

/** Marks, in a destination's uiSchema, an existing booking (edit mode): cancelled, never removed. */
const EXISTING_OPTION = 'existingBooking';

/**
 * One destination: its fields in a labelled group, and Remove for a destination added in this
 * request only; an existing booking shows its CancelBooking box instead.
 */
function DestinationItem(props: ArrayFieldItemTemplateProps) {
  const { children, index, buttonsProps, uiSchema } = props;
  const existing =
    (uiSchema?.['ui:options'] as Record<string, unknown> | undefined)?.[EXISTING_OPTION] === true;
  const label = `Destination ${index + 1}`;
  return (
    <Box role="group" aria-label={label} borderWidth="1px" borderRadius="md" p={4}>
      <Heading as="h4" size="sm" mb={2}>
        {label}
      </Heading>
      {children}
      {!existing && buttonsProps.hasRemove && (
        <Button mt={3} size="xs" variant="outline" onClick={buttonsProps.onRemoveItem}>
          Remove {label.toLowerCase()}
        </Button>
      )}
    </Box>
  );
}

/**
 * The uiSchema of one destination: the cancel boxes only where there is something to cancel (an
 * existing booking; an existing redelivery), and no Remove on an existing booking.
 */
export function destinationUiSchema(base: UiSchema, order: DestinationOrder | undefined): UiSchema {
  const plain = { ...base, 'ui:title': '' };
  if (!order?.IsEditMode) return { ...plain, CancelBooking: hidden, CancelRedelivery: hidden };
  return {
    ...plain,
    'ui:options': { ...(base['ui:options'] as object | undefined), [EXISTING_OPTION]: true },
    ...(order.IsRedeliveryEditMode ? {} : { CancelRedelivery: hidden }),
  };
}

export const DestinationOrdersField = observer(function DestinationOrdersField(props: FieldProps) {
  const { registry, uiSchema, formData, schema, fieldPathId, onChange, disabled, readonly } = props;
  const context = widgetContextOf(registry);
  const options = (uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>;
  const available = availableIn(
    context.flow.data,
    stringOption(options, 'available', DEFAULT_AVAILABLE_PATH),
  );
  const orders = (Array.isArray(formData) ? formData : []) as DestinationOrder[];
  const total = totalSelected(orders);
  const { ArrayField } = registry.fields;
  const arrayUiSchema = useMemo<UiSchema>(() => {
    const { 'ui:field': _self, items, ...rest } = uiSchema ?? {};
    const base = (items ?? {}) as UiSchema;
    const variants = new Map<string, UiSchema>();
    const variant = (item: DestinationOrder | undefined) => {
      const key = `${!!item?.IsEditMode}/${!!item?.IsRedeliveryEditMode}`;
      const known = variants.get(key);
      if (known) return known;
      const ui = destinationUiSchema(base, item);
      variants.set(key, ui);
      return ui;
    };
    return {
      ...rest,
      // Our own Add destination button below; order carries no meaning, so no reordering.
      'ui:options': { ...(rest['ui:options'] as object | undefined), orderable: false, addable: false },
      'ui:ArrayFieldItemTemplate': DestinationItem,
      // One object per kind of destination, so RJSF's memoised rows skip re-rendering on each keystroke.
      items: (item: DestinationOrder | undefined) => variant(item),
    };
  }, [uiSchema]);
  return (
    <Stack gap={3}>
      <ArrayField {...props} uiSchema={arrayUiSchema} />
      <Box>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || readonly}
          onClick={() => {
            const item = registry.schemaUtils.getDefaultFormState(schema.items as RJSFSchema, undefined);
            onChange([...orders, item ?? {}], fieldPathId.path);
          }}
        >
          Add destination
        </Button>
      </Box>
      <HStack as="section" aria-label="Destinations summary" gap={6} wrap="wrap">
        <Text>
          Available at the origin: <strong data-testid="available-quantity">{available ?? '—'}</strong>
        </Text>
        <Text role="status" aria-live="polite">
          Total selected: <strong data-testid="total-selected">{total}</strong>
        </Text>
        {available !== null && total > available && (
          <Badge colorPalette="orange">More than available: Next asks whether to proceed</Badge>
        )}
      </HStack>
    </Stack>
  );
});

/** Review: one row per destination, cancelled ones marked, and the total selected. */
export const DestinationOrdersReview = observer(function DestinationOrdersReview({
  value,
  uiSchema,
  context,
}: ReviewProps) {
  const orders = (Array.isArray(value) ? value : []) as DestinationOrder[];
  const { motorCarriers } = context as WidgetContext;
  const items = (uiSchema.items ?? {}) as Record<string, Record<string, unknown>>;
  const locationUi = items.ToLocationId ?? { 'ui:options': { dataset: 'locations' } };
  if (orders.length === 0) return <Text as="span">—</Text>;
  const rows = orders.map((order, index) => ({ order, index }));
  type Row = (typeof rows)[number];
  // Issue 25: one list pattern — a table at desktop widths, a card per destination on a phone.
  const columns: ListColumn<Row>[] = [
    {
      header: 'Destination',
      cell: ({ order: o }) => (
        <>
          <LookupSelectReview value={o.ToLocationId} schema={{}} uiSchema={locationUi} context={context} />
          {o.CancelBooking && (
            <Badge ms={2} colorPalette="red">
              Cancelled
            </Badge>
          )}
        </>
      ),
    },
    { header: 'Units', align: 'end', cell: ({ order: o }) => o.UnitsRequestedCount ?? '—' },
    {
      header: 'Motor carrier',
      cell: ({ order: o }) =>
        o.MotorCarrierName ??
        (o.MotorCarrierId !== undefined
          ? (motorCarriers.nameOf(o.MotorCarrierId) ?? `Motor carrier ${o.MotorCarrierId}`)
          : '—'),
    },
    {
      header: 'Redelivery',
      cell: ({ order: o }) =>
        o.WithRedelivery && !o.CancelRedelivery ? (o.RedeliveryRequestedCount ?? 0) : 'No',
    },
    { header: 'Comment', cell: ({ order: o }) => o.BookingComment || '—' },
    { header: 'Rail release', cell: ({ order: o }) => o.RailTerminalReleaseNumber || '—' },
  ];
  return (
    <Box>
      <DataList label="Destinations" rows={rows} rowKey={(r) => r.index} columns={columns} />
      <Text mt={2}>
        Total selected: <strong>{totalSelected(orders)}</strong>
      </Text>
    </Box>
  );
});
