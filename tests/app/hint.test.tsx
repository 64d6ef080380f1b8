// @vitest-environment jsdom
/**
 * SPEC §2/§9's tooltips on the dashboard's actions (Hint): none exists until the control is
 * pointed at or focused (issue 30 §3: a page of rows holds ~60 controls with one), then it opens
 * after 5 ms, describes the control, and goes on leave, blur, a press or Escape; the control's own
 * handlers still run.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hint } from '../../src/app/dashboard/Hint';
import { TOOLTIP_DELAY_MS } from '../../src/domain/constants';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function shown(onFocus = () => {}) {
  render(
    <ChakraProvider value={defaultSystem}>
      <Hint label="Book again: the order type is not open to you">
        <button type="button" aria-label="Book again" onFocus={onFocus}>
          ⧉
        </button>
      </Hint>
    </ChakraProvider>,
  );
  return screen.getByRole('button', { name: 'Book again' });
}

/** Past the tooltip's delay, with what it schedules done. */
async function afterDelay() {
  await act(async () => {
    vi.advanceTimersByTime(TOOLTIP_DELAY_MS + 1);
  });
}

describe('a control’s tooltip', () => {
  it('does not exist until the control is focused, then opens after the delay and describes it', async () => {
    vi.useFakeTimers();
    const ownFocus = vi.fn();
    const control = shown(ownFocus);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(control.getAttribute('aria-describedby')).toBeNull();

    act(() => control.focus());
    expect(ownFocus).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('tooltip'), 'not before the delay').toBeNull();
    await afterDelay();
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe('Book again: the order type is not open to you');
    expect(control.getAttribute('aria-describedby')).toBe(tooltip.id);

    fireEvent.keyDown(control, { key: 'Escape' });
    await afterDelay();
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(control);
    expect(control.getAttribute('aria-describedby')).toBeNull();
  });

  it('opens on the pointer and closes when it leaves or presses', async () => {
    vi.useFakeTimers();
    const control = shown();
    fireEvent.pointerEnter(control);
    await afterDelay();
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.pointerLeave(control);
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.pointerEnter(control);
    await afterDelay();
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.pointerDown(control);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('never opens when the pointer leaves within the delay', async () => {
    vi.useFakeTimers();
    const control = shown();
    fireEvent.pointerEnter(control);
    fireEvent.pointerLeave(control);
    await afterDelay();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
