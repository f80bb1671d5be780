import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { selfLockMachine } from '../../machines/selfLock.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { PanicButton } from '../../src/features/product/game/PanicButton.tsx';
import { ToastRegion } from '../../src/ui/toasts.tsx';
import { RuntimeProvider, type ViewLogic, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { renderView } from './render.tsx';

/** The panic button with the real chart; its lock call answers as the test says. */
async function renderPanic(answers: Array<() => Promise<{ until: number }>>) {
  const calls: number[] = [];
  const lockedOut: number[] = [];
  const selfLock = selfLockMachine.provide({
    actors: {
      lock: fromPromise(() => {
        calls.push(calls.length);
        return answers[calls.length - 1]!();
      }),
    },
    actions: { lockedOut: (_, { until }) => lockedOut.push(until) },
  });
  const runtime = { settings: DEFAULT_SETTINGS, logic: { selfLock } as Partial<ViewLogic> as ViewLogic } as Partial<ViewRuntime> as ViewRuntime;
  await renderView(
    <RuntimeProvider runtime={runtime}>
      <PanicButton />
      <ToastRegion />
    </RuntimeProvider>,
  );
  return { calls, lockedOut };
}

describe('the panic button', () => {
  it('is clearly labelled; one press locks at once (no question asked), a second press while it locks is not taken', async () => {
    let answer: (value: { until: number }) => void = () => {};
    const t = await renderPanic([() => new Promise((resolve) => (answer = resolve))]);
    const button = screen.getByRole('button', { name: 'Panic button: lock my account for 24 hours now' });
    expect(button.textContent).toBe('24 h lock');
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(button);
    expect(t.calls).toHaveLength(1);
    expect(button.hasAttribute('disabled')).toBe(true);
    await act(async () => answer({ until: 1_800_000_000_000 }));
    expect(t.lockedOut).toEqual([1_800_000_000_000]);
  });

  it('a failed lock says why and may be pressed again', async () => {
    const refused = Object.assign(new Error('no'), { code: ErrorCode.tooManyRequests, params: { retry_after: 3 } });
    const t = await renderPanic([() => Promise.reject(refused), () => Promise.resolve({ until: 1 })]);
    const button = screen.getByRole('button', { name: /Panic button/ });
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText(/Too many attempts/)).toBeTruthy();
    expect(button.hasAttribute('disabled')).toBe(false);
    await act(async () => fireEvent.click(button));
    expect(t.calls).toHaveLength(2);
    expect(t.lockedOut).toEqual([1]);
  });
});
