import { Button, HStack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { ListSearch } from './ListSearch';
import { type PageWindow, pageWindow } from './paginator';

interface PaginatorProps {
  window: PageWindow;
  total: number;
  /** More rows than `total` match (the server counts up to a cap): shown as "10000+". */
  more?: boolean;
  disabled?: boolean;
  onPage: (page: number) => void;
}

/** SPEC §2 dashboard paginator: first, previous, five page links, next, last. */
export function Paginator({ window: w, total, more, disabled, onPage }: PaginatorProps) {
  const step = (label: string, text: string, page: number, enabled: boolean) => (
    <Button
      size="xs"
      variant="outline"
      aria-label={label}
      disabled={disabled || !enabled}
      onClick={() => onPage(page)}
    >
      {text}
    </Button>
  );
  return (
    <HStack as="nav" aria-label="Pagination" gap={1} wrap="wrap" justify="space-between">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {total === 0 ? 'No rows' : `Rows ${w.firstRow}–${w.lastRow} of ${total}${more ? '+' : ''}`}
      </Text>
      <HStack gap={1} wrap="wrap">
        {step('First page', '«', 1, w.hasPrevious)}
        {step('Previous page', '‹', w.page - 1, w.hasPrevious)}
        {w.links.map((n) => (
          <Button
            key={n}
            size="xs"
            variant={n === w.page ? 'solid' : 'outline'}
            aria-label={`Page ${n}`}
            aria-current={n === w.page ? 'page' : undefined}
            disabled={disabled}
            onClick={() => onPage(n)}
          >
            {n}
          </Button>
        ))}
        {step('Next page', '›', w.page + 1, w.hasNext)}
        {step('Last page', '»', w.lastPage, w.hasNext)}
      </HStack>
    </HStack>
  );
}

/** The paginator of a list's search store: shown once a search has run. */
export const ListPaginator = observer(function ListPaginator({
  list,
}: {
  list: Pick<ListSearch<object, unknown>, 'applied' | 'total' | 'page' | 'pageSize' | 'loading' | 'goToPage'>;
}) {
  if (!list.applied) return null;
  return (
    <Paginator
      window={pageWindow({ total: list.total, page: list.page, pageSize: list.pageSize })}
      total={list.total}
      disabled={list.loading}
      onPage={(page) => void list.goToPage(page)}
    />
  );
});

/**
 * Previous and next page of a list whose store pages by itself and knows its page count (My
 * chassis, gate exceptions, the held-chassis picker); nothing when everything fits one page.
 */
export function PageSteps({
  page,
  pageCount,
  busy,
  onPage,
}: {
  page: number;
  pageCount: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <HStack gap={3}>
      <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pageCount || busy}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </Button>
    </HStack>
  );
}
