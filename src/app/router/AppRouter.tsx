import { observer } from 'mobx-react-lite';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { HashRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { OnceShown } from '../components/OnceShown';
import { LazyAuthLayout, LazyChakraScope, lazyWithChakra } from '../layout/chakra-lazy';
import { PageSpinner } from '../layout/PlainFrame';
import { PlainLayout } from '../layout/PlainLayout';
import LoginPage from '../pages/LoginPage';
import { ACCOUNT_VALIDATION_PATH, HOME_PATH, LOGIN_PATH } from '../paths';
import { AREA_ROUTES, type AreaRoute, PUBLIC_ROUTES } from '../routes';
import { SessionNavigator } from '../session/SessionNavigator';
import type { RootStore } from '../stores/RootStore';
import { useStores } from '../stores/StoresContext';
import { guardRoute } from './guard';
import { areaRouteAt, prefetchSignedInPage } from './preload';

// Issue 15: what the sign-in page does not show is fetched when it is first needed — Chakra (every
// page but the sign-in page is under LazyChakraScope), the authenticated layout (header menus,
// slide-out menu) with the first signed-in page, the public pages, the message area with the first
// message, each dialog the first time it opens.
const PublicLayout = lazy(() => import('../layout/PublicLayout').then((m) => ({ default: m.PublicLayout })));
const AccountValidationPage = lazy(() => import('../pages/AccountValidationPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const MessageArea = lazyWithChakra(() => import('../components/MessageArea').then((m) => m.MessageArea));
const ConfirmationDialog = lazyWithChakra(() =>
  import('../components/ConfirmationDialog').then((m) => m.ConfirmationDialog),
);
const SessionDialogs = lazyWithChakra(() =>
  import('../session/SessionDialogs').then((m) => m.SessionDialogs),
);

const AppShell = observer(function AppShell() {
  const { dialogs, messages, session, sessionBehaviour } = useStores();
  const sessionDialog =
    (session.token !== null && sessionBehaviour.idle.state === 'warning') ||
    sessionBehaviour.version.newVersion;
  return (
    <>
      <OnceShown when={messages.messages.length > 0} component={MessageArea} />
      <OnceShown when={dialogs.current !== null} component={ConfirmationDialog} />
      <OnceShown when={sessionDialog} component={SessionDialogs} />
      <SessionNavigator />
      <MessagesFollowPage />
      <RouteRules>
        <Outlet />
      </RouteRules>
    </>
  );
});

/** User messages belong to the page they were raised on (noClear ones stay), SPEC §3. */
function MessagesFollowPage() {
  const { messages } = useStores();
  const { pathname } = useLocation();
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (pathname === lastPath.current) return;
    lastPath.current = pathname;
    messages.clear();
  }, [messages, pathname]);
  return null;
}

/** What SPEC §6's route rules answered for the authenticated route on screen: null opens it, a path redirects. */
interface RulesAnswer {
  route: AreaRoute;
  target: string | null;
}

const RulesAnswerContext = createContext<RulesAnswer | null>(null);

/** The route rules started for one navigation (React Router's `location.key`), and their answer. */
interface RulesRun {
  root: RootStore;
  key: string;
  route: AreaRoute;
  answer: Promise<string | null>;
}
let lastRun: RulesRun | null = null;

/** Starts the route rules of a navigation once, however often it renders. */
function rulesOf(root: RootStore, key: string, route: AreaRoute, requested: string): RulesRun {
  if (lastRun?.root !== root || lastRun.key !== key || lastRun.route !== route)
    lastRun = { root, key, route, answer: guardRoute(root, route, requested) };
  return lastRun;
}

/**
 * Runs the route rules (guardRoute) of the authenticated route the URL names, as soon as it names
 * it, as a route loader would: while rendering, above the lazily loaded Chakra scope and layout,
 * so what the route `enter`s (the dashboard's first search) leaves before their code renders
 * (issue 30 §3), not after that render commits. A later URL of the same route (its query changed)
 * is checked again while its page stays on screen; a route entered anew waits for its own answer.
 */
function RouteRules({ children }: { children: ReactNode }) {
  const root = useStores();
  const location = useLocation();
  const route = areaRouteAt(location);
  const [answer, setAnswer] = useState<RulesAnswer | null>(null);
  const [answeredRoute, setAnsweredRoute] = useState(route);
  if (route !== answeredRoute) {
    // Another route: the last one's answer is not this one's (React's reset of state on a change).
    setAnsweredRoute(route);
    setAnswer(null);
  }
  const run = route ? rulesOf(root, location.key, route, location.pathname + location.search) : null;
  // The page's code beside Chakra's and the layout's, not once they have rendered (issue 30 §3).
  if (route) prefetchSignedInPage(route);
  // A layout effect: the answer is taken in the first microtask after this commit, not after a paint.
  useLayoutEffect(() => {
    if (!run) return;
    let current = true;
    void run.answer.then((target) => {
      if (current) setAnswer({ route: run.route, target });
    });
    return () => {
      current = false;
    };
  }, [run]);
  return <RulesAnswerContext.Provider value={answer}>{children}</RulesAnswerContext.Provider>;
}

/** An authenticated route's page: a spinner until its route rules answer, then the page or the redirect. */
function GuardedPage({ route }: { route: AreaRoute }) {
  const answer = useContext(RulesAnswerContext);
  if (answer?.route !== route) return <PageSpinner />;
  if (answer.target !== null) return <Navigate to={answer.target} replace />;
  return <route.page title={route.title} />;
}

/**
 * The hash router of SPEC §2, built from the one route table in routes.tsx. Declarative routes, not
 * the data router: the guard runs in GuardedPage, and the sign-in page's download is about 15 KB
 * gzip smaller (issue 15 §4, docs/decisions.md).
 */
export function AppRouter() {
  return (
    <HashRouter>
      <Routes>
        <Route element={<AppShell />}>
          <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
          <Route
            element={
              <Suspense fallback={<PageSpinner />}>
                <LazyChakraScope />
              </Suspense>
            }
          >
            <Route element={<LazyAuthLayout />}>
              {AREA_ROUTES.map((r) => (
                // Keyed by path: another route's page never inherits this one's guard answer.
                <Route key={r.path} path={r.path} element={<GuardedPage key={r.path} route={r} />} />
              ))}
            </Route>
            <Route element={<PublicLayout />}>
              <Route path={ACCOUNT_VALIDATION_PATH} element={<AccountValidationPage />} />
              {PUBLIC_ROUTES.map((r) => (
                <Route key={r.path} path={r.path} element={<r.page title={r.title} />} />
              ))}
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
          {/* The sign-in page alone, in plain elements: no Chakra on the first load (docs/decisions.md). */}
          <Route element={<PlainLayout />}>
            <Route path={LOGIN_PATH} element={<LoginPage />} />
          </Route>
        </Route>
      </Routes>
    </HashRouter>
  );
}
