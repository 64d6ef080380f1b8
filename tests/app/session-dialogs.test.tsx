// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { IdleWatch } from '../../src/app/session/IdleWatch';
import { NewVersionDialog, SessionTimeoutDialog } from '../../src/app/session/SessionDialogs';
import { VersionCheck } from '../../src/app/session/VersionCheck';
import { SESSION_WARNING_DIALOG_SIZE_PX, WARNING_COUNTDOWN_S } from '../../src/domain/constants';
import {
  NEW_VERSION_TEXT,
  NEW_VERSION_TITLE,
  SESSION_WARNING_TEXT,
  SESSION_WARNING_TITLE,
} from '../../src/domain/messages';
import { buildRootStore } from './support/fixtures';
import { renderWithStores } from './support/render';

afterEach(cleanup);

/** An idle watch put straight into its warning, answers recorded. */
function warningWatch() {
  const answers: string[] = [];
  const idle = new IdleWatch({
    otherTabsActivity: () => 0,
    shareActivity: () => answers.push('shared'),
    warningStarted: () => answers.push('warning'),
    expired: () => answers.push('expired'),
    declined: () => answers.push('declined'),
  });
  act(() => {
    idle.start();
    idle.lastActivity = 0; // idle since the epoch: the next check warns
    (idle as unknown as { check: () => void }).check();
  });
  return { idle, answers };
}

describe('Session Timeout Warning dialog (SPEC §2)', () => {
  it('shows the title, the question, a progress bar of the countdown, and Yes and No', async () => {
    const { idle } = warningWatch();
    renderWithStores(<SessionTimeoutDialog idle={idle} />, buildRootStore());
    const dialog = await screen.findByRole('alertdialog', { name: SESSION_WARNING_TITLE });
    expect(within(dialog).getByText(SESSION_WARNING_TEXT)).toBeTruthy();
    const bar = within(dialog).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuemax')).toBe(String(WARNING_COUNTDOWN_S));
    // The bar shows the seconds the watch has left (the count itself is tested with fake timers).
    expect(bar.getAttribute('aria-valuenow')).toBe(String(idle.secondsLeft));
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['No', 'Yes']);
    const style = getComputedStyle(dialog);
    expect([style.width, style.height]).toEqual([
      `${SESSION_WARNING_DIALOG_SIZE_PX.width}px`,
      `${SESSION_WARNING_DIALOG_SIZE_PX.height}px`,
    ]);
    idle.stop();
  });

  it('Yes and No answer the idle watch', async () => {
    const yes = warningWatch();
    renderWithStores(<SessionTimeoutDialog idle={yes.idle} />, buildRootStore());
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(yes.idle.state).toBe('restarting');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    yes.idle.stop();
    cleanup();

    const no = warningWatch();
    renderWithStores(<SessionTimeoutDialog idle={no.idle} />, buildRootStore());
    await userEvent.click(await screen.findByRole('button', { name: 'No' }));
    expect(no.answers).toEqual(['warning', 'declined']);
    expect(no.idle.state).toBe('off');
  });
});

describe('New Version dialog (SPEC §2)', () => {
  it('shows the text with an OK button only, and OK reloads', async () => {
    const root = buildRootStore();
    let reloads = 0;
    const version = new VersionCheck(root.api, () => reloads++);
    act(() => {
      (version as unknown as { seen: (h: string) => void }).seen('one');
      (version as unknown as { seen: (h: string) => void }).seen('two');
    });
    renderWithStores(<NewVersionDialog version={version} />, root);
    const dialog = await screen.findByRole('alertdialog', { name: NEW_VERSION_TITLE });
    expect(within(dialog).getByText(NEW_VERSION_TEXT)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['OK']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(reloads).toBe(1);
  });
});
