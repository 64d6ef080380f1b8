/**
 * SPEC §2 dashboard paginator, as pure functions: page 1 by default, 5 page links, the current page
 * clamped between 1 and the last page. No React and no MobX, so the rules are tested on their own.
 */
import { PAGINATOR_DEFAULTS } from '../../domain/constants';

export interface PageWindowInput {
  /** Rows the search matches in all. */
  total: number;
  page?: number;
  pageSize?: number;
  pageLinks?: number;
}

export interface PageWindow {
  /** The current page after clamping. */
  page: number;
  lastPage: number;
  /** The page numbers to offer as links, around the current page. */
  links: number[];
  hasPrevious: boolean;
  hasNext: boolean;
  /** 1-based numbers of the first and last row on the page; 0 and 0 when nothing matched. */
  firstRow: number;
  lastRow: number;
}

/** The last page; an empty result still has page 1, so the paginator never shows page 0. */
export function lastPageOf(total: number, pageSize: number = PAGINATOR_DEFAULTS.pageSize): number {
  if (!Number.isFinite(total) || total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** Clamps any requested page (fractions, NaN, 0, past the end) into 1..lastPage. */
export function clampPage(page: number, lastPage: number): number {
  const whole = Number.isFinite(page) ? Math.trunc(page) : PAGINATOR_DEFAULTS.page;
  return Math.min(Math.max(1, whole), Math.max(1, lastPage));
}

/** The 1-based number of the first row of a page (the search's StartRecordNumber). */
export const startRecordOf = (page: number, pageSize: number): number => (page - 1) * pageSize + 1;

/** The page a StartRecordNumber falls on. */
export const pageOfRecord = (startRecord: number, pageSize: number): number =>
  Math.floor((Math.max(1, startRecord) - 1) / pageSize) + 1;

/**
 * The window of page links: the current page in the middle where it can be, shifted at either
 * end so there are always `pageLinks` links when there are that many pages.
 */
export function pageWindow(input: PageWindowInput): PageWindow {
  const pageSize = input.pageSize ?? PAGINATOR_DEFAULTS.pageSize;
  const pageLinks = Math.max(1, input.pageLinks ?? PAGINATOR_DEFAULTS.pageLinks);
  const total = Math.max(0, input.total);
  const lastPage = lastPageOf(total, pageSize);
  const page = clampPage(input.page ?? PAGINATOR_DEFAULTS.page, lastPage);
  const first = Math.max(1, Math.min(page - Math.floor(pageLinks / 2), lastPage - pageLinks + 1));
  const count = Math.min(pageLinks, lastPage - first + 1);
  const links = Array.from({ length: count }, (_, i) => first + i);
  return {
    page,
    lastPage,
    links,
    hasPrevious: page > 1,
    hasNext: page < lastPage,
    firstRow: total === 0 ? 0 : startRecordOf(page, pageSize),
    lastRow: Math.min(total, page * pageSize),
  };
}
