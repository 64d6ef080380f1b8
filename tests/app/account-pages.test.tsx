// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { INVALID_EMAIL_TEXT, RESET_REQUIRED_TEXT } from '../../src/schemas/account';
import { buildRootStore, tokenFor } from './support/fixtures';
import { renderAppAt } from './support/flow-app';

afterEach(cleanup);

// No server answers here: these are the pages' own behaviour before anything is sent.
const signedOut = () => buildRootStore({ apiBaseUrl: 'http://127.0.0.1:9/api' });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

describe('account pages (SPEC §2)', () => {
  it.each(['/support/usersignup', '/usersignup'])(
    '%s: Register as a New User with labelled fields',
    async (path) => {
      renderAppAt(path, signedOut());
      await heading('Register as a New User');
      const form = screen.getByRole('form', { name: 'Register as a New User' });
      for (const label of [
        'Company name',
        'SCAC',
        'First name',
        'Last name',
        'User name',
        'Email',
        'Phone',
      ]) {
        expect(within(form).getByRole('textbox', { name: new RegExp(`^${label}`) })).toBeTruthy();
      }
      expect(within(form).getByRole('checkbox', { name: 'Pool booking' })).toBeTruthy();

      await userEvent.type(within(form).getByRole('textbox', { name: /^Email/ }), 'nope');
      await userEvent.click(within(form).getByRole('button', { name: 'Register' }));
      expect(await within(form).findByText(INVALID_EMAIL_TEXT)).toBeTruthy();
      expect(within(form).getByText('Company name is required.')).toBeTruthy();
      expect(within(form).getByText('Choose at least one area you need access to.')).toBeTruthy();
      // Fixing a field clears its message at once.
      await userEvent.type(within(form).getByRole('textbox', { name: /^Company name/ }), 'Harbor');
      await waitFor(() => expect(within(form).queryByText('Company name is required.')).toBeNull());
    },
  );

  it('recover password asks for the user name or email', async () => {
    renderAppAt('/support/recoverpassword', signedOut());
    await heading('Recover Password');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('User name or email is required.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('#/login');
  });

  it('the reset page without a link sends a signed-out user to sign in first', async () => {
    renderAppAt('/support/resetpassword', signedOut());
    await heading('Sign In');
    expect(window.location.hash).toBe('#/login?returnUrl=%2Fsupport%2Fresetpassword');
  });

  it.each(['/support/usersignup', '/support/recoverpassword', '/my_account/info', '/app/dashboard'])(
    'a user whose token says ResetPassword opening %s lands on the reset page',
    async (path) => {
      const root = buildRootStore({ token: tokenFor('demo.customer', { ResetPassword: true }) });
      renderAppAt(path, root);
      await heading('Reset Password');
      expect(screen.getByText(RESET_REQUIRED_TEXT)).toBeTruthy();
      expect(window.location.hash).toMatch(/^#\/support\/resetpassword/);
      for (const label of ['Current password', 'New password', 'Confirm new password']) {
        expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
      }
    },
  );
});
