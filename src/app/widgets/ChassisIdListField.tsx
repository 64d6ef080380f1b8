/**
 * chassisIdList: a bulk chassis list typed or pasted into one text area (one per line, or separated
 * by commas, semicolons or spaces). Each ID gets its verdict as typed: the format from the flow's
 * per-item rules (the same `chassisId` operator the server runs), then, after a pause, the server's
 * equipment check (unknown, not on hire, another provider's). Not an RJSF array field: RJSF is slow
 * with thousands of items (STACK.md); the verdict list renders at most MAX_ROWS_SHOWN rows.
 */
import { Field, List, Stack, Text, Textarea } from '@chakra-ui/react';
import type { FieldProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { deepEqual } from '../../engine/core/flow-data';
import type { ReviewProps } from '../../engine/react/registry';
import { stringOption, widgetContextOf } from './context';

/** Enough rows to see what is wrong; the summary counts the rest. */
export const MAX_ROWS_SHOWN = 200;

/** The typed IDs, in capitals: chassis IDs are capital letters and digits, however typed (issue 14). */
export const parseChassisIds = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .filter((s) => s !== '')
    .map((s) => s.toUpperCase());

interface Verdict {
  index: number;
  input: string;
  problems: string[];
  status: string;
}

export const ChassisIdListField = observer(function ChassisIdListField(props: FieldProps) {
  const { fieldPathId, formData, onChange, schema, registry, uiSchema, errorSchema, rawErrors } = props;
  const context = widgetContextOf(registry);
  const ids = (Array.isArray(formData) ? formData : []) as string[];
  const [text, setText] = useState(() => ids.join('\n'));
  const emitted = useRef<string[]>(ids);
  // A change from outside (reset, restored draft) replaces the text; the echo of our own typing does
  // not, so the user's separators and half-typed IDs stay as typed.
  useEffect(() => {
    const next = (Array.isArray(formData) ? formData : []) as string[];
    if (deepEqual(next, emitted.current)) return;
    emitted.current = next;
    setText(next.join('\n'));
  }, [formData]);

  const options = uiSchema?.['ui:options'] as Record<string, unknown> | undefined;
  const url = stringOption(options, 'check', '/api/lookup/equipment');
  const limit = context.limits[stringOption(options, 'limit')];
  const id = fieldPathId.$id;
  const update = (value: string) => {
    setText(value);
    const parsed = parseChassisIds(value);
    emitted.current = parsed;
    onChange(parsed, fieldPathId.path);
    context.equipment.schedule(url, parsed);
  };

  const ruleErrors = context.flow.itemErrors(fieldPathId.path.join('.'));
  const verdicts: Verdict[] = ids.map((input, index) => {
    const server = context.equipment.verdictFor(input);
    const shown = (errorSchema?.[index] as { __errors?: string[] } | undefined)?.__errors ?? [];
    const problems = [...new Set([...(ruleErrors.get(index) ?? []), ...shown])];
    if (problems.length === 0 && server && !server.Valid && server.Message) problems.push(server.Message);
    const status = server?.Valid
      ? 'found'
      : context.equipment.checking.size > 0 && !server
        ? 'checking…'
        : '';
    return { index, input, problems, status };
  });
  const withProblems = verdicts.filter((v) => v.problems.length > 0);
  const shownRows = [...withProblems, ...verdicts.filter((v) => v.problems.length === 0)].slice(
    0,
    MAX_ROWS_SHOWN,
  );
  const title = typeof schema.title === 'string' ? schema.title : 'Chassis IDs';
  return (
    <Stack gap={3}>
      <Field.Root id={id} invalid={!!rawErrors?.length || withProblems.length > 0}>
        <Field.Label>{title}</Field.Label>
        <Textarea
          id={id}
          rows={8}
          value={text}
          spellCheck={false}
          fontFamily="mono"
          aria-describedby={`${id}__description ${id}__summary ${id}__error`}
          onChange={(e) => update(e.target.value)}
        />
        <Text id={`${id}__description`} fontSize="sm" color="fg.muted">
          {typeof schema.description === 'string' ? `${schema.description} ` : ''}Commas and spaces also
          separate IDs.
        </Text>
      </Field.Root>
      <Text id={`${id}__summary`} fontSize="sm" aria-live="polite">
        {ids.length} chassis ID{ids.length === 1 ? '' : 's'}
        {limit !== undefined ? ` of at most ${limit}` : ''}
        {withProblems.length > 0 ? `; ${withProblems.length} with a problem` : ''}.
      </Text>
      {shownRows.length > 0 && (
        <List.Root aria-label="Chassis ID checks" maxH="80" overflowY="auto" ps={5} fontSize="sm">
          {shownRows.map((v) => (
            <List.Item key={`${v.index}-${v.input}`} color={v.problems.length > 0 ? 'fg.error' : undefined}>
              {v.problems.length > 0 ? v.problems.join(' ') : `${v.input}${v.status ? ` — ${v.status}` : ''}`}
            </List.Item>
          ))}
        </List.Root>
      )}
      {verdicts.length > shownRows.length && (
        <Text fontSize="sm" color="fg.muted">
          Showing {shownRows.length} of {verdicts.length}, problems first.
        </Text>
      )}
    </Stack>
  );
});

/** On the review step: how many, and the first few. */
export function ChassisIdListReview({ value }: ReviewProps) {
  const ids = Array.isArray(value) ? (value as string[]) : [];
  const first = ids.slice(0, 50);
  return (
    <Stack gap={1}>
      <Text>
        {ids.length} chassis{ids.length > first.length ? `, the first ${first.length} listed` : ''}
      </Text>
      <Text fontFamily="mono" fontSize="sm">
        {first.join(', ')}
      </Text>
    </Stack>
  );
}
