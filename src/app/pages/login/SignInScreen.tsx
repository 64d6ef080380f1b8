import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { INACTIVITY_BANNER } from '../../../domain/messages';
import { hrefOf, RECOVER_PASSWORD_PATH, SIGN_UP_PATH } from '../../paths';
import type { AppConfig } from '../../stores/ConfigStore';
import { LoginFailureMessage, PlainAlert } from './LoginFailureMessage';
import { LoginFooter } from './LoginFooter';
import { LoginForm } from './LoginForm';
import type { LoginFormStore } from './LoginFormStore';

/**
 * SPEC §2 Login screen: what it shows, with neither the router nor the root store, so that the
 * same screen is drawn by the routed LoginPage and, before the app has loaded, by
 * sign-in-first.tsx (issue 30 §3).
 */
export const SignInScreen = observer(function SignInScreen({
  form,
  config,
  onTyping,
}: {
  form: LoginFormStore;
  config: AppConfig;
  /** The user types: what signing in will need can be fetched now. */
  onTyping: () => void;
}) {
  // The page opened: the remembered username's fill and the natural-expiry flag's clear (SPEC §9).
  useEffect(() => {
    form.open();
    return () => form.close();
  }, [form]);
  return (
    <div className="plain-login">
      {form.showInactivityBanner && (
        <PlainAlert status="info" role="status">
          {INACTIVITY_BANNER}
        </PlainAlert>
      )}
      <h1 className="plain-heading">Sign In</h1>
      {form.failure && <LoginFailureMessage failure={form.failure} />}
      <LoginForm form={form} onTyping={onTyping} />
      <div className="plain-row" style={{ justifyContent: 'space-between' }}>
        <a className="plain-link" href={hrefOf(SIGN_UP_PATH)}>
          Register as a New User
        </a>
        <a className="plain-link" href={hrefOf(RECOVER_PASSWORD_PATH)}>
          Forgot Password?
        </a>
      </div>
      <LoginFooter config={config} />
    </div>
  );
});
