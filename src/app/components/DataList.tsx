import { Box, Spinner, Text, useMediaQuery } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Below Chakra's md breakpoint (48em) rows are cards: a phone has no room for columns. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** A column of a list: its header and what a row shows in it. */
export interface ListColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
  /** A floor for the column's width (dates, numbers); cells otherwise wrap. */
  minW?: string;
  /** Left out of the phone card (e.g. already said in the card's title). */
  hideOnCard?: boolean;
}

export interface DataListProps<Row> {
  /** The list's accessible name ("Pending requests"): the table's, or the cards' list's. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /**
   * The columns; the first identifies the row: it stays in place while the others scroll at
   * desktop widths, and is the card's title on a phone.
   */
  columns: readonly ListColumn<Row>[];
  /** The row's actions and their result: the last column, kept in view; the card's foot on a phone. */
  actions?: ListColumn<Row>;
  /** Before the first column (a selection checkbox), in the same sticky cell. */
  lead?: (row: Row) => ReactNode;
  /** The header of the lead cell (a select-all checkbox). */
  leadHeader?: ReactNode;
  /** Attributes for a row's element (data-* hooks for tests and hub updates). */
  rowAttributes?: (row: Row) => Record<string, string | number>;
  loading?: boolean;
  /** The spinner's name while loading ("Searching bookings"); "Loading <label>" by default. */
  loadingLabel?: string;
  error?: string | null;
  /** Shown when not loading, no error and no rows: what was searched and how to widen it. */
  empty?: ReactNode;
  /** Force one layout (a narrow box inside a wide page, tests); by default the window decides. */
  layout?: 'table' | 'cards';
}

/**
 * Issue 25: the one list of the portal. At desktop widths a table whose identifying (first) column
 * and actions/result (last) column stay in view while the middle scrolls inside its box — the page
 * never scrolls sideways; on a phone one card per row with the same facts. Loading covers the old
 * rows (never "nothing found" while a search runs); an error says what failed; empty says so.
 */
export function DataList<Row>(props: DataListProps<Row>) {
  const [phone] = useMediaQuery([PHONE_QUERY], { ssr: false });
  const cards = props.layout ? props.layout === 'cards' : phone;
  const { rows, loading, error } = props;
  return (
    <Box position="relative" minH={rows.length > 0 || loading ? '6rem' : undefined} aria-busy={loading}>
      {rows.length > 0 && (cards ? <Cards {...props} /> : <Grid {...props} />)}
      {error && (
        <Text color="fg.error" role="alert" p={3}>
          {error}
        </Text>
      )}
      {!loading && !error && rows.length === 0 && props.empty && (
        <Text color="fg.muted" p={3}>
          {props.empty}
        </Text>
      )}
      {loading && (
        <Box
          position="absolute"
          inset={0}
          bg="bg/70"
          display="flex"
          alignItems="center"
          justifyContent="center"
          zIndex={2}
          rounded="md"
        >
          <Spinner
            size="lg"
            role="status"
            aria-label={props.loadingLabel ?? `Loading ${props.label.toLowerCase()}`}
          />
        </Box>
      )}
    </Box>
  );
}

/** A column's floor as an inline style: the only per-cell style, the rest is `dataListCss`. */
const floor = (minW: string | undefined) => (minW ? { minWidth: minW } : undefined);

/*
 * Issue 30 §3: the rows are plain elements styled once by class (`dataListCss`, in the theme), not
 * Chakra components: twenty rows of a dozen cells were ~250 Chakra components, each resolving its
 * styles on every render while the person waits for a search's rows.
 */
function Grid<Row>({
  label,
  rows,
  rowKey,
  columns,
  actions,
  lead,
  leadHeader,
  rowAttributes,
}: DataListProps<Row>) {
  const [first, ...rest] = columns;
  if (!first) return null;
  return (
    <div className="data-list-scroll">
      <table className="data-list-table" aria-label={label}>
        <thead>
          <tr>
            <th className="data-list-first" style={floor(first.minW)}>
              <div className="data-list-lead data-list-lead-header">
                {leadHeader}
                {first.header}
              </div>
            </th>
            {rest.map((c) => (
              <th key={c.header} data-align={c.align} style={floor(c.minW)}>
                {c.header}
              </th>
            ))}
            {actions && (
              <th className="data-list-last" data-align={actions.align} style={floor(actions.minW)}>
                {actions.header}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowAttributes?.(row)}>
              <td className="data-list-first" style={floor(first.minW)}>
                <div className="data-list-lead">
                  {lead?.(row)}
                  <div>{first.cell(row)}</div>
                </div>
              </td>
              {rest.map((c) => (
                <td key={c.header} data-align={c.align} style={floor(c.minW)}>
                  {c.cell(row)}
                </td>
              ))}
              {actions && (
                <td className="data-list-last" data-align={actions.align} style={floor(actions.minW)}>
                  {actions.cell(row)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards<Row>({ label, rows, rowKey, columns, actions, lead, rowAttributes }: DataListProps<Row>) {
  const [first, ...rest] = columns;
  if (!first) return null;
  const shown = rest.filter((c) => !c.hideOnCard);
  return (
    <ul className="data-list-cards" aria-label={label}>
      {rows.map((row) => (
        <li key={rowKey(row)} className="data-list-card" {...rowAttributes?.(row)}>
          <div className="data-list-lead">
            {lead?.(row)}
            <div className="data-list-card-title">{first.cell(row)}</div>
          </div>
          <dl className="data-list-facts">
            {shown.map((c) => (
              <div key={c.header} className="data-list-fact">
                <dt>{c.header}</dt>
                <dd>{c.cell(row)}</dd>
              </div>
            ))}
          </dl>
          {actions && <div className="data-list-card-actions">{actions.cell(row)}</div>}
        </li>
      ))}
    </ul>
  );
}
