/**
 * The review's tables (an array of objects with no widget of its own) drawn by the app's list
 * component (issue 25: the one list pattern), handed in through FlowViewServices.list the way the
 * widgets come through the registry — the engine never imports the app. Without one (the engine's
 * own tests, another host) a plain table that scrolls inside its own box, so the page never does.
 */
import { Table } from '@chakra-ui/react';
import { type ComponentType, createContext, type ReactNode } from 'react';

export type ReviewRow = Record<string, unknown>;

export interface ReviewListProps {
  /** The table's accessible name: the array's title. */
  label: string;
  rows: readonly ReviewRow[];
  /** The first identifies the row (it stays in view; a card's title on a phone). */
  columns: readonly { header: string; cell: (row: ReviewRow) => ReactNode }[];
}

export function PlainReviewList({ label, rows, columns }: ReviewListProps) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" whiteSpace="normal">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.header}>{c.header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only table in input order
            <Table.Row key={i}>
              {columns.map((c) => (
                <Table.Cell key={c.header}>{c.cell(row)}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The list component the review step draws its tables with (FlowViewServices.list, else the plain one). */
export const ReviewListContext = createContext<ComponentType<ReviewListProps>>(PlainReviewList);
