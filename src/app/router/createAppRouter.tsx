import { createHashRouter, Outlet, redirect } from 'react-router-dom';
import { ConfirmationDialog } from '../components/ConfirmationDialog';
import { MessageArea } from '../components/MessageArea';
import { AuthLayout, PageSpinner, PublicLayout } from '../layout/AuthLayout';
import AccountValidationPage from '../pages/AccountValidationPage';
import LoginPage from '../pages/LoginPage';
import NotFoundPage from '../pages/NotFoundPage';
import { ACCOUNT_VALIDATION_PATH, AREA_ROUTES, HOME_PATH, LOGIN_PATH, PUBLIC_ROUTES } from '../routes';
import { SessionDialogs } from '../session/SessionDialogs';
import type { RootStore } from '../stores/RootStore';
import { guardLoader } from './guard';

function AppShell() {
  return (
    <>
      <MessageArea />
      <ConfirmationDialog />
      <SessionDialogs />
      <Outlet />
    </>
  );
}

/** The hash router of SPEC §2, built from the one route table in routes.tsx. */
export function createAppRouter(root: RootStore) {
  const router = createHashRouter([
    {
      element: <AppShell />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { path: '/', loader: () => redirect(HOME_PATH) },
        {
          element: <AuthLayout />,
          children: AREA_ROUTES.map((r) => ({
            path: r.path,
            loader: guardLoader(root, r),
            element: <r.page title={r.title} />,
          })),
        },
        {
          element: <PublicLayout />,
          children: [
            { path: LOGIN_PATH, element: <LoginPage /> },
            { path: ACCOUNT_VALIDATION_PATH, element: <AccountValidationPage /> },
            ...PUBLIC_ROUTES.map((r) => ({ path: r.path, element: <r.page title={r.title} /> })),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
  // User messages belong to the page they were raised on (noClear ones stay), SPEC §3.
  let lastPath = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.navigation.state === 'idle' && state.location.pathname !== lastPath) {
      lastPath = state.location.pathname;
      root.messages.clear();
    }
  });
  return router;
}
