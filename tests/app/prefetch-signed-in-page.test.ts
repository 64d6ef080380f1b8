// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_PATH } from '../../src/app/paths';
import { areaRouteAt, prefetchSignedInPage } from '../../src/app/router/preload';
import { AREA_ROUTES } from '../../src/app/routes';

afterEach(() => vi.restoreAllMocks());

/** The route at `path` in the route table, its page's preload counted (and not run). */
function countedPreload(path: string) {
  const page = AREA_ROUTES.find((r) => r.path === path)?.page;
  if (!page) throw new Error(`no route ${path}`);
  return vi.spyOn(page, 'preload').mockResolvedValue(undefined);
}

describe('the signed-in page ahead (issue 30 §3)', () => {
  it('finds the route a location with an id and a query names', () => {
    expect(areaRouteAt(`${HOME_PATH}/details/4711?tab=fees`)?.path).toBe(`${HOME_PATH}/details/:id`);
    expect(areaRouteAt(HOME_PATH)?.path).toBe(HOME_PATH);
    expect(areaRouteAt('/no/such/page')).toBeUndefined();
    expect(areaRouteAt('/login')).toBeUndefined();
  });

  it("fetches a route's page once, however often it is asked for", () => {
    const details = countedPreload(`${HOME_PATH}/details/:id`);
    const dashboard = countedPreload(HOME_PATH);
    prefetchSignedInPage(areaRouteAt(`${HOME_PATH}/details/4711?tab=fees`));
    prefetchSignedInPage(areaRouteAt(`${HOME_PATH}/details/42`));
    prefetchSignedInPage(undefined);
    expect(details).toHaveBeenCalledTimes(1);
    expect(dashboard).not.toHaveBeenCalled();
  });
});
