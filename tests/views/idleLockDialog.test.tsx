import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type Session, type TokenSources } from '../../machines/auth.ts';
import { authWithChildren } from '../machines/authWithChildren.ts';
import { idleLockMachine, type RestoredLock } from '../../machines/idleLock.ts';
import { IdleLockDialog } from '../../src/features/product/idleLock/IdleLockDialog.tsx';
import { RuntimeProvider, type ViewRuntime } from '../../src/features/viewRuntime.tsx';
import { DEFAULT_SETTINGS, type Settings } from '../../protocol/settings.ts';
import type { Language } from '../../src/ui/i18n.ts';
import { renderView } from './render.tsx';

const session = (pinCode: string | null): Session => ({
  token: 't',
  pinCode,
  expiresInMs: 3_600_000,
  user: {
    id: '1', username: 'demo', name: 'Demo', lastname: 'Player', email: 'demo@example.test',
    permissions: [145], group: 1, type: 1, ipAddress: '127.0.0.1', lastLogon: null, lastLogonIp: null,
    versions: 'sim',
  },
});

/** A logged-in auth actor whose idle lock comes back locked after a reload with `attempts` wrong PINs. */
async function renderLocked(
  options: { pinCode?: string | null; attempts?: number; refuse?: boolean; settings?: Partial<Settings>; language?: Language } = {},
) {
  const pinCode = options.pinCode === undefined ? 'code-of-1234' : options.pinCode;
  const auth = createActor(
    authWithChildren.provide({
      actors: {
        readTokens: fromPromise(async (): Promise<TokenSources> => ({ queryToken: null, storedToken: 't' })),
        validateToken: fromPromise(async () => session(pinCode)),
        logout: fromPromise(async () => {}),
        idleLock: idleLockMachine.provide({
          actors: {
            restoreLock: fromPromise(async (): Promise<RestoredLock> => ({ pinCheck: true, locked: true, attempts: options.attempts ?? 0 })),
            verifyPin: fromPromise(async ({ input }) => input.pin === '1234'),
          },
          guards: { pinCodeUsable: ({ context }) => context.pinCode !== null && !options.refuse },
        }),
      },
    }),
  ).start();
  await waitFor(auth, (s) => s.matches('loggedIn'));
  await waitFor(auth.getSnapshot().children.idleLock!, (s) => s.matches('locked'));
  const runtime = { settings: { ...DEFAULT_SETTINGS, ...options.settings }, auth } as Partial<ViewRuntime> as ViewRuntime;
  await renderView(
    <RuntimeProvider runtime={runtime}>
      <IdleLockDialog />
    </RuntimeProvider>,
    options.language,
  );
  return auth;
}

describe('idle lock dialog', () => {
  it('after a reload with wrong PINs counted, says how many tries are left, and counts down', async () => {
    const user = userEvent.setup();
    await renderLocked({ attempts: 3 });
    const dialog = await screen.findByRole('dialog', { name: 'LOCKED!' });
    expect(dialog.textContent).toContain('2 attempts left before you are logged out.');
    await user.type(screen.getByLabelText('PIN code'), '9999{Enter}');
    expect((await screen.findByText(/Wrong PIN code/)).textContent).toBe('Wrong PIN code. 1 attempt left before you are logged out.');
  });

  it('the fifth wrong PIN logs out with code 10705', async () => {
    const user = userEvent.setup();
    const auth = await renderLocked({ attempts: 4 });
    await user.type(await screen.findByLabelText('PIN code'), '9999{Enter}');
    await waitFor(auth, (s) => s.matches('loggedOut'));
    expect(auth.getSnapshot().context.failure?.code).toBe(10705);
  });

  it('without a pin_code it says the lock cannot be opened and offers only the logout', async () => {
    const user = userEvent.setup();
    const auth = await renderLocked({ pinCode: null });
    const dialog = await screen.findByRole('dialog', { name: 'LOCKED!' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Your account has no PIN code, so this lock cannot be opened. Log out, log in with your password and set a new PIN code in your profile.',
    );
    expect(screen.queryByLabelText('PIN code')).toBeNull();
    expect(dialog.querySelectorAll('button')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(auth, (s) => s.matches('loggedOut'));
    expect(auth.getSnapshot().context.failure).toBeNull();
  });

  it('the Turkish text names the default PIN the operator configured (DEFAULT_PIN), not a fixed one', async () => {
    await renderLocked({ settings: { DEFAULT_PIN: '4826' }, language: 'tr' });
    const text = (await screen.findByRole('dialog')).querySelector('#lock-text')?.textContent;
    expect(text).toBe(
      'Hareketsizlik algılandı: Uzun süredir işlem yapmadınız. Devam etmek istiyor musunuz? PIN kodunuzu girin (varsayılan PIN: 4826).',
    );
  });

  it('with a pin_code the client refuses (weak or malformed) it says it cannot be checked safely', async () => {
    await renderLocked({ pinCode: 'pbkdf2-sha256$1000$x$y', refuse: true });
    await screen.findByRole('dialog', { name: 'LOCKED!' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Your PIN code cannot be checked safely, so this lock cannot be opened. Log out and log in again with your password.',
    );
    expect(screen.queryByLabelText('PIN code')).toBeNull();
  });
});
