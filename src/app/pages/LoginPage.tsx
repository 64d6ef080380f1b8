import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { INACTIVITY_BANNER } from '../../domain/messages';
import { safeReturnUrl } from '../router/guard';
import { areaRouteAt, prefetchSignedInPage } from '../router/preload';
import { HOME_PATH, RECOVER_PASSWORD_PATH, SIGN_UP_PATH } from '../routes';
import { useStores } from '../stores/StoresContext';
import { LoginFailureMessage, PlainAlert } from './login/LoginFailureMessage';
import { LoginFooter } from './login/LoginFooter';
import { LoginForm } from './login/LoginForm';
import { LoginFormStore } from './login/LoginFormStore';

/**
 * SPEC §2 Login screen. Plain elements styled by layout/plain.css, not Chakra: the page every visit
 * starts on loads no UI kit (issue 15 §4, docs/decisions.md).
 */
const LoginPage = observer(function LoginPage() {
  const root = useStores();
  const [form] = useState(() => new LoginFormStore(root.session, root.storage));
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));

  useEffect(() => {
    form.open();
    return () => form.close();
  }, [form]);

  // SPEC §2: a valid token (already stored, or just received) sends the user on: to where they were
  // going, else to the home route (the root redirects there too).
  if (root.session.isSignedIn) return <Navigate to={returnUrl ?? HOME_PATH} replace />;

  return (
    <div className="plain-login">
      {form.showInactivityBanner && (
        <PlainAlert status="info" role="status">
          {INACTIVITY_BANNER}
        </PlainAlert>
      )}
      <h1 className="plain-heading">Sign In</h1>
      {form.failure && <LoginFailureMessage failure={form.failure} />}
      <LoginForm
        form={form}
        onTyping={() => {
          prefetchSignedInPage(areaRouteAt(returnUrl ?? HOME_PATH));
        }}
      />
      <div className="plain-row" style={{ justifyContent: 'space-between' }}>
        <Link className="plain-link" to={SIGN_UP_PATH}>
          Register as a New User
        </Link>
        <Link className="plain-link" to={RECOVER_PASSWORD_PATH}>
          Forgot Password?
        </Link>
      </div>
      <LoginFooter />
    </div>
  );
});
export default LoginPage;
