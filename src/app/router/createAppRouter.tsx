import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { createHashRouter, Outlet, redirect } from 'react-router-dom';
import { MessageArea } from '../components/MessageArea';
import { OnceShown } from '../components/OnceShown';
import { PageSpinner, PublicLayout } from '../layout/PublicLayout';
import AccountValidationPage from '../pages/AccountValidationPage';
import LoginPage from '../pages/LoginPage';
import NotFoundPage from '../pages/NotFoundPage';
import { ACCOUNT_VALIDATION_PATH, AREA_ROUTES, HOME_PATH, LOGIN_PATH, PUBLIC_ROUTES } from '../routes';
import { SessionNavigator } from '../session/SessionNavigator';
import type { RootStore } from '../stores/RootStore';
import { useStores } from '../stores/StoresContext';
import { guardLoader } from './guard';

// Issue 15: what the sign-in page does not show is fetched when it is first needed — the
// authenticated layout (header menus, slide-out menu) with the first signed-in page, each dialog
// the first time it opens.
const AuthLayout = lazy(() => import('../layout/AuthLayout').then((m) => ({ default: m.AuthLayout })));
const ConfirmationDialog = lazy(() =>
  import('../components/ConfirmationDialog').then((m) => ({ default: m.ConfirmationDialog })),
);
const SessionDialogs = lazy(() =>
  import('../session/SessionDialogs').then((m) => ({ default: m.SessionDialogs })),
);

const AppShell = observer(function AppShell() {
  const { dialogs, session, sessionBehaviour } = useStores();
  const sessionDialog =
    (session.token !== null && sessionBehaviour.idle.state === 'warning') ||
    sessionBehaviour.version.newVersion;
  return (
    <>
      <MessageArea />
      <OnceShown when={dialogs.current !== null} component={ConfirmationDialog} />
      <OnceShown when={sessionDialog} component={SessionDialogs} />
      <SessionNavigator />
      <Outlet />
    </>
  );
});

/** The hash router of SPEC §2, built from the one route table in routes.tsx. */
export function createAppRouter(root: RootStore) {
  const router = createHashRouter([
    {
      element: <AppShell />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { path: '/', loader: () => redirect(HOME_PATH) },
        {
          element: (
            <Suspense fallback={<PageSpinner />}>
              <AuthLayout />
            </Suspense>
          ),
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
