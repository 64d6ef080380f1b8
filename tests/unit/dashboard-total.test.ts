/**
 * Issue 15: what a dashboard page fetched one row long tells of TotalCount, so that a search whose
 * page ends the rows, or reaches past the count cap, needs no count query.
 */
import { describe, expect, it } from 'vitest';
import { DASHBOARD_COUNT_CAP } from '../../src/schemas/dashboard';
import { totalFromPage } from '../../src/server/domain/dashboard-rows';

describe('totalFromPage', () => {
  it('takes the total from a page that is not full: the rows end on it', () => {
    expect(totalFromPage(0, 20, 0)).toBe(0); // nothing matches
    expect(totalFromPage(0, 20, 1)).toBe(1);
    expect(totalFromPage(40, 20, 7)).toBe(47); // the last, partial page
    expect(totalFromPage(40, 20, 20)).toBe(60); // the last page, exactly full
  });

  it('knows there are more than the cap when a full page reaches past it', () => {
    const past = totalFromPage(DASHBOARD_COUNT_CAP - 20, 20, 21);
    expect(past).toBe(DASHBOARD_COUNT_CAP + 1);
    expect(totalFromPage(DASHBOARD_COUNT_CAP + 500, 20, 21)).toBeGreaterThan(DASHBOARD_COUNT_CAP);
  });

  it('leaves it to a count when the page is full short of the cap, or starts past the end', () => {
    expect(totalFromPage(0, 20, 21)).toBeNull();
    expect(totalFromPage(DASHBOARD_COUNT_CAP - 21, 20, 21)).toBeNull(); // reaches the cap, not past it
    expect(totalFromPage(100, 20, 0)).toBeNull();
  });
});
