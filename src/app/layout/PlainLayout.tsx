import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { LOGIN_PATH, SIGN_UP_PATH } from '../routes';
import './plain.css';

/**
 * The sign-in page's frame without Chakra (issue 15 §4; docs/decisions.md): the signed-out header
 * of SPEC §2 — the portal's name, Sign In, Sign Up — and the page, in plain elements styled by
 * plain.css to look like the Chakra header of every other page.
 */
export function PlainLayout() {
  return (
    <div className="plain-page">
      <header className="plain-header">
        <div className="plain-header-bar">
          <span className="plain-title">Chassis Booking Portal</span>
          <nav aria-label="Header" className="plain-nav">
            <Link className="plain-link" to={LOGIN_PATH}>
              Sign In
            </Link>
            <Link className="plain-link" to={SIGN_UP_PATH}>
              Sign Up
            </Link>
          </nav>
        </div>
      </header>
      <main className="plain-main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
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
