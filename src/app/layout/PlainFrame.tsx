import type { ReactNode } from 'react';
import './plain.css';
import { hrefOf, LOGIN_PATH, SIGN_UP_PATH } from '../paths';

/**
 * The sign-in page's frame without Chakra (issue 15 §4; docs/decisions.md): the signed-out header
 * of SPEC §2 — the portal's name, Sign In, Sign Up — and the page, in plain elements styled by
 * plain.css to look like the Chakra header of every other page. Plain anchors, not the router's
 * links: the sign-in page is drawn before the router has loaded (issue 30 §3).
 */
export function PlainFrame({ children }: { children: ReactNode }) {
  return (
    <div className="plain-page">
      <header className="plain-header">
        <div className="plain-header-bar">
          <span className="plain-title">Chassis Booking Portal</span>
          <nav aria-label="Header" className="plain-nav">
            <a className="plain-link" href={hrefOf(LOGIN_PATH)}>
              Sign In
            </a>
            <a className="plain-link" href={hrefOf(SIGN_UP_PATH)}>
              Sign Up
            </a>
          </nav>
        </div>
      </header>
      <main className="plain-main">{children}</main>
    </div>
  );
}

/** Shown while a page's code loads; plain, so it needs nothing that is still loading. */
export function PageSpinner() {
  return (
    <div className="plain-spinner-box">
      <div className="plain-spinner" role="status" aria-label="Loading" />
    </div>
  );
}
