/**
 * Setup for component tests in jsdom (STACK.md catches): jsdom lacks ResizeObserver,
 * Element.prototype.scrollTo / scrollIntoView and matchMedia, which Chakra and Ark UI call.
 * Node-environment tests (API, domain) load this file too, so everything is guarded.
 */
if (typeof window !== 'undefined') {
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
    Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
  }
  if (typeof Element !== 'undefined') {
    Element.prototype.scrollTo ??= () => {};
    Element.prototype.scrollIntoView ??= () => {};
  }
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
}

// The app fetches Chakra lazily (every page but the sign-in page sits under ChakraScope, issue 15
// §4). In jsdom that first import of Chakra's module graph takes seconds, inside a test's
// find-timeout; load it here, before the tests start, as the app's entry used to.
if (typeof window !== 'undefined') await import('../../src/app/layout/ChakraScope');

// The jsdom tests talk to a real server beside other test files on two cores; a search answered in
// 1.2 s there is not a failure (CI failed once on the 1 s default). A test that waits for something
// that never comes still fails, after 10 s.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};

// After a file's last test, its root stores stop their background lookups (support/live-roots.ts).
if (typeof window !== 'undefined') {
  const { afterAll } = await import('vitest');
  const { resetTrackedRoots } = await import('../app/support/live-roots');
  afterAll(() => resetTrackedRoots());
}
