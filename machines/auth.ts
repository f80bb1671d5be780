/**
 * auth — who is playing.
 *
 *   splash (reads the query and stored tokens)
 *      ──(token in query or storage)──▶ validating ──ok──▶ loggedIn
 *      │                                        ├─a real "no" (401, an unreadable token)─▶ loggedOut (token cleared, failure kept for a toast)
 *      │                                        ├─no answer, timeout, 5xx─▶ reconnecting ──reconnectBackoff | network.online──▶ validating
 *      │                                        └─the same, VALIDATE_TRIES-th─▶ unreachable ──user.retry | network.online──▶ validating
 *      │                                        └─user.login (a Login pressed before the app booted)─▶ loggedOut.submitting (kept token cleared)
 *      │   (the token is kept through all of it: only the operator's "no" ends a login)
 *      └──(no token)──▶ loggedOut.idle ──user.login──▶ loggedOut.submitting ──ok──▶ loggedIn
 *                                                              └─fail─▶ idle (failure on the form)
 *   loggedIn runs the wallet, the reconnect dialog, the idle lock and the notification socket as
 *   children, so they
 *   live exactly as long as the login (the idle lock's logout logs out); it forwards balances to the wallet and open sessions to the
 *   dialog, and emits machine statuses, the player's own session changes and info messages to
 *   whoever listens (lobby, toasts).
 *   loggedIn ──user.logout (only with a role)──▶ loggingOut ──▶ loggedOut
 *   loggedIn ──idle lock done──▶ loggingOut ──▶ loggedOut (after 5 wrong PINs with failure 10705 for the login form)
 *   loggedIn ──server.unauthorized (any 401) | tokenExpiry──▶ loggedOut (token cleared)
 *
 * Side effects are named placeholders; src/app provides the real ones.
 */
import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import { backoffDelay } from './backoff.ts';
import { toFailure, type Failure } from './failure.ts';
import type { idleLockMachine, IdleLockOutput } from './idleLock.ts';
import type { notificationSocketMachine } from './notificationSocket.ts';
import type { AuthContext, AuthEmitted, AuthEvent, Credentials, Session, TokenSources } from './auth.types.ts';
import type { reconnectMachine } from './reconnect.ts';
import type { walletMachine } from './wallet.ts';

export * from './auth.types.ts';

/** Token checks that found no answer before the player sees the network-error screen (the login is kept). */
export const VALIDATE_TRIES = 5;

/** An unreadable token (the operator's signature code, or the client's own decoding). */
const SIGNATURE_NOT_VERIFIED = 10;

/**
 * Whether a failed token check is the operator's "no" — a 401, or a token that cannot be read —
 * rather than no answer (network down, a timeout, a 5xx, garbage), which must not end a login.
 */
export function isRefusal(failure: Failure): boolean {
  return failure.status === 401 || failure.code === SIGNATURE_NOT_VERIFIED;
}

/** The idle lock logged the player out after too many wrong PINs (a client code beside SPEC §8's 107xx). */
export const TOO_MANY_WRONG_PINS = 10705;

/**
 * The stand-in for a child machine the app must provide: typed as that machine, failing with a
 * clear message if it is ever started unprovided.
 */
function mustBeProvided<TLogic>(name: string): TLogic {
  return fromPromise<never>(async () => {
    throw new Error(`auth: the ${name} machine was not provided`);
  }) as unknown as TLogic;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    children: {} as { wallet: 'wallet'; reconnect: 'reconnect'; notifications: 'notifications'; idleLock: 'idleLock' },
    emitted: {} as AuthEmitted,
    tags: {} as 'login:open' | 'login:submitting' | 'gate:checking' | 'gate:reconnecting' | 'gate:unreachable',
  },
  actors: {
    /**
     * The wallet (the balance lives as long as the login), the reconnect dialog and the idle lock
     * run only for a logged-in player, so the app provides them (with their services) and can
     * load them beside the login rather than with /login.
     */
    wallet: mustBeProvided<typeof walletMachine>('wallet'),
    reconnect: mustBeProvided<typeof reconnectMachine>('reconnect'),
    idleLock: mustBeProvided<typeof idleLockMachine>('idleLock'),
    /** The notification socket (notificationSocket.ts), opened with the token after login; sends server.* events. */
    notifications: mustBeProvided<typeof notificationSocketMachine>('notificationSocket'),
    readTokens: fromPromise<TokenSources, void>(async () => {
      throw new Error('readTokens not provided');
    }),
    validateToken: fromPromise<Session, { token: string }>(async () => {
      throw new Error('validateToken not provided');
    }),
    login: fromPromise<Session, Credentials>(async () => {
      throw new Error('login not provided');
    }),
    logout: fromPromise<void, { token: string }>(async () => {
      throw new Error('logout not provided');
    }),
  },
  actions: {
    /** Keep the token as the access token (remember decides how long). */
    storeToken: (_, _params: { token: string; remember: boolean }) => {},
    clearToken: () => {},
    /** A kept login let go for another (a Login pressed before the boot): ended at the operator too, unawaited. */
    releaseToken: (_, _params: { token: string }) => {},
    /** Forget the idle lock kept on this device (locked, wrong PINs) for the next login. */
    forgetLock: () => {},
    /** Remove the token from the address bar once it has been adopted. */
    stripQueryToken: () => {},
    /** The notification socket's actor failed outright (the app may log it). */
    notificationsFailed: () => {},
  },
  guards: {
    hasQueryToken: (_, sources: TokenSources) => sources.queryToken !== null,
    hasStoredToken: (_, sources: TokenSources) => sources.storedToken !== null,
    hasRole: ({ context }) => context.roles.length > 0,
    lockedOutByWrongPins: (_, output: IdleLockOutput) => output.reason === 'tooManyWrongPins',
    /** The token check's error is the operator's "no" (isRefusal). */
    refused: ({ event }) => isRefusal(toFailure((event as { error?: unknown }).error)),
    lastValidation: ({ context }) => context.validations + 1 >= VALIDATE_TRIES,
  },
  delays: {
    tokenExpiry: ({ context }) => Math.max(0, context.session?.expiresInMs ?? 0),
    /** The shared backoff (backoff.ts); `validations` already counts the failure this waits after. */
    reconnectBackoff: ({ context }) => backoffDelay(context.validations - 1),
  },
}).createMachine({
  id: 'auth',
  context: {
    token: null,
    session: null,
    roles: [],
    failure: null,
    remember: true,
    logoutReason: null,
    validations: 0,
  },
  initial: 'splash',
  states: {
    splash: {
      // Until the login is known, the app shows its splash (a kept token is being checked).
      tags: ['gate:checking'],
      invoke: {
        id: 'readTokens',
        src: 'readTokens',
        onDone: [
          {
            guard: { type: 'hasQueryToken', params: ({ event }) => event.output },
            target: 'validating',
            actions: [
              assign({ token: ({ event }) => event.output.queryToken }),
              { type: 'storeToken', params: ({ event }) => ({ token: event.output.queryToken ?? '', remember: true }) },
              'stripQueryToken',
            ],
          },
          {
            guard: { type: 'hasStoredToken', params: ({ event }) => event.output },
            target: 'validating',
            actions: assign({ token: ({ event }) => event.output.storedToken }),
          },
          { target: 'loggedOut' },
        ],
        // No onError: the address and the storage are read without failing (unreadable storage is no token).
      },
    },
    validating: {
      tags: ['gate:checking'],
      on: {
        // A Login pressed on the painted form before the app had booted, handed over as the kept
        // login's check begins (the form is read-only from then on): the player asked to sign in
        // with these credentials, so the kept login is let go and theirs is sent.
        'user.login': {
          target: 'loggedOut.submitting',
          actions: [
            { type: 'releaseToken', params: ({ context }) => ({ token: context.token ?? '' }) },
            'clearToken',
            assign({ remember: ({ event }) => event.credentials.remember, validations: 0 }),
          ],
        },
      },
      invoke: {
        id: 'validateToken',
        src: 'validateToken',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'loggedIn',
          actions: assign({ session: ({ event }) => event.output, token: ({ event }) => event.output.token, validations: 0 }),
        },
        onError: [
          {
            guard: 'refused',
            target: 'loggedOut',
            actions: [
              'clearToken',
              assign({
                token: null,
                failure: ({ event }) => toFailure(event.error),
                logoutReason: 'validationFailed',
                validations: 0,
              }),
            ],
          },
          {
            guard: 'lastValidation',
            target: 'unreachable',
            actions: assign({ failure: ({ event }) => toFailure(event.error), validations: ({ context }) => context.validations + 1 }),
          },
          {
            target: 'reconnecting',
            actions: assign({ failure: ({ event }) => toFailure(event.error), validations: ({ context }) => context.validations + 1 }),
          },
        ],
      },
    },
    /** No answer to the token check: the token is kept, and asked about again after the backoff. */
    reconnecting: {
      tags: ['gate:reconnecting'],
      after: { reconnectBackoff: 'validating' },
      on: { 'network.online': 'validating' },
    },
    /** Still no answer: the network-error screen, with the token kept until the player or the browser retries. */
    unreachable: {
      tags: ['gate:unreachable'],
      on: {
        'user.retry': { target: 'validating', actions: assign({ validations: 0, failure: null }) },
        'network.online': { target: 'validating', actions: assign({ validations: 0, failure: null }) },
      },
    },
    loggedIn: {
      description: 'The logged-in pages: the chrome with the balance and the page asked for (the lobby first); no login form',
      entry: [assign({ roles: ['user'], failure: null, logoutReason: null }), emit({ type: 'session.started' as const })],
      // The login's actors, each known to the whole actor system by its systemId: the logged-in
      // pages' machines reach the wallet and the reconnect dialog through it (src/app/loggedIn.ts).
      invoke: [
        { id: 'wallet', systemId: 'wallet', src: 'wallet' },
        { id: 'reconnect', systemId: 'reconnect', src: 'reconnect' },
        {
          id: 'idleLock',
          systemId: 'idleLock',
          src: 'idleLock',
          input: ({ context }) => ({ pinCode: context.session?.pinCode ?? null }),
          // The lock dialog's logout ends the lock, and so do too many wrong PINs; the player is logged out with it.
          onDone: [
            {
              guard: { type: 'lockedOutByWrongPins', params: ({ event }) => event.output },
              target: 'loggingOut',
              actions: assign({
                failure: { code: TOO_MANY_WRONG_PINS, message: 'too many wrong PINs', params: {} },
                logoutReason: 'tooManyWrongPins',
              }),
            },
            { target: 'loggingOut' },
          ],
        },
        {
          id: 'notifications',
          systemId: 'notifications',
          src: 'notifications',
          input: ({ context }) => ({ token: context.token ?? '', playerId: context.session?.user.id ?? '' }),
          // Without live notifications the player still plays; balances come with each answer.
          onError: { actions: 'notificationsFailed' },
        },
      ],
      after: {
        tokenExpiry: {
          target: 'loggedOut',
          actions: ['clearToken', assign({ logoutReason: 'expired' })],
        },
      },
      on: {
        'server.unauthorized': {
          target: 'loggedOut',
          actions: [
            'clearToken',
            assign({ failure: ({ event }) => event.failure, logoutReason: 'unauthorized' }),
          ],
        },
        'user.logout': { guard: 'hasRole', target: 'loggingOut' },
        'server.balance': { actions: sendTo('wallet', ({ event }) => event) },
        'session.pinChanged': {
          actions: [
            assign({ session: ({ context, event }) => (context.session ? { ...context.session, pinCode: event.pinCode } : null) }),
            sendTo('idleLock', ({ event }) => ({ type: 'pin.changed' as const, pinCode: event.pinCode })),
          ],
        },
        'server.session': {
          actions: [
            sendTo('reconnect', ({ event }) => event),
            emit(({ event }) => ({ type: 'session' as const, machineId: event.machineId, status: event.status })),
          ],
        },
        'server.machines': { actions: emit(({ event }) => ({ type: 'machines' as const, changes: event.changes })) },
        'server.info': {
          actions: emit(({ event }) => ({ type: 'info' as const, code: event.code, params: event.params, message: event.message, action: event.action })),
        },
      },
    },
    loggingOut: {
      description: 'The logged-in page stays as it was while the logout is told to the operator; the login form follows',
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token ?? '' }),
        // The server may already consider the token dead; the player is logged out either way.
        onDone: { target: 'loggedOut', actions: 'clearToken' },
        onError: { target: 'loggedOut', actions: 'clearToken' },
      },
    },
    loggedOut: {
      // A lock belongs to one login: a reload keeps it (with its wrong PINs), logging out ends it.
      // The roles are gone: whoever follows the login hears it ended (also at the start, as a guest).
      entry: [assign({ token: null, session: null, roles: [] }), 'forgetLock', emit({ type: 'session.ended' as const })],
      initial: 'idle',
      states: {
        idle: {
          // The form takes a login (one pressed while the app booted is sent now).
          tags: ['login:open'],
          on: {
            'user.login': {
              target: 'submitting',
              actions: assign({ remember: ({ event }) => event.credentials.remember }),
            },
            'user.dismissFailure': { actions: assign({ failure: null, logoutReason: null }) },
          },
        },
        submitting: {
          tags: ['login:submitting'],
          entry: assign({ failure: null, logoutReason: null }),
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              if (event.type !== 'user.login') throw new Error(`submitting entered by ${event.type}`);
              return event.credentials;
            },
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                assign({ session: ({ event }) => event.output, token: ({ event }) => event.output.token }),
                {
                  type: 'storeToken',
                  params: ({ context, event }) => ({ token: event.output.token, remember: context.remember }),
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({ failure: ({ event }) => toFailure(event.error) }),
            },
          },
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
