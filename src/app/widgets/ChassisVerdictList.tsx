/**
 * The verdict of each row of the bulk chassis list (ChassisIdListField): filtered by verdict, problems
 * first, at most MAX_ROWS_SHOWN rows; a row is removed with Delete or its button (arrow keys, Home and
 * End move between rows), every invalid one with "Remove all invalid".
 */
import { Button, HStack, Text } from '@chakra-ui/react';
import { type KeyboardEvent, useRef, useState } from 'react';

/** Enough rows to see what is wrong; the summary counts the rest. */
export const MAX_ROWS_SHOWN = 200;

export type VerdictFilter = 'all' | 'invalid' | 'valid' | 'checking';
export type VerdictStatus = 'invalid' | 'valid' | 'checking';

/** One listed ID and its verdict; `index` is its place in the list. */
export interface VerdictRow {
  index: number;
  input: string;
  problems: string[];
  status: VerdictStatus;
}

export const fmt = (n: number) => n.toLocaleString('en-US');

/** How many rows there are, and of each verdict. */
export function verdictCounts(rows: readonly VerdictRow[]): Record<VerdictFilter, number> {
  const counts = { all: rows.length, invalid: 0, valid: 0, checking: 0 };
  for (const r of rows) counts[r.status]++;
  return counts;
}

export function ChassisVerdictList({
  rows,
  onRemove,
}: {
  rows: readonly VerdictRow[];
  /** Removes the rows at these indexes from the list. */
  onRemove: (indexes: ReadonlySet<number>) => void;
}) {
  const [filter, setFilter] = useState<VerdictFilter>('all');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const counts = verdictCounts(rows);
  const chosen = filter === 'all' ? rows : rows.filter((r) => r.status === filter);
  const ordered =
    filter === 'all'
      ? [...chosen.filter((r) => r.status === 'invalid'), ...chosen.filter((r) => r.status !== 'invalid')]
      : chosen;
  const shownRows = ordered.slice(0, MAX_ROWS_SHOWN);
  const activeRow = Math.min(active, Math.max(0, shownRows.length - 1));

  const removeRow = (index: number) => onRemove(new Set([index]));
  const removeInvalid = () => {
    onRemove(new Set(rows.filter((r) => r.status === 'invalid').map((r) => r.index)));
    setFilter('all');
  };
  const focusRow = (i: number) => {
    const next = Math.max(0, Math.min(i, shownRows.length - 1));
    setActive(next);
    listRef.current?.querySelectorAll<HTMLElement>('[data-row]')[next]?.focus();
  };
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const row = shownRows[activeRow];
    if (e.key === 'ArrowDown') focusRow(activeRow + 1);
    else if (e.key === 'ArrowUp') focusRow(activeRow - 1);
    else if (e.key === 'Home') focusRow(0);
    else if (e.key === 'End') focusRow(shownRows.length - 1);
    else if ((e.key === 'Delete' || e.key === 'Backspace') && row) {
      removeRow(row.index);
      requestAnimationFrame(() => focusRow(activeRow));
    } else return;
    e.preventDefault();
  };

  const filters: Array<[VerdictFilter, string]> = [
    ['all', `All (${fmt(counts.all)})`],
    ['invalid', `With a problem (${fmt(counts.invalid)})`],
    ['valid', `Valid (${fmt(counts.valid)})`],
    ['checking', `Not checked yet (${fmt(counts.checking)})`],
  ];
  return (
    <>
      {rows.length > 0 && (
        <HStack gap={2} wrap="wrap" role="group" aria-label="Show chassis">
          {filters.map(([value, label]) => (
            <Button
              key={value}
              size="xs"
              variant={filter === value ? 'solid' : 'outline'}
              aria-pressed={filter === value}
              onClick={() => {
                setFilter(value);
                setActive(0);
              }}
            >
              {label}
            </Button>
          ))}
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            disabled={counts.invalid === 0}
            onClick={removeInvalid}
          >
            Remove all invalid
          </Button>
        </HStack>
      )}
      {shownRows.length > 0 && (
        <ul
          ref={listRef}
          aria-label="Chassis ID checks"
          onKeyDown={onListKey}
          style={{
            maxHeight: '20rem',
            overflowY: 'auto',
            margin: 0,
            padding: 0,
            listStyle: 'none',
            fontSize: '0.875rem',
          }}
        >
          {shownRows.map((r, i) => (
            <li
              key={`${r.index}-${r.input}`}
              data-row=""
              tabIndex={i === activeRow ? 0 : -1}
              onFocus={() => setActive(i)}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: '0.5rem',
                padding: '0.125rem 0.25rem',
                color: r.status === 'invalid' ? 'var(--chakra-colors-fg-error)' : undefined,
              }}
            >
              <span>
                {r.problems.length > 0
                  ? r.problems.join(' ')
                  : `${r.input}${r.status === 'valid' ? ' — found' : ' — checking…'}`}
              </span>
              <button
                type="button"
                tabIndex={-1}
                aria-label={`Remove ${r.input}`}
                onClick={() => removeRow(r.index)}
                style={{ background: 'none', border: 'none', cursor: 'pointer', textDecoration: 'underline' }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {ordered.length > shownRows.length && (
        <Text fontSize="sm" color="fg.muted">
          Showing {shownRows.length} of {fmt(ordered.length)}
          {filter === 'all' ? ', problems first' : ''}.
        </Text>
      )}
    </>
  );
}
