import { Box, Spinner, Stack, Table, Text, useMediaQuery } from '@chakra-ui/react';
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

const STICKY = { position: 'sticky', bg: 'bg', zIndex: 1 } as const;
const STICKY_START = {
  ...STICKY,
  insetInlineStart: 0,
  boxShadow: 'inset -1px 0 0 var(--chakra-colors-border)',
};
const STICKY_END = { ...STICKY, insetInlineEnd: 0, boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)' };

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
    <Table.ScrollArea borderWidth="1px" rounded="md" whiteSpace="normal">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader {...STICKY_START} minW={first.minW}>
              <Box display="flex" gap={2} alignItems="center">
                {leadHeader}
                {first.header}
              </Box>
            </Table.ColumnHeader>
            {rest.map((c) => (
              <Table.ColumnHeader key={c.header} textAlign={c.align} minW={c.minW}>
                {c.header}
              </Table.ColumnHeader>
            ))}
            {actions && (
              <Table.ColumnHeader {...STICKY_END} textAlign={actions.align} minW={actions.minW}>
                {actions.header}
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)} verticalAlign="top" {...rowAttributes?.(row)}>
              <Table.Cell {...STICKY_START} minW={first.minW}>
                <Box display="flex" gap={2} alignItems="start">
                  {lead?.(row)}
                  <Box>{first.cell(row)}</Box>
                </Box>
              </Table.Cell>
              {rest.map((c) => (
                <Table.Cell key={c.header} textAlign={c.align} minW={c.minW}>
                  {c.cell(row)}
                </Table.Cell>
              ))}
              {actions && (
                <Table.Cell {...STICKY_END} textAlign={actions.align} minW={actions.minW}>
                  {actions.cell(row)}
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Cards<Row>({ label, rows, rowKey, columns, actions, lead, rowAttributes }: DataListProps<Row>) {
  const [first, ...rest] = columns;
  if (!first) return null;
  return (
    <Stack as="ul" aria-label={label} gap={3} listStyleType="none">
      {rows.map((row) => (
        <Box as="li" key={rowKey(row)} borderWidth="1px" rounded="md" p={3} {...rowAttributes?.(row)}>
          <Box display="flex" gap={2} alignItems="start">
            {lead?.(row)}
            <Box fontWeight="medium" minW={0}>
              {first.cell(row)}
            </Box>
          </Box>
          <Box
            as="dl"
            display="grid"
            gridTemplateColumns="minmax(6rem, auto) 1fr"
            columnGap={3}
            rowGap={1}
            mt={2}
          >
            {rest
              .filter((c) => !c.hideOnCard)
              .map((c) => (
                <Box key={c.header} display="contents">
                  <Text as="dt" fontSize="xs" color="fg.muted">
                    {c.header}
                  </Text>
                  <Box as="dd" fontSize="sm" minW={0} overflowWrap="anywhere">
                    {c.cell(row)}
                  </Box>
                </Box>
              ))}
          </Box>
          {actions && (
            <Box mt={3} pt={2} borderTopWidth="1px">
              {actions.cell(row)}
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}
