// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable } from '../../src/app/router/preloadable';

afterEach(cleanup);

/** A page module that arrives when the test says so, and a Suspense fallback that notes each time it shows. */
function setUp() {
  let arrive: () => void = () => undefined;
  const module = new Promise<{ default: (p: { title: string }) => ReactElement }>((resolve) => {
    arrive = () => resolve({ default: ({ title }) => <h1>{title}</h1> });
  });
  const Page = preloadable(() => module);
  const fallbacks: number[] = [];
  function Spinner() {
    fallbacks.push(1);
    return <p>Loading</p>;
  }
  const renderPage = () =>
    render(
      <Suspense fallback={<Spinner />}>
        <Page title="Dashboard" />
      </Suspense>,
    );
  return { Page, arrive, fallbacks, renderPage };
}

describe('a page loaded on demand (issue 30 §3)', () => {
  it('renders at once, with no fallback, when its code was fetched ahead', async () => {
    const { Page, arrive, fallbacks, renderPage } = setUp();
    const fetched = Page.preload();
    arrive();
    await fetched;
    renderPage();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(fallbacks).toHaveLength(0);
  });

  it('shows the fallback until code not fetched ahead arrives, then the page', async () => {
    const { arrive, fallbacks, renderPage } = setUp();
    renderPage();
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(fallbacks.length).toBeGreaterThan(0);
  });
});
