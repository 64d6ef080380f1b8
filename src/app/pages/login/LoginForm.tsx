import { observer } from 'mobx-react-lite';
import { type FormEvent, type KeyboardEvent, useId } from 'react';
import type { LoginFormStore } from './LoginFormStore';

/**
 * SPEC §2 Login screen fields: Username, Password, Remember Username, Sign In — native form
 * controls (plain.css), so the sign-in page needs no UI kit (issue 15 §4).
 */
export const LoginForm = observer(function LoginForm({
  form,
  onTyping,
}: {
  form: LoginFormStore;
  /** The user types: what signing in will need can be fetched now. */
  onTyping: () => void;
}) {
  const id = useId();
  // SPEC §2: the Caps Lock warning follows what the last key event reports.
  const watchCapsLock = (e: KeyboardEvent<HTMLInputElement>) =>
    form.setCapsLock(e.getModifierState('CapsLock'));
  // A disabled Sign In blocks the browser's submit on Enter; the form says what is missing instead.
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !form.canSubmit) form.explainMissing();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    watchCapsLock(e);
    onEnter(e);
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // On success the session holds a token and the page redirects; on failure the form shows why.
    await form.submit();
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <div className="plain-stack">
        <div className="plain-field">
          <label className="plain-label" htmlFor={`${id}-username`}>
            Username
          </label>
          <input
            id={`${id}-username`}
            className="plain-input"
            name="username"
            autoComplete="username"
            required
            // biome-ignore lint/a11y/noAutofocus: the page is for signing in; the cursor starts where the user types first (issue 14).
            autoFocus
            value={form.username}
            onChange={(e) => {
              onTyping();
              form.setUsername(e.target.value);
            }}
            onKeyDown={onKeyDown}
            onKeyUp={watchCapsLock}
          />
        </div>
        <div className="plain-field">
          <label className="plain-label" htmlFor={`${id}-password`}>
            Password
          </label>
          <input
            id={`${id}-password`}
            className="plain-input"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={form.password}
            onChange={(e) => {
              onTyping();
              form.setPassword(e.target.value);
            }}
            onKeyDown={onKeyDown}
            onKeyUp={watchCapsLock}
          />
        </div>
        {form.missing && (
          <p role="alert" className="plain-error" style={{ margin: 0 }}>
            {form.missing}
          </p>
        )}
        {form.capsLock && (
          <p role="status" className="plain-warning" style={{ margin: 0 }}>
            Caps Lock Is On
          </p>
        )}
        <label className="plain-check">
          <input
            type="checkbox"
            className="plain-checkbox"
            checked={form.remember}
            onChange={(e) => form.setRemember(e.target.checked)}
          />
          Remember Username
        </label>
        <button
          type="submit"
          className="plain-button"
          disabled={!form.canSubmit || form.submitting}
          aria-busy={form.submitting}
        >
          Sign In
        </button>
      </div>
    </form>
  );
});
