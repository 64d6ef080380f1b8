/**
 * termLeaseLineItems: the term lease booking's contract lines (SPEC §3, §4 Term lease booking). One
 * collapsible panel per line (IsCollapsed; Expand all / Collapse all; TermLeaseLinePanel.tsx) with
 * its booked items. Every change recalculates the line (src/domain/term-lease.ts):
 * SelectedQuantity, AvailableLocations, OverAvailable. Below the lines, the fees that apply per
 * booked location and their total (TermLeaseFees.tsx), and Cancel order in edit mode.
 */
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { FieldProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MessageType } from '../../domain/messages';
import {
  type AvailabilityRow,
  availabilityIndex,
  feesFor,
  feesTotal,
  OPEN_ORDER_STATUSES,
  type ScheduleFee,
  type TermFee,
  type TermLineItem,
} from '../../domain/term-lease';
import { deepEqual, getPath } from '../../engine/core/flow-data';
import type { ReviewProps } from '../../engine/react/registry';
import { TYPING_PAUSE_MS } from './ChassisIdListField';
import { type WidgetContext, widgetContextOf } from './context';
import { FeesTable } from './TermLeaseFees';
import { type Edits, LinePanel } from './TermLeaseLinePanel';
import { lineTitle, locationNames, money, nameOf } from './term-lease-format';
import { LinesModel } from './term-lease-lines-model';

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
  const order = context.flow.order.editing;
  if (context.flow.order.mode !== 'edit' || !order) return null;
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
          title={lineTitle(context.lookups, line.line)}
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
            {lineTitle(ctx.lookups, l)} — selected {l.SelectedQuantity ?? 0}
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
