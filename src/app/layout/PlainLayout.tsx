import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner, PlainFrame } from './PlainFrame';

/** The plain frame around the routed sign-in page. */
export function PlainLayout() {
  return (
    <PlainFrame>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </PlainFrame>
  );
}
