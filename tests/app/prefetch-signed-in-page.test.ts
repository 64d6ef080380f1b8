// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchSignedInPage } from '../../src/app/router/preload';
import { AREA_ROUTES, HOME_PATH } from '../../src/app/routes';

afterEach(() => vi.restoreAllMocks());

/** The route at `path` in the route table, its page's preload counted (and not run). */
function countedPreload(path: string) {
  const page = AREA_ROUTES.find((r) => r.path === path)?.page;
  if (!page) throw new Error(`no route ${path}`);
  return vi.spyOn(page, 'preload').mockResolvedValue(undefined);
}

describe('prefetchSignedInPage (issue 30 §3)', () => {
  it('fetches the page a location with an id and a query names, once', () => {
    const details = countedPreload(`${HOME_PATH}/details/:id`);
    const dashboard = countedPreload(HOME_PATH);
    prefetchSignedInPage(`${HOME_PATH}/details/4711?tab=fees`);
    prefetchSignedInPage(`${HOME_PATH}/details/42`);
    expect(details).toHaveBeenCalledTimes(1);
    expect(dashboard).not.toHaveBeenCalled();
  });

  it('fetches no page for a location no signed-in route names', () => {
    const preloads = AREA_ROUTES.map((r) => vi.spyOn(r.page, 'preload').mockResolvedValue(undefined));
    prefetchSignedInPage('/no/such/page');
    prefetchSignedInPage('/login');
    for (const preload of preloads) expect(preload).not.toHaveBeenCalled();
  });
});
