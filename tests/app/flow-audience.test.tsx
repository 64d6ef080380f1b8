// @vitest-environment jsdom
/**
 * Issue 14: a section only staff fill in (the customer a reuse booking is for, `staffOnly`) is not
 * shown to customers at all — no empty "Customer" heading — while staff see it with its picker.
 * Against the real server.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RootStore } from '../../src/app/stores/RootStore';
import { signedIn } from './support/dashboard-app';
import { type DashboardServer, startDashboardServer } from './support/dashboard-server';
import { findFlowPage, renderAppAt } from './support/flow-app';

let server: DashboardServer;
let root: RootStore | null = null;
beforeAll(async () => {
  server = await startDashboardServer();
});
afterAll(() => server.close());
afterEach(async () => {
  await root?.hub.stop();
  root = null;
  cleanup();
  localStorage.clear();
});

describe('a staff-only section', { timeout: 60_000 }, () => {
  it('is not shown to a customer: the reuse request starts with the chassis', async () => {
    root = await signedIn(server, 'demo.customer');
    renderAppAt('/reuse/request/new', root);
    await findFlowPage('Reuse Booking');
    await screen.findByRole('heading', { level: 3, name: 'Chassis to reuse' });
    expect(screen.queryByRole('heading', { level: 3, name: 'Customer' })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Customer' })).toBeNull();
  });

  it('is shown to staff, with the customer picker', async () => {
    root = await signedIn(server, 'demo.staff');
    renderAppAt('/reuse/request/new', root);
    await findFlowPage('Reuse Booking');
    expect(await screen.findByRole('heading', { level: 3, name: 'Customer' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Customer' })).toBeTruthy();
  });
});
