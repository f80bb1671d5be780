import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import type { Failure } from '../../machines/failure.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { AuthToasts } from '../../src/features/product/auth/AuthToasts.tsx';
import { dismissToast, ToastRegion } from '../../src/ui/toasts.tsx';
import { RuntimeProvider, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { renderView } from './render.tsx';

/**
 * Why the last login ended is said once, in one toast; the player's next attempt takes it away,
 * so the login form's answer to that attempt (a lock's end, say) is not said twice beside it.
 */

const LOCKED: Failure = { code: ErrorCode.playerLocked, message: 'locked', params: { until: Date.UTC(2026, 11, 7, 12), kind: 'panic' } };

/** Auth as these views read it: why the login ended, its failure, and a login being sent (the tag). */
function logoutAuth() {
  const machine = setup({
    types: {
      context: {} as { logoutReason: 'unauthorized' | null; failure: Failure | null; roles: string[] },
      events: {} as { type: 'ended'; failure: Failure } | { type: 'user.login' },
      tags: {} as 'login:submitting',
    },
  }).createMachine({
    context: { logoutReason: null, failure: null, roles: [] },
    initial: 'open',
    states: {
      open: {
        on: {
          ended: { actions: assign({ logoutReason: 'unauthorized' as const, failure: ({ event }) => event.failure }) },
          'user.login': 'submitting',
        },
      },
      submitting: { tags: ['login:submitting'] },
    },
  });
  return createActor(machine).start();
}

// The toasts live beside React (src/ui/toasts.tsx): none is left for the next test.
afterEach(() => dismissToast('logout'));

describe('the logout toast', () => {
  it('says a lock-out once, and a second word of it replaces the first rather than adding one', async () => {
    const auth = logoutAuth();
    const runtime = { settings: DEFAULT_SETTINGS, auth: auth as unknown as ViewRuntime['auth'] } as Partial<ViewRuntime> as ViewRuntime;
    await renderView(
      <RuntimeProvider runtime={runtime}>
        <AuthToasts />
        <ToastRegion />
      </RuntimeProvider>,
    );
    act(() => auth.send({ type: 'ended', failure: { code: ErrorCode.sessionLocked, message: 'now locked', params: {} } }));
    act(() => auth.send({ type: 'ended', failure: LOCKED }));
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toMatch(/^Your account is locked at your own request until /);
  });

  it('goes away as the player tries to log in again: the form answers that attempt', async () => {
    const auth = logoutAuth();
    const runtime = { settings: DEFAULT_SETTINGS, auth: auth as unknown as ViewRuntime['auth'] } as Partial<ViewRuntime> as ViewRuntime;
    await renderView(
      <RuntimeProvider runtime={runtime}>
        <AuthToasts />
        <ToastRegion />
      </RuntimeProvider>,
    );
    act(() => auth.send({ type: 'ended', failure: LOCKED }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => auth.send({ type: 'user.login' }));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});
