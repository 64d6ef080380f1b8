// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { startCookieConsent } from '../../src/app/session/cookie-consent';

describe('cookie-consent banner (SPEC §7)', () => {
  it('shows at start-up, links the privacy notice, and once answered stores the answer', async () => {
    await startCookieConsent({ privacyUrl: 'https://example.test/privacy' });
    const banner = document.querySelector('[role="dialog"][aria-labelledby]') as HTMLElement;
    expect(banner).not.toBeNull();
    expect(banner.textContent).toContain('Cookies on this portal');
    const privacy = banner.querySelector('a') as HTMLAnchorElement;
    expect([privacy.textContent, privacy.href]).toEqual(['Privacy Notice', 'https://example.test/privacy']);
    // Nothing is loaded from elsewhere: no script or style sheet element points off this origin.
    const external = [...document.querySelectorAll('script[src], link[href]')].filter((e) =>
      /^https?:/.test(e.getAttribute('src') ?? e.getAttribute('href') ?? ''),
    );
    expect(external).toEqual([]);

    const ok = [...banner.querySelectorAll('button')].find(
      (b) => b.textContent === 'OK',
    ) as HTMLButtonElement;
    expect(document.cookie).not.toContain('cc_cookie');
    ok.click();
    expect(document.cookie).toContain('cc_cookie');
  });
});
