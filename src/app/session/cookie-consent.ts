import 'vanilla-cookieconsent/dist/cookieconsent.css';
import * as CookieConsent from 'vanilla-cookieconsent';
import type { AppConfig } from '../stores/ConfigStore';

/**
 * SPEC §7: the cookie-consent banner loads at start-up. vanilla-cookieconsent is bundled (its CSS
 * is emitted as one of our own style sheets, so the CSP's style-src 'self' holds) and makes no
 * third-party call. The portal sets only what it needs to work (the session cookie and the
 * browser storage of sign-in, drafts and preferences): one category, necessary, always on; the
 * banner tells the user so and links the privacy notice. The library keeps the answer in its own
 * cookie (cc_cookie) and does not ask again.
 */
export function startCookieConsent(config: Pick<AppConfig, 'privacyUrl'>): Promise<void> {
  return CookieConsent.run({
    guiOptions: { consentModal: { layout: 'box', position: 'bottom right' } },
    cookie: { sameSite: 'Strict' },
    categories: { necessary: { enabled: true, readOnly: true } },
    language: {
      default: 'en',
      translations: {
        en: {
          consentModal: {
            title: 'Cookies on this portal',
            description:
              'We use cookies and browser storage only to keep you signed in, to remember your settings and to save your drafts. ' +
              `<a href="${encodeURI(config.privacyUrl)}" target="_blank" rel="noopener noreferrer">Privacy Notice</a>`,
            acceptNecessaryBtn: 'OK',
          },
          preferencesModal: {
            title: 'Cookie preferences',
            acceptNecessaryBtn: 'OK',
            sections: [
              {
                title: 'Strictly necessary',
                description: 'Sign-in, session and settings. The portal does not work without them.',
                linkedCategory: 'necessary',
              },
            ],
          },
        },
      },
    },
  });
}
