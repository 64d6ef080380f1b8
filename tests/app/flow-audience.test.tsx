// @vitest-environment jsdom
/**
 * Issue 14: a section only staff fill in (the customer a reuse booking is for, `staffOnly`) is not
 * shown to customers at all — no empty "Customer" heading — while staff see it with its picker.
 * Against the real server.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withRealApp } from './support/dashboard-app';
import { findFlowPage, renderAppAt } from './support/flow-app';

const real = withRealApp();

describe('a staff-only section', { timeout: 60_000 }, () => {
  it('is not shown to a customer: the reuse request starts with the chassis', async () => {
    const root = await real.signIn('demo.customer');
    renderAppAt('/reuse/request/new', root);
    await findFlowPage('Reuse Booking');
    await screen.findByRole('heading', { level: 3, name: 'Chassis to reuse' });
    expect(screen.queryByRole('heading', { level: 3, name: 'Customer' })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Customer' })).toBeNull();
  });

  it('is shown to staff, with the customer picker', async () => {
    const root = await real.signIn('demo.staff');
    renderAppAt('/reuse/request/new', root);
    await findFlowPage('Reuse Booking');
    expect(await screen.findByRole('heading', { level: 3, name: 'Customer' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Customer' })).toBeTruthy();
  });
});
