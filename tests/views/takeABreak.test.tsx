import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { selfLockMachine, type LockChoice } from '../../machines/selfLock.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { TakeABreak } from '../../src/features/product/protection/TakeABreak.tsx';
import { RuntimeProvider, type ViewLogic, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { renderView } from './render.tsx';

/** The profile's break and exclusion card with the real chart; its lock call records what it was asked. */
async function renderBreaks(answer: () => Promise<{ until: number }> = async () => ({ until: 1_900_000_000_000 })) {
  const asked: LockChoice[] = [];
  const lockedOut: Array<{ until: number; kind: string }> = [];
  const selfLock = selfLockMachine.provide({
    actors: {
      lock: fromPromise(({ input }) => {
        asked.push(input);
        return answer();
      }),
    },
    actions: { lockedOut: (_, params) => lockedOut.push(params) },
  });
  const runtime = { settings: DEFAULT_SETTINGS, logic: { selfLock } as Partial<ViewLogic> as ViewLogic } as Partial<ViewRuntime> as ViewRuntime;
  await renderView(
    <RuntimeProvider runtime={runtime}>
      <TakeABreak />
    </RuntimeProvider>,
  );
  return { asked, lockedOut };
}

describe('take a break and self-exclusion (profile)', () => {
  it('offers the four breaks and three exclusions; a choice is asked once, with its end, and Cancel (where the focus starts) locks nothing', async () => {
    const t = await renderBreaks();
    const breaks = screen.getByRole('group', { name: 'Take a break for' });
    expect(within(breaks).getAllByRole('button').map((b) => b.textContent)).toEqual(['24 hours', '1 week', '1 month', '6 weeks']);
    const exclusions = screen.getByRole('group', { name: 'Exclude yourself for' });
    expect(within(exclusions).getAllByRole('button').map((b) => b.textContent)).toEqual(['6 months', '1 year', '5 years']);

    fireEvent.click(within(breaks).getByRole('button', { name: '1 week' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take a break for 1 week?' });
    const end = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
    expect(dialog.textContent).toContain(`cannot log in until ${end}`);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(t.asked).toEqual([]);
  });

  it('confirmed, the exclusion is asked of the operator (the dialog stays, busy, nothing to press) and the player is logged out with its end', async () => {
    let answer: (value: { until: number }) => void = () => {};
    const t = await renderBreaks(() => new Promise((resolve) => (answer = resolve)));
    fireEvent.click(within(screen.getByRole('group', { name: 'Exclude yourself for' })).getByRole('button', { name: '6 months' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude yourself for 6 months?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lock my account' }));
    expect(t.asked).toEqual([{ kind: 'exclusion', period: '6m' }]);
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Locking your account...' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(async () => answer({ until: 1_900_000_000_000 }));
    expect(t.asked).toHaveLength(1);
    expect(t.lockedOut).toEqual([{ until: 1_900_000_000_000, kind: 'exclusion' }]);
  });
});
