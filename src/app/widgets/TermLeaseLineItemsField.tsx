/**
 * termLeaseLineItems: the term lease booking's contract lines (SPEC §3, §4 Term lease booking). One
 * collapsible panel per line (IsCollapsed; Expand all / Collapse all) with its booked items: a
 * location of the line and a count per item; in edit mode an existing booking is cancelled
 * (CancelBooking) or swapped to another location (IsSwapBooking), never removed. Every change
 * recalculates the line (src/domain/term-lease.ts): SelectedQuantity, AvailableLocations,
 * OverAvailable. Below the lines, the fees that apply per booked location and their total.
 */
import { Badge, Box, Button, Heading, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import type { FieldProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MessageType } from '../../domain/messages';
import {
  type AvailabilityRow,
  availabilityIndex,
  type FeeView,
  feesFor,
  feesTotal,
  OPEN_ORDER_STATUSES,
  type ScheduleFee,
  type TermBookedItem,
  type TermFee,
  type TermLineItem,
} from '../../domain/term-lease';
import { deepEqual, getPath } from '../../engine/core/flow-data';
import type { ReviewProps } from '../../engine/react/registry';
import type { LookupStore } from '../stores/LookupStore';
import { TYPING_PAUSE_MS } from './ChassisIdListField';
import { type WidgetContext, widgetContextOf } from './context';
import { type ItemModel, type LineModel, LinesModel } from './term-lease-lines-model';

const money = (n: number) => `$${n.toFixed(2)}`;

function locationNames(lookups: LookupStore): Map<number, string> {
  return new Map(
    lookups
      .rows<{ LocationId: number; LocationName: string }>('locations')
      .map((l) => [l.LocationId, l.LocationName]),
  );
}

const nameOf = (names: Map<number, string>, id: number | undefined) =>
  id === undefined ? '—' : (names.get(id) ?? `Location ${id}`);

/** What the widget and its review read besides the lines: saved fees, locked locations, availability. */
const NONE: readonly never[] = [];

function contractParts(data: unknown) {
  // One empty list for "none", so memoised parts (the availability index) keep their identity.
  return {
    saved: (getPath(data, 'Contract.BookingFees') ?? NONE) as TermFee[],
    locked: (getPath(data, 'Contract.LockedFeeLocations') ?? NONE) as number[],
    availability: (getPath(data, 'Contract.Availability') ?? NONE) as AvailabilityRow[],
    checkedAt: getPath(data, 'Contract.AvailabilityCheckedAt') as string | undefined,
  };
}

const statusLabel = (item: TermBookedItem) =>
  item.BookingId === undefined ? 'New' : (item.BookingStatusCode ?? 'New');

/** What a row or a panel asks of the widget: a count typed (handed to the form at a pause), or any other change (at once). */
interface Edits {
  model: LinesModel;
  changed: (typing: boolean) => void;
  /** Hands a count still waiting for the pause to the form now. */
  flush: () => void;
}

interface ItemRowProps {
  line: LineModel;
  entry: ItemModel;
  index: number;
  names: Map<number, string>;
  disabled: boolean;
  edits: Edits;
}

/*
 * A row observes its own item (and its line's free locations): a keystroke re-renders this row,
 * its line's sums and the fees, never the other rows (bench/chromium/term-lease-lines.bench.ts).
 * Plain elements styled inline: a contract may show hundreds of rows.
 */
const ROW = { borderBottom: '1px solid #e2e8f0' } as const;
const CELL = { padding: '4px 8px', verticalAlign: 'middle' } as const;
const BADGE = {
  display: 'inline-block',
  padding: '0 6px',
  borderRadius: 4,
  background: '#edf2f7',
  fontSize: '0.75rem',
  fontWeight: 600,
} as const;
const SMALL_BUTTON = {
  border: '1px solid #a0aec0',
  borderRadius: 4,
  padding: '1px 8px',
  fontSize: '0.75rem',
  background: 'white',
} as const;
const SELECT = {
  border: '1px solid #a0aec0',
  borderRadius: 4,
  padding: '2px 6px',
  maxWidth: '18em',
} as const;
const NUMBER = { width: '6em', border: '1px solid #a0aec0', borderRadius: 4, padding: '2px 6px' } as const;

const ItemRow = observer(function ItemRow({ line, entry, index, names, disabled, edits }: ItemRowProps) {
  const item = entry.item;
  const lineId = line.line.EquipmentLineID;
  const existing = item.BookingId !== undefined;
  const open = !existing || item.BookingStatusCode === 'OP' || item.BookingStatusCode === 'PN';
  const label = `Line ${lineId} location ${index + 1}`;
  const canPick = !existing || (item.IsSwapBooking && !item.CancelBooking);
  const set = (next: TermBookedItem, typing = false) => {
    edits.model.setItem(line, index, next);
    edits.changed(typing);
  };
  const available =
    item.LocationId === undefined ? undefined : edits.model.index.get(`${lineId}/${item.LocationId}`);
  return (
    <tr data-testid="booked-item" style={ROW}>
      <td style={CELL}>
        {canPick ? (
          <select
            aria-label={`${label}: location`}
            disabled={disabled}
            value={item.LocationId ?? ''}
            onChange={(e) =>
              set({ ...item, LocationId: e.target.value ? Number(e.target.value) : undefined })
            }
            style={SELECT}
          >
            <option value="">Choose a location</option>
            {/* A location select for a new item, or for a swap: the line's free locations plus its own. */}
            {[...new Set([...(item.LocationId !== undefined ? [item.LocationId] : []), ...line.free])].map(
              (id) => (
                <option key={id} value={id}>
                  {nameOf(names, id)}
                </option>
              ),
            )}
          </select>
        ) : (
          <span>{nameOf(names, item.LocationId)}</span>
        )}
      </td>
      <td style={CELL}>
        <input
          type="number"
          min={1}
          aria-label={`${label}: units`}
          disabled={disabled || item.CancelBooking || !open || item.IsSwapBooking}
          value={item.UnitsRequestedCount ?? ''}
          onChange={(e) =>
            set(
              { ...item, UnitsRequestedCount: e.target.value === '' ? undefined : Number(e.target.value) },
              true,
            )
          }
          style={NUMBER}
        />
      </td>
      <td style={CELL}>{available ?? '—'}</td>
      <td style={CELL}>
        {item.BookingCode ?? ''} <span style={BADGE}>{statusLabel(item)}</span>
      </td>
      <td style={CELL}>
        {existing ? (
          <span style={{ display: 'inline-flex', gap: 12 }}>
            {(open || item.BookingStatusCode === 'CN') && (
              <label>
                <input
                  type="checkbox"
                  checked={!!item.CancelBooking}
                  disabled={disabled}
                  onChange={(e) =>
                    set({
                      ...item,
                      CancelBooking: e.target.checked,
                      IsSwapBooking: false,
                      LocationId: item.OriginalLocationId ?? item.LocationId,
                    })
                  }
                />{' '}
                Cancel booking
              </label>
            )}
            {open && !item.CancelBooking && (
              <label>
                <input
                  type="checkbox"
                  checked={!!item.IsSwapBooking}
                  disabled={disabled}
                  onChange={(e) =>
                    set({
                      ...item,
                      IsSwapBooking: e.target.checked,
                      LocationId: item.OriginalLocationId ?? item.LocationId,
                      UnitsRequestedCount: item.OriginalUnitsRequestedCount ?? item.UnitsRequestedCount,
                    })
                  }
                />{' '}
                Swap
              </label>
            )}
          </span>
        ) : (
          <button
            type="button"
            style={SMALL_BUTTON}
            disabled={disabled}
            onClick={() => {
              edits.model.removeItem(line, index);
              edits.changed(false);
            }}
          >
            Remove {label}
          </button>
        )}
      </td>
    </tr>
  );
});

/** The line's sums: re-rendered by a count typed on the line, nothing else of the panel is. */
const LineSums = observer(function LineSums({ line }: { line: LineModel }) {
  const l = line.line;
  const selected = line.selected;
  return (
    <Text fontSize="sm" data-testid={`line-${l.EquipmentLineID}-sums`}>
      Quantity {l.Quantity ?? '—'} · booked on other orders {l.BookedQuantity ?? 0} · selected{' '}
      <strong>{selected}</strong>
      {l.OrigSelectedQuantity !== undefined && l.OrigSelectedQuantity !== selected
        ? ` (was ${l.OrigSelectedQuantity})`
        : ''}{' '}
      · {money(l.DailyRate ?? 0)}/day
      {l.AdditionalOnHireAllowed ? ' · additional on-hire allowed' : ''}
    </Text>
  );
});

const OverAvailable = observer(function OverAvailable({ line }: { line: LineModel }) {
  return line.plain.OverAvailable ? (
    <Badge colorPalette="orange">More than available: Next asks whether to proceed</Badge>
  ) : null;
});

interface LinePanelProps {
  line: LineModel;
  names: Map<number, string>;
  disabled: boolean;
  edits: Edits;
}

const LinePanel = observer(function LinePanel({ line, names, disabled, edits }: LinePanelProps) {
  const l = line.line;
  const title = `Line ${l.EquipmentLineID}: ${l.EquipmentSize ?? ''} ${l.EquipmentClass ?? ''} in ${l.MarketCode ?? ''}`;
  const panelId = `term-line-${l.EquipmentLineID}`;
  const free = line.free;
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="md" p={3}>
      <HStack justify="space-between" wrap="wrap">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={!l.IsCollapsed}
          aria-controls={panelId}
          onClick={() => {
            edits.model.setCollapsed(line, !l.IsCollapsed);
            edits.changed(false);
          }}
        >
          {l.IsCollapsed ? '▸' : '▾'} {title}
        </Button>
        <LineSums line={line} />
      </HStack>
      <OverAvailable line={line} />
      {!l.IsCollapsed && (
        <Stack id={panelId} gap={2} mt={2}>
          {line.items.length > 0 && (
            <Table.Root size="sm" aria-label={`${title}: booked locations`}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Location</Table.ColumnHeader>
                  <Table.ColumnHeader>Units</Table.ColumnHeader>
                  <Table.ColumnHeader>Available</Table.ColumnHeader>
                  <Table.ColumnHeader>Booking</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {line.items.map((entry, i) => (
                  <ItemRow
                    key={entry.key}
                    line={line}
                    entry={entry}
                    index={i}
                    names={names}
                    disabled={disabled}
                    edits={edits}
                  />
                ))}
              </Table.Body>
            </Table.Root>
          )}
          <NativeSelect.Root size="sm" width="20em" disabled={disabled || free.length === 0}>
            <NativeSelect.Field
              aria-label={`Line ${l.EquipmentLineID}: add a location`}
              value=""
              onChange={(e) => {
                if (!e.target.value) return;
                edits.model.addItem(line, { LocationId: Number(e.target.value), UnitsRequestedCount: 1 });
                edits.changed(false);
              }}
            >
              <option value="">
                {free.length ? 'Add a location…' : 'Every location of the line is booked'}
              </option>
              {free.map((id) => (
                <option key={id} value={id}>
                  {nameOf(names, id)}
                </option>
              ))}
            </NativeSelect.Field>
          </NativeSelect.Root>
        </Stack>
      )}
    </Box>
  );
});

/** One fee; memoised on its shown values, so a keystroke re-renders only the fees that changed. */
const FeeRow = memo(function FeeRow(props: {
  location: string;
  description: string;
  amount: number;
  state: string;
}) {
  return (
    <Table.Row data-testid="fee-row">
      <Table.Cell>{props.location}</Table.Cell>
      <Table.Cell>{props.description}</Table.Cell>
      <Table.Cell>{money(props.amount)}</Table.Cell>
      <Table.Cell>{props.state}</Table.Cell>
    </Table.Row>
  );
});

function FeesTable({ fees, names }: { fees: readonly FeeView[]; names: Map<number, string> }) {
  return (
    <Box as="section" aria-label="Fees">
      <Heading as="h4" size="sm" mb={2}>
        Fees
      </Heading>
      {fees.length === 0 ? (
        <Text>No fees apply yet.</Text>
      ) : (
        <Table.Root size="sm" aria-label="Fees per booked location">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Location</Table.ColumnHeader>
              <Table.ColumnHeader>Fee</Table.ColumnHeader>
              <Table.ColumnHeader>Amount</Table.ColumnHeader>
              <Table.ColumnHeader>State</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {fees.map((f) => (
              <FeeRow
                key={`${f.longTermOrderFeeId ?? 'new'}-${f.feeId}-${f.feeLocation}`}
                location={nameOf(names, f.feeLocation ?? undefined)}
                description={f.feeDescription ?? `Fee ${f.feeId}`}
                amount={f.feeAmount ?? 0}
                state={f.LockedForEdit ? 'Locked' : f.cancelled ? 'Cancelled' : f.isNew ? 'New' : 'Saved'}
              />
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Text mt={2} role="status" aria-live="polite">
        Total fees: <strong data-testid="fees-total">{money(feesTotal(fees))}</strong>
      </Text>
    </Box>
  );
}

function useFees(context: WidgetContext, lines: readonly TermLineItem[]) {
  const { saved, locked } = contractParts(context.flow.data);
  const schedule = context.lookups.rows<ScheduleFee>('bookingFees');
  return feesFor(lines, saved, schedule, locked);
}

interface ReopenedOrder {
  BookingOrderId: number;
  StatusCode: string | null;
  Bookings: Array<{
    BookingId: number;
    BookingCode: string | null;
    LocationName: string;
    BookingStatusCode: string;
  }>;
  Fees: TermFee[];
}

/**
 * Cancel order (SPEC §7 Term lease booking; §5 asked first): in edit mode only. After the cancel
 * the order is reloaded for the open-order statuses (SPEC §9) and shown here as it now is.
 */
const CancelOrderPanel = observer(function CancelOrderPanel({ context }: { context: WidgetContext }) {
  const [busy, setBusy] = useState(false);
  const [after, setAfter] = useState<ReopenedOrder | null>(null);
  const order = context.flow.editing;
  if (context.flow.mode !== 'edit' || !order) return null;
  const cancel = async () => {
    const ok = await context.dialogs.confirm({
      title: 'Cancel Order',
      message: `Do you want to cancel order ${order.BookingOrderId}? Every open booking of the order is cancelled, and the fees of its locations with it.`,
      okText: 'Cancel Order',
      cancelText: 'Keep Order',
      destructive: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await context.api.post('/longtermbooking/cancelLongTermOrder', {
        BookingOrderId: order.BookingOrderId,
      });
      const res = await context.api.get<ReopenedOrder>(
        `/longtermbooking/open/${order.BookingOrderId}/${OPEN_ORDER_STATUSES.join(',')}`,
      );
      setAfter(res.data);
      context.messages.show({
        Type: MessageType.Success,
        Data: `Order ${order.BookingOrderId} is ${res.data.StatusCode === 'CL' ? 'closed (units were already picked up)' : 'cancelled'}.`,
      });
    } catch {
      // shown by the api client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box as="section" aria-label="Cancel order" borderTopWidth="1px" pt={3}>
      {after ? (
        <Stack gap={1}>
          <Text role="status">
            Order {after.BookingOrderId} is now {after.StatusCode === 'CL' ? 'closed' : 'cancelled'}.
          </Text>
          <Box as="ul" ps={5}>
            {after.Bookings.map((b) => (
              <li key={b.BookingId}>
                {b.BookingCode ?? 'Pending booking'} at {b.LocationName}: {b.BookingStatusCode}
              </li>
            ))}
          </Box>
          <Text>Fees now: {money(feesTotal(after.Fees))}</Text>
        </Stack>
      ) : (
        <Button
          size="sm"
          colorPalette="red"
          variant="outline"
          loading={busy}
          onClick={() => void cancel()}
          loadingText="Cancel order"
        >
          Cancel order
        </Button>
      )}
    </Box>
  );
});

/** The fees of the lines as the widget holds them, recalculated when a count or a location changes. */
const LiveFees = observer(function LiveFees({
  model,
  context,
  names,
}: {
  model: LinesModel;
  context: WidgetContext;
  names: Map<number, string>;
}) {
  const { saved, locked } = contractParts(context.flow.data);
  const schedule = context.lookups.rows<ScheduleFee>('bookingFees');
  return <FeesTable fees={feesFor(model.plain, saved, schedule, locked)} names={names} />;
});

/** The rules' messages about the lines (quantity, repeated location, …), every one. */
const LineProblems = observer(function LineProblems({ context }: { context: WidgetContext }) {
  const problems = context.flow.fieldErrors.filter(
    (e) => e.field === 'LineItems' || e.field.startsWith('LineItems.'),
  );
  if (problems.length === 0) return null;
  return (
    <Box as="ul" role="alert" color="red.700" ps={5}>
      {problems.map((p) => (
        <li key={`${p.field}:${p.message}`}>{p.message}</li>
      ))}
    </Box>
  );
});

/**
 * The lines live in a LinesModel while the user edits them; the form gets them (RJSF onChange →
 * the FlowStore, its rules over every line) at once for a choice or a click, and for typed counts
 * once the keys pause (TYPING_PAUSE_MS) or the focus leaves the widget, as the bulk chassis list
 * does: the form's work over 500 items need not run on every key.
 */
export const TermLeaseLineItemsField = observer(function TermLeaseLineItemsField(props: FieldProps) {
  const { registry, formData, onChange, fieldPathId, disabled, readonly } = props;
  const context = widgetContextOf(registry);
  const [model] = useState(() => new LinesModel());
  const formLines = (Array.isArray(formData) ? formData : NONE) as TermLineItem[];
  const { availability, checkedAt } = contractParts(context.flow.data);
  const index = useMemo(() => availabilityIndex(availability), [availability]);
  const names = useMemo(() => locationNames(context.lookups), [context.lookups]);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The form's lines last seen or handed over: the echo of our own change is not loaded again.
  const synced = useRef<readonly TermLineItem[] | null>(null);
  useLayoutEffect(() => {
    model.setIndex(index);
    if (formLines === synced.current) return;
    synced.current = formLines;
    // A change from outside (a contract chosen, the order opened, a discard) replaces the edits.
    if (deepEqual(formLines, model.plain)) return;
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    model.load(formLines);
  }, [model, formLines, index]);
  const latest = useRef({ onChange, path: fieldPathId.path });
  latest.current = { onChange, path: fieldPathId.path };
  const edits = useMemo<Edits>(() => {
    const handOver = () => {
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
      const lines = model.plain;
      if (lines === synced.current) return;
      synced.current = lines;
      latest.current.onChange(lines, latest.current.path);
    };
    return {
      model,
      changed: (typing) => {
        if (!typing) return handOver();
        if (pending.current) clearTimeout(pending.current);
        pending.current = setTimeout(handOver, TYPING_PAUSE_MS);
      },
      flush: () => {
        if (pending.current) handOver();
      },
    };
  }, [model]);
  const { flush } = edits;
  // Leaving the page hands over what was typed, as leaving the widget does.
  useEffect(() => flush, [flush]);
  const setAll = useCallback(
    (collapsed: boolean) => {
      model.setAllCollapsed(collapsed);
      edits.changed(false);
    },
    [model, edits],
  );
  if (model.lines.length === 0)
    return (
      <Stack gap={2}>
        <LineProblems context={context} />
        <Text>Choose a contract: its lines show here.</Text>
      </Stack>
    );
  return (
    <Stack gap={3} onBlur={flush}>
      <LineProblems context={context} />
      <HStack gap={2}>
        <Button size="xs" variant="outline" onClick={() => setAll(false)}>
          Expand all
        </Button>
        <Button size="xs" variant="outline" onClick={() => setAll(true)}>
          Collapse all
        </Button>
        {checkedAt && (
          <Text fontSize="sm">Availability as of {new Date(checkedAt).toLocaleTimeString()}</Text>
        )}
      </HStack>
      {model.lines.map((line) => (
        <LinePanel
          key={line.line.EquipmentLineID}
          line={line}
          names={names}
          disabled={!!(disabled || readonly)}
          edits={edits}
        />
      ))}
      <LiveFees model={model} context={context} names={names} />
      <CancelOrderPanel context={context} />
    </Stack>
  );
});

/** Review: each line's booked locations with their counts and states, then the fees and their total. */
export const TermLeaseLineItemsReview = observer(function TermLeaseLineItemsReview({
  value,
  context,
}: ReviewProps) {
  const ctx = context as WidgetContext;
  const lines = (Array.isArray(value) ? value : []) as TermLineItem[];
  const names = locationNames(ctx.lookups);
  const fees = useFees(ctx, lines);
  const booked = lines.filter((l) => l.BookedItems.length > 0);
  return (
    <Stack gap={2}>
      {booked.length === 0 && <Text>—</Text>}
      {booked.map((l) => (
        <Box key={l.EquipmentLineID}>
          <Text fontWeight="semibold">
            Line {l.EquipmentLineID}: {l.EquipmentSize} {l.EquipmentClass} in {l.MarketCode} — selected{' '}
            {l.SelectedQuantity ?? 0}
          </Text>
          <Box as="ul" ps={5}>
            {l.BookedItems.map((i, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in input order
              <li key={j}>
                {nameOf(names, i.LocationId)}: {i.UnitsRequestedCount ?? 0} unit(s)
                {i.CancelBooking ? ' — cancelled' : ''}
                {i.IsSwapBooking && i.LocationId !== i.OriginalLocationId
                  ? ` — swapped from ${nameOf(names, i.OriginalLocationId)}`
                  : ''}
              </li>
            ))}
          </Box>
        </Box>
      ))}
      <FeesTable fees={fees} names={names} />
    </Stack>
  );
});
