/**
 * chassisIdList: bulk chassis entry (issue 17; reuse and the redeliveries). Type or paste a
 * spreadsheet column, a CSV or free text: IDs are split on line breaks, commas, semicolons, tabs,
 * spaces and quotes (chassis-list-text.ts); an entry without an ID ("XXXX", "plcz 123", a column
 * header) is not listed but named in a note under the list (issue 25); the same chassis
 * listed twice is kept once; IDs beyond the flow's limit (ui:options.limit, a limits.json name) are
 * not added and the user is told how many were left out (SPEC §5).
 *
 * Each row gets its verdict: the format from the flow's per-item rules (the same `chassisId`
 * operator the server runs), then the server's check (ui:options.check) — at once for a paste,
 * after a pause while typing. The generic equipment check is told the flow's order type, so it
 * answers with what that booking's submit would refuse (issue 25: a term lease, an open booking);
 * a row the server refuses stops Next as a rule's error does (FlowStore.widgetChecks). The rows'
 * verdicts are listed by ChassisVerdictList: filtered by verdict, removed one by one (Delete, or the
 * row's button; arrow keys move between rows) or all invalid ones at once.
 *
 * With ui:options.pick (issue 31: reuse, poolRedelivery, termLeaseRedelivery) the user may also
 * pick from the chassis the company holds that the flow accepts (HeldChassisPicker): picked IDs
 * join this list and are judged as typed ones are. Staff booking for a customer (the form's
 * ui:options.customer, default Customer.CustomerId) pick from, and are checked against, that
 * customer's chassis.
 *
 * Not an RJSF array field: RJSF is slow with thousands of items (STACK.md); the list renders at
 * most MAX_ROWS_SHOWN rows of the chosen filter, problems first.
 */
import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import type { FieldProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isChassisIdFormat, normalizeChassisId } from '../../domain/equipment';
import { mayChooseCustomer } from '../../domain/policies';
import { type GroupLineItem, returnedDetails } from '../../domain/term-lease-redelivery';
import { deepEqual, getPath } from '../../engine/core/flow-data';
import type { FieldError } from '../../engine/core/types';
import type { ReviewProps } from '../../engine/react/registry';
import { HELD_PURPOSES, type HeldPurpose } from '../../schemas/chassis';
import { EQUIPMENT_CHECK_URL } from '../api/flows';
import {
  ChassisVerdictList,
  fmt,
  type VerdictRow,
  type VerdictStatus,
  verdictCounts,
} from './ChassisVerdictList';
import { chassisListOf, type ParsedList, sameChassisKey, skippedNote } from './chassis-list-text';
import { stringOption, type WidgetContext, widgetContextOf } from './context';
import { HeldChassisPicker } from './HeldChassisPicker';

/** Typed (not pasted) IDs reach the form this long after the last key, or when the box loses focus. */
export const TYPING_PAUSE_MS = 200;

export const ChassisIdListField = observer(function ChassisIdListField(props: FieldProps) {
  const { fieldPathId, formData, onChange, schema, registry, uiSchema, errorSchema, rawErrors } = props;
  const context = widgetContextOf(registry);
  const ids = (Array.isArray(formData) ? formData : []) as string[];
  const [text, setText] = useState(() => ids.join('\n'));
  const [notes, setNotes] = useState<{ duplicates: number; leftOut: number; skipped: string[] }>({
    duplicates: 0,
    leftOut: 0,
    skipped: [],
  });
  const emitted = useRef<string[]>(ids);
  const options = uiSchema?.['ui:options'] as Record<string, unknown> | undefined;
  const url = stringOption(options, 'check', EQUIPMENT_CHECK_URL);
  const pick = stringOption(options, 'pick');
  const purpose = (HELD_PURPOSES as readonly string[]).includes(pick) ? (pick as HeldPurpose) : null;
  // Staff check and pick as the customer they book for; a customer's users as their own company.
  const chosenCustomer = getPath(context.flow.data, stringOption(options, 'customer', 'Customer.CustomerId'));
  const customerId = mayChooseCustomer(context.session)
    ? typeof chosenCustomer === 'number'
      ? chosenCustomer
      : null
    : undefined;
  // An edited order's own chassis are on it, not "already on a redelivery": the check is told which.
  const editing = context.flow.order.editing;
  // The generic equipment check judges for the flow's booking (issue 25); a flow's own check URL
  // (pool redelivery's) already knows which booking it judges for.
  const orderType = url === EQUIPMENT_CHECK_URL ? context.flow.flow.orderType : undefined;
  const extra = useMemo(
    () => ({
      ...(editing ? { BookingOrderId: editing.BookingOrderId } : {}),
      ...(typeof customerId === 'number' ? { CustomerId: customerId } : {}),
      ...(orderType ? { OrderType: orderType } : {}),
    }),
    [editing, customerId, orderType],
  );
  const seen = useRef(false);
  const checkedFor = useRef(extra);
  // A change from outside (reset, restored draft, an opened order) replaces the text and is checked
  // as a paste is; the echo of our own typing does not, so the user's separators and half-typed IDs
  // stay as typed.
  useEffect(() => {
    const next = (Array.isArray(formData) ? formData : []) as string[];
    const outside = !deepEqual(next, emitted.current);
    if (outside) {
      emitted.current = next;
      setText(next.join('\n'));
    }
    // Another customer chosen: the same IDs are judged again, for them.
    const anotherCustomer = checkedFor.current !== extra;
    checkedFor.current = extra;
    if ((outside || anotherCustomer || !seen.current) && next.length > 0)
      void context.equipment.checkNow(url, next, extra);
    seen.current = true;
  }, [formData, context.equipment, url, extra]);

  const limit = context.limits[stringOption(options, 'limit')];
  const id = fieldPathId.$id;

  const emitNow = (next: string[]) => {
    emitted.current = next;
    onChange(next, fieldPathId.path);
  };
  const emitRef = useRef(emitNow);
  emitRef.current = emitNow;
  // Typing hands the list to the form once the keys pause (TYPING_PAUSE_MS) or the box loses
  // focus: the form's rules over a thousand IDs need not run on every key (issue 17 bench).
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; ids: string[] } | null>(null);
  const flush = () => {
    const p = pending.current;
    if (!p) return;
    clearTimeout(p.timer);
    pending.current = null;
    emitRef.current(p.ids);
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => flushRef.current(), []);
  const emit = (next: string[]) => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    emitNow(next);
  };
  /** The notes under the list; an entry still being typed at the end is not named yet. */
  const noteOf = (parsed: ParsedList, typing: boolean) => ({
    duplicates: parsed.duplicates,
    leftOut: parsed.leftOut,
    skipped: typing && parsed.skippedLastOpen ? parsed.skipped.slice(0, -1) : parsed.skipped,
  });
  const update = (value: string) => {
    const pasted = Math.abs(value.length - text.length) > 1;
    setText(value);
    const parsed = chassisListOf(value, limit);
    setNotes(noteOf(parsed, !pasted));
    if (pasted) {
      emit(parsed.ids);
      // A paste is checked at once; typing waits for a pause.
      void context.equipment.checkNow(url, parsed.ids, extra);
      return;
    }
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = deepEqual(parsed.ids, emitted.current)
      ? null
      : { timer: setTimeout(flush, TYPING_PAUSE_MS), ids: parsed.ids };
    context.equipment.schedule(url, parsed.ids, extra);
  };
  /** Leaving the box: the typed text is sent, and its last entry is finished (named if not an ID). */
  const leave = () => {
    flush();
    setNotes(noteOf(chassisListOf(text, limit), false));
  };
  /** A list operation: the text becomes the list, one ID a line. */
  const replace = (next: string[]) => {
    setText(next.join('\n'));
    setNotes({ duplicates: 0, leftOut: 0, skipped: [] });
    emit(next);
  };

  /** Picked from the held chassis: added after what is listed, as far as the limit allows. */
  const addPicked = (picked: string[]) => {
    const next = [...ids, ...picked].slice(0, limit ?? Number.POSITIVE_INFINITY);
    replace(next);
    void context.equipment.checkNow(url, next, extra);
  };

  const ruleErrors = context.flow.itemErrors(fieldPathId.path.join('.'));
  const failed = context.equipment.hasFailed(url, extra);
  const rows: VerdictRow[] = ids.map((input, index) => {
    const server = context.equipment.verdictFor(input, url, extra);
    const shown = (errorSchema?.[index] as { __errors?: string[] } | undefined)?.__errors ?? [];
    const problems = [...new Set([...(ruleErrors.get(index) ?? []), ...shown])];
    if (problems.length === 0 && !isChassisIdFormat(input))
      problems.push(`${input} is not a valid chassis ID: use four letters and six digits, e.g. PLCZ123456.`);
    if (problems.length === 0 && server && !server.Valid && server.Message) problems.push(server.Message);
    const status: VerdictStatus = problems.length > 0 ? 'invalid' : server?.Valid ? 'valid' : 'checking';
    return { index, input, problems, status };
  });
  // A row the server refused stops Next, as a rule's error does (issue 25: a term-leased chassis
  // is refused on step 1, not after review). Rows still being checked do not: the submit judges
  // them again. Read when Next checks, so it is the verdicts as they are then.
  const fieldPath = fieldPathId.path.join('.');
  const serverProblems = useRef<() => FieldError[]>(() => []);
  serverProblems.current = () =>
    ids.flatMap((input, index) => {
      if (!isChassisIdFormat(input)) return [];
      const server = context.equipment.verdictFor(input, url, extra);
      return server && !server.Valid && server.Message
        ? [{ field: `${fieldPath}.${index}`, message: server.Message }]
        : [];
    });
  useEffect(
    () => context.flow.widgetChecks.add(fieldPath, () => serverProblems.current()),
    [context.flow, fieldPath],
  );
  const counts = verdictCounts(rows);
  const remove = (indexes: ReadonlySet<number>) => replace(ids.filter((_, i) => !indexes.has(i)));

  const title = typeof schema.title === 'string' ? schema.title : 'Chassis IDs';
  return (
    <Stack gap={3}>
      <Field.Root id={id} invalid={!!rawErrors?.length || counts.invalid > 0}>
        <Field.Label>{title}</Field.Label>
        <Textarea
          id={id}
          rows={8}
          value={text}
          spellCheck={false}
          fontFamily="mono"
          aria-describedby={`${id}__description ${id}__summary ${id}__error`}
          onChange={(e) => update(e.target.value)}
          onBlur={leave}
        />
        <Text id={`${id}__description`} fontSize="sm" color="fg.muted">
          {typeof schema.description === 'string' ? `${schema.description} ` : ''}Commas, tabs and spaces also
          separate IDs; a chassis listed twice is kept once.
        </Text>
      </Field.Root>
      {purpose && (
        <HeldChassisPicker
          id={id}
          purpose={purpose}
          store={context.heldChassis(purpose)}
          customerId={customerId}
          listed={new Set(ids.filter(isChassisIdFormat).map(normalizeChassisId))}
          room={limit === undefined ? undefined : Math.max(0, limit - ids.length)}
          onAdd={addPicked}
        />
      )}
      <Text id={`${id}__summary`} fontSize="sm" aria-live="polite">
        {fmt(counts.valid)} valid of {fmt(rows.length)}
        {limit !== undefined ? ` (at most ${fmt(limit)})` : ''}
        {counts.invalid > 0 ? `; ${fmt(counts.invalid)} with a problem` : ''}.
        {notes.duplicates > 0
          ? ` ${fmt(notes.duplicates)} duplicate${notes.duplicates === 1 ? '' : 's'} left out.`
          : ''}
      </Text>
      {notes.skipped.length > 0 && (
        <Text role="status" fontSize="sm" color="fg.error">
          {skippedNote(notes.skipped)}
        </Text>
      )}
      {notes.leftOut > 0 && (
        <Text role="alert" fontSize="sm" color="fg.error">
          {fmt(notes.leftOut)} chassis left out: at most {fmt(limit ?? 0)} can be listed at a time. Submit
          these first, then list the rest in another request.
        </Text>
      )}
      {failed && (
        <HStack>
          <Text color="fg.error">Failed to fetch {context.flow.flow.title} Details</Text>
          <Button
            size="xs"
            variant="outline"
            onClick={() => void context.equipment.checkNow(url, ids, extra)}
          >
            Check again
          </Button>
        </HStack>
      )}
      <ChassisVerdictList rows={rows} onRemove={remove} />
    </Stack>
  );
});

/** The review names at most this many IDs; the count says how many there are. */
const REVIEW_IDS_SHOWN = 50;

const firstOf = (ids: readonly string[]) =>
  `${ids.slice(0, REVIEW_IDS_SHOWN).join(', ')}${ids.length > REVIEW_IDS_SHOWN ? ', …' : ''}`;

/**
 * On the review step: how many, and the first few. With ui:options.returnedIn (the path of a term
 * lease redelivery's group line items) the count is of what will be returned — the chassis left
 * on lines not cancelled, as the submit sends them — not of every ID typed (issue 25: "7 chassis"
 * for 5); the listed IDs that will not go back (refused by the check, deleted from their line) are
 * named apart.
 */
export const ChassisIdListReview = observer(function ChassisIdListReview({
  value,
  uiSchema,
  context,
}: ReviewProps) {
  const listed = Array.isArray(value) ? (value as string[]) : [];
  const from = stringOption(uiSchema['ui:options'] as Record<string, unknown> | undefined, 'returnedIn');
  const lines = from ? getPath((context as WidgetContext).flow.data, from) : undefined;
  const ids = from
    ? returnedDetails(Array.isArray(lines) ? (lines as GroupLineItem[]) : []).map((r) => r.detail.ChassisId)
    : listed;
  const returned = new Set(ids.map(sameChassisKey));
  const leftOut = from ? listed.filter((id) => !returned.has(sameChassisKey(id))) : [];
  return (
    <Stack gap={1}>
      <Text>
        {ids.length} chassis{ids.length > REVIEW_IDS_SHOWN ? `, the first ${REVIEW_IDS_SHOWN} listed` : ''}
      </Text>
      <Text fontFamily="mono" fontSize="sm">
        {firstOf(ids)}
      </Text>
      {leftOut.length > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {leftOut.length} of the {listed.length} listed will not be returned: {firstOf(leftOut)}
        </Text>
      )}
    </Stack>
  );
});
