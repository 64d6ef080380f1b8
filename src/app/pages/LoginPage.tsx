import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { landingAfterSignIn, safeReturnUrl } from '../paths';
import { prefetchLanding } from '../router/preload';
import { useStores } from '../stores/StoresContext';
import { LoginFormStore } from './login/LoginFormStore';
import { SignInScreen } from './login/SignInScreen';

/**
 * SPEC §2 Login screen, routed: the page a sign-out or a guarded route leads to once the app runs.
 * Plain elements styled by layout/plain.css, not Chakra: the page every visit starts on loads no UI
 * kit (issue 15 §4, docs/decisions.md). A visit that starts signed out draws the same screen
 * before the app has loaded (sign-in-first.tsx).
 */
const LoginPage = observer(function LoginPage() {
  const root = useStores();
  const [form] = useState(() => new LoginFormStore(root.session, root.storage));
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));

  // SPEC §2: a valid token (already stored, or just received) sends the user on: to where they were
  // going, else to the home route (the root redirects there too).
  if (root.session.isSignedIn) return <Navigate to={landingAfterSignIn(returnUrl)} replace />;

  return <SignInScreen form={form} config={root.config.config} onTyping={() => prefetchLanding(returnUrl)} />;
});
export default LoginPage;
