// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmationDialog } from '../../src/app/components/ConfirmationDialog';
import { CONFIRMATION_DEFAULTS, DialogStore } from '../../src/app/stores/DialogStore';
import { buildRootStore } from './support/fixtures';
import { renderWithStores } from './support/render';

afterEach(cleanup);

function open(options?: Parameters<DialogStore['confirm']>[0]) {
  const root = buildRootStore();
  renderWithStores(<ConfirmationDialog />, root);
  let answer!: Promise<boolean>;
  act(() => {
    answer = root.dialogs.confirm(options);
  });
  return { root, answer };
}

describe('confirmation dialog (SPEC §2)', () => {
  it('has the SPEC defaults: title Confirmation, the cancel-changes message, Cancel and OK', async () => {
    const { answer } = open();
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmation' });
    expect(within(dialog).getByText('Do you want to cancel your changes?')).toBeTruthy();
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(['Cancel', 'OK']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
    // The dialog leaves with an exit animation; wait for it rather than race it.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('paints the OK button of a destructive question red, and a plain one blue', async () => {
    const palette = (button: HTMLElement) =>
      getComputedStyle(button).getPropertyValue('--chakra-colors-color-palette-solid');
    open({ okText: 'Cancel Order', cancelText: 'Keep Order', destructive: true });
    const dialog = await screen.findByRole('alertdialog');
    expect(palette(within(dialog).getByRole('button', { name: 'Cancel Order' }))).toBe(
      'var(--chakra-colors-red-solid)',
    );
    cleanup();
    open();
    const plain = await screen.findByRole('alertdialog');
    expect(palette(within(plain).getByRole('button', { name: 'OK' }))).toBe(
      'var(--chakra-colors-blue-solid)',
    );
  });

  it('resolves false on Cancel', async () => {
    const { answer } = open();
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('shows custom text, notes with their two items, and OK only when asked', async () => {
    open({
      title: 'Submit Booking',
      message: 'Do you want to submit?',
      okText: 'Submit',
      okButtonOnly: true,
      notes: [
        { note: 'Note:', message: 'Two chassis are not available.', items: ['ABCU123456', 'ABCU654321'] },
      ],
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Submit Booking' });
    expect(within(dialog).getByText('Two chassis are not available.')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ABCU123456', 'ABCU654321']);
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Submit']);
  });

  it('store: defaults fill unset options; opening another answers the first with false', async () => {
    const store = new DialogStore();
    const first = store.confirm({ title: undefined, okText: 'Yes' });
    expect(store.current).toEqual({ ...CONFIRMATION_DEFAULTS, okText: 'Yes', notes: [] });
    const second = store.confirm();
    await expect(first).resolves.toBe(false);
    store.answer(true);
    await expect(second).resolves.toBe(true);
    expect(store.current).toBeNull();
  });
});
