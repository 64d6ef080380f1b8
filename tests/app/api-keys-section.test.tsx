// @vitest-environment jsdom
/**
 * Issue 18, the API keys section of My Account in jsdom against the real server (a child process):
 * staff choose the demo customer's company, create a read key, see it once (Copy puts it on the
 * clipboard), the key searches that company's dashboard through the API; Revoke after the
 * confirmation, and the key is refused. demo.customer, without Update on the application role
 * entity, sees no section.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withRealApp } from './support/dashboard-app';
import { renderAppAt } from './support/flow-app';

const real = withRealApp();

const searchWithKey = (key: string) =>
  real.server.call('POST', '/api/dashboard/search', {
    headers: { authorization: `ApiKey ${key}` },
    body: { CreatedFrom: '2000-01-01', CreatedTo: '2100-12-31' },
  });

describe('the API keys section of My Account', { timeout: 120_000 }, () => {
  it('lets staff create a key for a company, shows it once, and revoke it after a confirmation', async () => {
    const u = userEvent.setup();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    const account = (
      await real.server.call('GET', '/api/users/me/account', {
        token: await real.server.token('demo.customer'),
      })
    ).json<{ CompanyName: string }>();
    const root = await real.signIn('demo.staff');
    renderAppAt('/my_account/info', root);
    const section = await screen.findByRole('region', { name: 'API keys' }, { timeout: 20_000 });

    await u.type(
      within(section).getByLabelText('Find a company for API keys'),
      account.CompanyName.slice(0, 12),
    );
    await u.click(within(section).getByRole('button', { name: 'Find' }));
    const company = (await within(section).findByRole(
      'combobox',
      { name: 'Company of the API keys' },
      { timeout: 10_000 },
    )) as HTMLSelectElement;
    const option = [...company.querySelectorAll('option')].find((o) =>
      o.textContent?.startsWith(account.CompanyName),
    );
    await u.selectOptions(company, option?.value as string);
    await u.click(await within(section).findByRole('button', { name: 'Create API Key' }));
    const form = within(section).getByRole('form', { name: 'Create API key' });
    await u.type(within(form).getByRole('textbox', { name: /Name/ }), 'Dispatch TMS');
    // Read is ticked by default; the server refuses an empty list with its own message.
    await u.click(within(form).getByRole('checkbox', { name: /^Read/ }));
    await u.click(within(form).getByRole('button', { name: 'Create Key' }));
    expect(await within(form).findByText(/at least one of book, read and cancel/)).toBeTruthy();
    await u.click(within(form).getByRole('checkbox', { name: /^Read/ }));
    await u.click(within(form).getByRole('button', { name: 'Create Key' }));

    const shown = await within(section).findByLabelText('New API key', undefined, { timeout: 10_000 });
    const key = shown.textContent as string;
    expect(key).toMatch(/^brr_[0-9a-f]{8}_/);
    await u.click(within(section).getByRole('button', { name: 'Copy Key' }));
    expect(copied).toEqual([key]);
    const table = await within(section).findByRole('table', { name: 'API keys' });
    await waitFor(() => expect(table.textContent).toContain('Dispatch TMS'));
    expect(table.textContent).not.toContain(key);
    await u.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByLabelText('New API key')).toBeNull();

    expect((await searchWithKey(key)).status).toBe(200);

    await u.click(within(table).getByRole('button', { name: 'Revoke Dispatch TMS' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Dispatch TMS');
    await u.click(within(dialog).getByRole('button', { name: 'Revoke Key' }));
    await waitFor(() =>
      expect(within(section).getByRole('table', { name: 'API keys' }).textContent).toContain('Revoked'),
    );
    const refused = await searchWithKey(key);
    expect(refused.status).toBe(401);
    expect(refused.json<{ message: string }>().message).toMatch(/revoked/);
  });

  it('is not shown to a customer user without Update on the application role entity', async () => {
    const root = await real.signIn('demo.customer');
    renderAppAt('/my_account/info', root);
    await screen.findByRole('heading', { level: 2, name: 'Your details' }, { timeout: 20_000 });
    expect(screen.queryByRole('region', { name: 'API keys' })).toBeNull();
  });
});
