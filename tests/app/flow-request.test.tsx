// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withRealApp } from './support/dashboard-app';
import { findFlowPage, renderAppAt } from './support/flow-app';

const real = withRealApp();

const stepHeader = () => within(screen.getByRole('navigation', { name: 'Booking steps' }));

/** Each flow file's request step, rendered from its schema and uiSchema, every field labelled. */
describe('request step of each flow', () => {
  it('pool booking: market, size, class, units and contact, with the wizard titles', async () => {
    renderAppAt('/pool_booking/request', await real.signIn('demo.customer'));
    expect(await findFlowPage('Pool Booking')).toBeTruthy();
    expect(
      stepHeader()
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Request Booking', '2Review Booking', '3Confirm Booking']);
    expect(stepHeader().getByText('Request Booking').closest('li')?.getAttribute('aria-current')).toBe(
      'step',
    );
    for (const label of ['Market', 'Equipment size', 'Equipment class', 'Contact name', 'Email addresses'])
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Units per location' })).toBeTruthy();
    // Customers book for their own company: no customer picker.
    expect(screen.queryByLabelText(/^Customer/)).toBeNull();
  });

  it('daily lease: staff also pick the customer they book for', async () => {
    renderAppAt('/pool_booking/daily_lease', await real.signIn('demo.staff'));
    expect(await findFlowPage('Daily Lease Booking')).toBeTruthy();
    for (const label of ['Customer', 'Market', 'Equipment size', 'Equipment class', 'Contact name'])
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Units per port bay' })).toBeTruthy();
  });

  it('reuse booking: a chassis ID text area and the contact', async () => {
    renderAppAt('/reuse/request/new', await real.signIn('demo.customer'));
    expect(await findFlowPage('Reuse Booking')).toBeTruthy();
    const ids = screen.getByLabelText(/^Chassis IDs/);
    expect(ids.tagName).toBe('TEXTAREA');
    for (const label of ['Contact name', 'Email addresses'])
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
  });
});
