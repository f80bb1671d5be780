import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { BACKOFF_CAP_MS } from '../../machines/backoff.ts';
import { TOO_MANY_WRONG_PINS, VALIDATE_TRIES, type Credentials, type Session, type TokenSources } from '../../machines/auth.ts';
import { authWithChildren } from './authWithChildren.ts';
import { MAX_WRONG_PINS, idleLockMachine, type RestoredLock } from '../../machines/idleLock.ts';
import { ErrorCode } from '../../protocol/errors.ts';

const session = (token: string, expiresInMs = 60_000): Session => ({
  token,
  pinCode: 'hash',
  expiresInMs,
  user: {
    id: '1', username: 'demo', name: 'Demo', lastname: 'Player', email: 'demo@example.test',
    permissions: [145], group: 1, type: 1, ipAddress: '127.0.0.1', lastLogon: null, lastLogonIp: null,
    versions: 'sim',
  },
});

function start(sources: TokenSources, overrides: {
  validate?: (token: string) => Promise<Session>;
  login?: (c: Credentials) => Promise<Session>;
  logout?: () => Promise<void>;
  /** The idle lock restored locked with this many wrong PINs; every PIN is wrong. */
  lockedWithWrongPins?: number;
} = {}) {
  const effects = { stored: [] as Array<{ token: string; remember: boolean }>, cleared: 0, stripped: 0, loggedOut: 0, locksForgotten: 0, released: [] as string[] };
  const clock = new SimulatedClock();
  const machine = authWithChildren.provide({
    actors: {
      readTokens: fromPromise(async () => sources),
      validateToken: fromPromise(async ({ input }) => (overrides.validate ?? (async (t) => session(t)))(input.token)),
      login: fromPromise(async ({ input }) => (overrides.login ?? (async () => session('fresh')))(input)),
      logout: fromPromise(async () => {
        effects.loggedOut += 1;
        await overrides.logout?.();
      }),
      ...(overrides.lockedWithWrongPins === undefined
        ? {}
        : {
            idleLock: idleLockMachine.provide({
              actors: {
                restoreLock: fromPromise(async (): Promise<RestoredLock> => ({ pinCheck: true, locked: true, attempts: overrides.lockedWithWrongPins ?? 0 })),
                verifyPin: fromPromise(async () => false),
              },
            }),
          }),
    },
    actions: {
      storeToken: (_, params) => effects.stored.push(params),
      clearToken: () => { effects.cleared += 1; },
      releaseToken: (_, { token }) => { effects.released.push(token); },
      forgetLock: () => { effects.locksForgotten += 1; },
      stripQueryToken: () => { effects.stripped += 1; },
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, effects };
}

describe('auth machine', () => {
  it('without a token goes to loggedOut and logs in with the form', async () => {
    const login = vi.fn(async () => session('fresh'));
    const { actor, effects } = start({ queryToken: null, storedToken: null }, { login });
    await waitFor(actor, (s) => s.matches({ loggedOut: 'idle' }));
    actor.send({ type: 'user.login', credentials: { username: 'demo', password: 'demo1234', remember: false } });
    expect(actor.getSnapshot().matches({ loggedOut: 'submitting' })).toBe(true);
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(login).toHaveBeenCalledWith({ username: 'demo', password: 'demo1234', remember: false });
    expect(effects.stored).toEqual([{ token: 'fresh', remember: false }]);
    expect(actor.getSnapshot().context.roles).toEqual(['user']);
  });

  it('hands a batch of live machine statuses to its listeners (the lobby) as one event', async () => {
    const { actor } = start({ queryToken: null, storedToken: 'kept' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    const heard: unknown[] = [];
    actor.on('machines', (event) => heard.push(event));
    const changes = [
      { id: 3, status: 'offline' as const },
      { id: 4, status: 'free' as const },
    ];
    actor.send({ type: 'server.machines', changes });
    expect(heard).toEqual([{ type: 'machines', changes }]);
  });

  it('a stored token is validated and logs in automatically', async () => {
    const validate = vi.fn(async (t: string) => session(t));
    const { actor, effects } = start({ queryToken: null, storedToken: 'kept' }, { validate });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(validate).toHaveBeenCalledWith('kept');
    expect(actor.getSnapshot().context.session?.user.username).toBe('demo');
    // A reload keeps the idle lock of the login it continues.
    expect(effects.locksForgotten).toBe(0);
  });

  it('a Login handed over while a kept login is checked lets the kept login go and signs in with those credentials', async () => {
    let answer!: (s: Session) => void;
    const validate = vi.fn(() => new Promise<Session>((resolve) => (answer = resolve)));
    const login = vi.fn(async (c: Credentials) => ({ ...session('theirs'), user: { ...session('theirs').user, username: c.username } }));
    const { actor, effects } = start({ queryToken: null, storedToken: 'kept' }, { validate, login });
    await waitFor(actor, (s) => s.matches('validating'));
    actor.send({ type: 'user.login', credentials: { username: 'player2', password: 'player2pass', remember: false } });
    expect(actor.getSnapshot().matches({ loggedOut: 'submitting' })).toBe(true);
    expect(effects.cleared).toBe(1);
    // Ended at the operator too: the kept login does not live on unseen until it expires.
    expect(effects.released).toEqual(['kept']);
    await waitFor(actor, (s) => s.matches('loggedIn'));
    // The kept login's answer, come late, changes nothing.
    answer(session('kept'));
    await Promise.resolve();
    expect(actor.getSnapshot().context).toMatchObject({ token: 'theirs', remember: false, session: { user: { username: 'player2' } } });
    expect(effects.stored).toEqual([{ token: 'theirs', remember: false }]);
  });

  it('a token in the query string is stored, stripped from the address bar and validated', async () => {
    const validate = vi.fn(async (t: string) => session(t));
    const { actor, effects } = start({ queryToken: 'from-url', storedToken: 'old' }, { validate });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(validate).toHaveBeenCalledWith('from-url');
    expect(effects.stored).toEqual([{ token: 'from-url', remember: true }]);
    expect(effects.stripped).toBe(1);
  });

  it('a token the operator refuses (401) logs out, clears the token and keeps the failure for a toast', async () => {
    const { actor, effects } = start({ queryToken: null, storedToken: 'stale' }, {
      validate: async () => { throw { status: 401, code: 50100, message: 'the session has been terminated', params: {} }; },
    });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(effects.cleared).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({
      token: null,
      logoutReason: 'validationFailed',
      failure: { code: 50100, message: 'the session has been terminated' },
    });
  });

  it('a token that cannot be read (10) logs out too', async () => {
    const { actor, effects } = start({ queryToken: null, storedToken: 'garbled' }, {
      validate: async () => { throw { status: 200, code: 10, message: 'signature not verified', params: {} }; },
    });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(effects.cleared).toBe(1);
  });

  for (const [what, error] of [
    ['no answer (offline, a timeout)', { status: 0, code: null, message: 'Failed to fetch', params: {} }],
    ['a 5xx', { status: 503, code: null, message: 'HTTP 503', params: {} }],
    ['an operator error body on a 500', { status: 500, code: 50000, message: 'internal error', params: {} }],
  ] as const) {
    it(`${what} keeps the token: reconnecting with the backoff, bounded, then the network-error screen until a retry`, async () => {
      let calls = 0;
      let healthy = false;
      const { actor, clock, effects } = start({ queryToken: null, storedToken: 'kept' }, {
        validate: async (token) => {
          calls += 1;
          if (!healthy) throw error;
          return session(token);
        },
      });
      await waitFor(actor, (s) => s.matches('reconnecting'));
      expect(actor.getSnapshot().context.token).toBe('kept');
      // However long the outage lasts, the token is asked about VALIDATE_TRIES times.
      for (let i = 0; i < 40 && !actor.getSnapshot().matches('unreachable'); i++) {
        clock.increment(BACKOFF_CAP_MS);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      expect(actor.getSnapshot().value).toBe('unreachable');
      expect(calls).toBe(VALIDATE_TRIES);
      expect(effects.cleared).toBe(0);
      expect(actor.getSnapshot().context.token).toBe('kept');
      // The network is back: the player (or the browser's online event) retries and is in.
      healthy = true;
      actor.send({ type: 'network.online' });
      await waitFor(actor, (s) => s.matches('loggedIn'));
      expect(actor.getSnapshot().context.token).toBe('kept');
      expect(effects.cleared).toBe(0);
    });
  }

  it('a wrong password keeps the player on the form with the server failure', async () => {
    const { actor } = start({ queryToken: null, storedToken: null }, {
      login: async () => { throw { code: 10700, message: 'wrong', params: { left_count: 4, block_time: 15 } }; },
    });
    await waitFor(actor, (s) => s.matches({ loggedOut: 'idle' }));
    actor.send({ type: 'user.login', credentials: { username: 'demo', password: 'nope', remember: true } });
    await waitFor(actor, (s) => s.matches({ loggedOut: 'idle' }) && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toEqual({ code: 10700, message: 'wrong', params: { left_count: 4, block_time: 15 } });
  });

  it('logs out automatically when the token expires (simulated clock)', async () => {
    const { actor, clock, effects } = start({ queryToken: null, storedToken: 'kept' }, {
      validate: async (t) => session(t, 5_000),
    });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    clock.increment(4_999);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(actor.getSnapshot().context.logoutReason).toBe('expired');
    expect(effects.cleared).toBe(1);
  });

  it('any 401 logs out and clears the token', async () => {
    const { actor, effects } = start({ queryToken: null, storedToken: 'kept' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'server.unauthorized', failure: { code: 10, message: 'signature not verified', params: {} } });
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, session: null, roles: [], logoutReason: 'unauthorized' });
    expect(effects.cleared).toBe(1);
  });

  it('tells its followers when a login starts and ends, and names its login actors in the actor system', async () => {
    const { actor } = start({ queryToken: null, storedToken: 'kept' });
    const heard: Array<{ type: string; roles: string[] }> = [];
    const note = (type: string) => heard.push({ type, roles: [...actor.getSnapshot().context.roles] });
    actor.on('session.started', () => note('session.started'));
    actor.on('session.ended', () => note('session.ended'));
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(heard).toEqual([{ type: 'session.started', roles: ['user'] }]);
    // Who talks to whom, by name: the logged-in pages reach these through the system.
    for (const name of ['wallet', 'reconnect', 'idleLock', 'notifications']) expect(actor.system.get(name)).toBeDefined();
    actor.send({ type: 'user.logout' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    // Ended once the roles are gone, so a route guard that runs on it sees a guest.
    expect(heard).toEqual([
      { type: 'session.started', roles: ['user'] },
      { type: 'session.ended', roles: [] },
    ]);
    expect(actor.system.get('wallet')).toBeUndefined();
  });

  it('logout posts the logout and clears the token, even when the post fails', async () => {
    const { actor, effects } = start({ queryToken: null, storedToken: 'kept' }, {
      logout: async () => { throw new Error('offline'); },
    });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'user.logout' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(effects.loggedOut).toBe(1);
    expect(effects.cleared).toBe(1);
    // The lock belonged to that login: the next one starts unlocked.
    expect(effects.locksForgotten).toBe(1);
  });

  it("the idle lock's logout button logs out without a failure to show", async () => {
    const { actor, effects } = start({ queryToken: null, storedToken: 'kept' }, { lockedWithWrongPins: 2 });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    const idleLock = actor.getSnapshot().children.idleLock!;
    await waitFor(idleLock, (s) => s.matches('locked'));
    idleLock.send({ type: 'user.logout' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(effects.loggedOut).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, logoutReason: null });
  });

  it('the fifth wrong PIN in a row logs out like the lock\'s logout, with failure 10705 for the login form', async () => {
    const { actor, effects } = start({ queryToken: null, storedToken: 'kept' }, { lockedWithWrongPins: MAX_WRONG_PINS - 1 });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    const idleLock = actor.getSnapshot().children.idleLock!;
    await waitFor(idleLock, (s) => s.matches({ locked: 'idle' }));
    idleLock.send({ type: 'user.unlock', pin: '0000' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(effects.loggedOut).toBe(1);
    expect(effects.cleared).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({
      token: null,
      roles: [],
      logoutReason: 'tooManyWrongPins',
      failure: { code: ErrorCode.tooManyWrongPins, params: {} },
    });
    expect(TOO_MANY_WRONG_PINS).toBe(ErrorCode.tooManyWrongPins);

    // The next login attempt starts clean.
    actor.send({ type: 'user.login', credentials: { username: 'demo', password: 'demo1234', remember: true } });
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, logoutReason: null });
  });

  it('logout is refused without a role', async () => {
    const { actor, effects } = start({ queryToken: null, storedToken: null });
    await waitFor(actor, (s) => s.matches({ loggedOut: 'idle' }));
    expect(actor.getSnapshot().can({ type: 'user.logout' })).toBe(false);
    actor.send({ type: 'user.logout' });
    expect(effects.loggedOut).toBe(0);
  });
});
