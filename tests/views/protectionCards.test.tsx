import { act, fireEvent, screen, within } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { checkIntervalMachine, type CheckIntervalSettings } from '../../machines/checkInterval.ts';
import { protectionHistoryMachine } from '../../machines/protectionHistory.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ProtectionEntry } from '../../protocol/protection.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { ProtectionHistoryCard } from '../../src/features/product/protection/ProtectionHistoryCard.tsx';
import { RealityCheckCard } from '../../src/features/product/protection/RealityCheckCard.tsx';
import { RuntimeProvider, type ViewLogic, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { dismissToast, ToastRegion, useToasts } from '../../src/ui/toasts.tsx';
import { renderView } from './render.tsx';

/** A promise the test settles by hand. */
function later<T>() {
  let settle: { resolve: (value: T) => void; reject: (error: unknown) => void } = { resolve: () => {}, reject: () => {} };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

async function renderWith(logic: Partial<ViewLogic>, card: ReactNode) {
  const runtime = { settings: DEFAULT_SETTINGS, logic: logic as ViewLogic } as Partial<ViewRuntime> as ViewRuntime;
  await renderView(
    <RuntimeProvider runtime={runtime}>
      {card}
      <ToastRegion />
      <ToastIds />
    </RuntimeProvider>,
  );
}

// The toasts live beside React (src/ui/toasts.tsx): none shown here is left for the next test.
const shown = new Set<string>();
function ToastIds() {
  const toasts = useToasts();
  useEffect(() => toasts.forEach((toast) => shown.add(toast.id)), [toasts]);
  return null;
}
afterEach(() => {
  shown.forEach(dismissToast);
  shown.clear();
});

describe("the profile's reality-check card", () => {
  const OPERATOR: CheckIntervalSettings = { minutes: 20, defaultMinutes: 20, choices: [10, 20, 40, 120] };

  it("offers the operator's intervals with the one in force pressed; a choice is saved once, shown busy, then pressed", async () => {
    const asked: number[] = [];
    const answer = later<CheckIntervalSettings>();
    const checkInterval = checkIntervalMachine.provide({
      actors: {
        load: fromPromise(async () => OPERATOR),
        save: fromPromise(({ input }) => (asked.push(input.minutes), answer.promise)),
      },
    });
    await renderWith({ checkInterval }, <RealityCheckCard />);
    const group = await screen.findByRole('group', { name: 'Pause my play every' });
    await within(group).findByRole('button', { name: '20 min' });
    expect(within(group).getAllByRole('button').map((button) => [button.textContent, button.getAttribute('aria-pressed')])).toEqual([
      ['10 min', 'false'],
      ['20 min', 'true'],
      ['40 min', 'false'],
      ['2 h', 'false'],
    ]);
    fireEvent.click(within(group).getByRole('button', { name: '40 min' }));
    // On its way: said on the button, every choice held, the group busy — a second press is not taken.
    expect(within(group).getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    expect(group.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(within(group).getByRole('button', { name: '10 min' }));
    expect(asked).toEqual([40]);
    await act(async () => answer.resolve({ ...OPERATOR, minutes: 40 }));
    expect(within(group).getByRole('button', { name: '40 min' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: '20 min' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('a refused choice is said in a toast and the interval in force stays pressed', async () => {
    const checkInterval = checkIntervalMachine.provide({
      actors: {
        load: fromPromise(async () => OPERATOR),
        save: fromPromise<CheckIntervalSettings, { minutes: number }>(async () => {
          throw Object.assign(new Error('refused'), { code: ErrorCode.invalidRequest, params: { choices: [10, 20] } });
        }),
      },
    });
    await renderWith({ checkInterval }, <RealityCheckCard />);
    const group = await screen.findByRole('group', { name: 'Pause my play every' });
    await act(async () => fireEvent.click(await within(group).findByRole('button', { name: '2 h' })));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(within(group).getByRole('button', { name: '20 min' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a setting that cannot be loaded says so, and Try again loads it', async () => {
    let loads = 0;
    const checkInterval = checkIntervalMachine.provide({
      actors: {
        load: fromPromise(async () => {
          loads += 1;
          if (loads === 1) throw new Error('offline');
          return OPERATOR;
        }),
      },
    });
    await renderWith({ checkInterval }, <RealityCheckCard />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your reality check setting could not be loaded.');
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('button', { name: '20 min' })).toBeTruthy();
    expect(loads).toBe(2);
  });
});

describe("the profile's protection history card", () => {
  const AT = Date.UTC(2026, 10, 20, 9, 30);
  const HOUR = 60 * 60 * 1000;
  const ENTRIES: ProtectionEntry[] = [
    { id: 6, at: AT + 5 * HOUR, kind: 'lockEnded', lock: 'exclusion' },
    { id: 5, at: AT + 4 * HOUR, kind: 'lock', lock: 'exclusion', until: AT + 200 * 24 * HOUR },
    { id: 4, at: AT + 3 * HOUR, kind: 'realityCheck', answer: 'leave', playedMs: 3_600_000, bets: 12_000, wins: 9_500 },
    { id: 3, at: AT + 2 * HOUR, kind: 'realityCheckInterval', minutes: 30, before: null },
    { id: 2, at: AT + HOUR, kind: 'limit', limit: 'lossDay', amount: 10_000, before: 5_000, from: AT + 25 * HOUR },
    { id: 1, at: AT, kind: 'limit', limit: 'lossWeek', amount: 20_000, before: null, from: AT },
  ];

  it('loads when opened, newest first, each entry what happened and its details with its time; a change made on the page loads it again', async () => {
    let loads = 0;
    let changed: () => void = () => {};
    const protectionHistory = protectionHistoryMachine.provide({
      actors: {
        load: fromPromise(async () => {
          loads += 1;
          const items = loads === 1 ? ENTRIES.slice(1) : ENTRIES;
          return { items, total: items.length + 10 };
        }),
        changes: fromCallback(({ sendBack }) => {
          changed = () => sendBack({ type: 'protection.changed' });
        }),
      },
    });
    await renderWith({ protectionHistory }, <ProtectionHistoryCard />);
    expect(loads).toBe(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show history' })));
    const list = await screen.findByRole('list');
    const items = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => [
          item.dataset.testid,
          item.querySelector(':scope > span')?.textContent,
          [...item.querySelectorAll(':scope > small > span')].map((detail) => detail.textContent),
        ]);
    expect(items()).toEqual([
      ['history-lock', 'Self-exclusion', [expect.stringMatching(/^Until /)]],
      ['history-realityCheck', 'Reality check: you left the machine', ['After 1:00:00 of play: bets $120.00, wins $95.00']],
      ['history-realityCheckInterval', 'Reality checks every 30 min', ["Before: the operator's default"]],
      ['history-limit', 'Daily loss limit: $100.00', ['Before: $50.00', expect.stringMatching(/^Counts from /)]],
      ['history-limit', 'Weekly loss limit: $200.00', ['Before: none']],
    ]);
    // Shown without the app's router (as here) the link to the whole history is a plain one.
    expect(screen.getByRole('link', { name: 'See all (15)' }).getAttribute('href')).toBe('/protection-history');
    // Every entry says when, as a machine-readable time too.
    expect(within(list).getAllByRole('listitem')[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(new Date(AT + 4 * HOUR).toISOString());
    await act(async () => changed());
    await screen.findByText('Self-exclusion ended early by the operator');
    expect(loads).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Hide history' }));
    expect(screen.getByRole('button', { name: 'Show history' })).toBeTruthy();
  });
});
