import { storageKey } from '../storage';

/**
 * The session cookie of SPEC §4 ("sign-out clears tokens, the tab tracking and the cookie"). The
 * token lives in localStorage, which outlasts the browser; this cookie has no expiry, so the
 * browser drops it when it closes. A stored token found without it at start-up belongs to a
 * browser session that has ended, and is not used. It carries no secret: only that the browser
 * session is signed in.
 */
export interface SessionCookie {
  isSet(): boolean;
  set(): void;
  clear(): void;
}

export const SESSION_COOKIE_NAME = storageKey('session');

/** document.cookie; SameSite=Strict, path / and, over HTTPS, Secure. */
export function browserSessionCookie(doc: Document = document): SessionCookie {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  return {
    isSet: () => doc.cookie.split('; ').some((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`)),
    set: () => {
      doc.cookie = `${SESSION_COOKIE_NAME}=1; Path=/; SameSite=Strict${secure}`;
    },
    clear: () => {
      doc.cookie = `${SESSION_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
    },
  };
}

/** A cookie jar of one cookie, for tests and where no document exists. */
export function memorySessionCookie(initiallySet = true): SessionCookie {
  let value = initiallySet;
  return {
    isSet: () => value,
    set: () => {
      value = true;
    },
    clear: () => {
      value = false;
    },
  };
}
