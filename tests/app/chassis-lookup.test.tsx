// @vitest-environment jsdom
/**
 * Issue 31's chassis lookup in jsdom against the real server: an ID of the wrong shape is named on
 * the page with the very words the server refuses it with, without asking the server.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withRealApp } from './support/dashboard-app';
import { renderAppAt } from './support/flow-app';

const real = withRealApp();

describe('the chassis lookup page', { timeout: 60_000 }, () => {
  it('refuses a malformed ID with the server’s message, before asking it', async () => {
    const root = await real.signIn('demo.customer');
    const token = root.session.token as string;
    const server = await fetch(`${real.server.url}/api/chassis/lookup/TRLU1234567`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(server.status).toBe(400);
    const serverMessage = ((await server.json()) as { message: string }).message;

    const asked: string[] = [];
    root.api.interceptors.request.use((config) => {
      asked.push(String(config.url));
      return config;
    });
    renderAppAt('/chassis_lookup', root);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Chassis ID', {}, { timeout: 15_000 }), 'TRLU1234567');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText(serverMessage)).toBeTruthy();
    expect(serverMessage).toBe(
      'TRLU1234567 is not a valid chassis ID: use four letters and six digits, e.g. PLCZ123456.',
    );
    expect(asked.filter((u) => u.includes('chassis/lookup'))).toEqual([]);
  });
});
