import { describe, expect, it } from 'vitest';
import {
  clampPage,
  lastPageOf,
  pageOfRecord,
  pageWindow,
  startRecordOf,
} from '../../src/app/components/paginator';
import { DASHBOARD_PAGE_SIZE, PAGINATOR_DEFAULTS } from '../../src/domain/constants';

describe('paginator (SPEC §2: page 1 by default, 5 page links, page clamped to 1..last)', () => {
  it('starts on page 1 with the SPEC §9 defaults (page size 10, 5 links)', () => {
    const w = pageWindow({ total: 95 });
    expect(w.page).toBe(PAGINATOR_DEFAULTS.page);
    expect(w.lastPage).toBe(10);
    expect(w.links).toEqual([1, 2, 3, 4, 5]);
    expect(w).toMatchObject({ hasPrevious: false, hasNext: true, firstRow: 1, lastRow: 10 });
  });

  it('keeps the current page in the middle of five links, shifted at either end', () => {
    const at = (page: number) => pageWindow({ total: 200, pageSize: 20, page }).links;
    expect(at(1)).toEqual([1, 2, 3, 4, 5]);
    expect(at(3)).toEqual([1, 2, 3, 4, 5]);
    expect(at(4)).toEqual([2, 3, 4, 5, 6]);
    expect(at(7)).toEqual([5, 6, 7, 8, 9]);
    expect(at(9)).toEqual([6, 7, 8, 9, 10]);
    expect(at(10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('offers fewer links when there are fewer pages', () => {
    expect(pageWindow({ total: 41, pageSize: 20 }).links).toEqual([1, 2, 3]);
    expect(pageWindow({ total: 20, pageSize: 20 }).links).toEqual([1]);
  });

  it('clamps the page between 1 and the last page', () => {
    expect(pageWindow({ total: 45, pageSize: 20, page: 99 })).toMatchObject({
      page: 3,
      hasNext: false,
      hasPrevious: true,
      firstRow: 41,
      lastRow: 45,
    });
    expect(pageWindow({ total: 45, pageSize: 20, page: 0 }).page).toBe(1);
    expect(pageWindow({ total: 45, pageSize: 20, page: -4 }).page).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(6, 5)).toBe(5);
  });

  it('treats an empty result as one page with no rows', () => {
    expect(lastPageOf(0, DASHBOARD_PAGE_SIZE)).toBe(1);
    expect(pageWindow({ total: 0, pageSize: DASHBOARD_PAGE_SIZE, page: 3 })).toEqual({
      page: 1,
      lastPage: 1,
      links: [1],
      hasPrevious: false,
      hasNext: false,
      firstRow: 0,
      lastRow: 0,
    });
  });

  it('maps pages to StartRecordNumber and back', () => {
    expect(startRecordOf(1, 20)).toBe(1);
    expect(startRecordOf(3, 20)).toBe(41);
    expect(pageOfRecord(41, 20)).toBe(3);
    expect(pageOfRecord(40, 20)).toBe(2);
    expect(pageOfRecord(0, 20)).toBe(1);
  });
});
