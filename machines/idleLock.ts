/**
 * idleLock — the PIN lock after inactivity (SPEC §4).
 *
 *   starting ──restoreLock──▶ off        (PIN_CHECK off: never locks)
 *                         └─▶ lockedOut  (stored lock flag with MAX_WRONG_PINS wrong PINs already)
 *                         └─▶ locked     (PIN_CHECK on and the stored lock flag set: a reload stays locked,
 *                                         with its count of wrong PINs)
 *                         └─▶ active
 *   active ──idleTimeout (60000 ms, restarted by user.activity)──▶ locked  (flag stored)
 *          (while active, the provided `activity` child reports the player's input as user.activity)
 *   locked.idle ──(no pin_code, or one the client refuses)──▶ locked.cannotUnlock (only logging out is left)
 *   locked.idle ──user.unlock──▶ locked.checking ──verifyPin: matches──▶ active (flag and count cleared)
 *                                              ├─wrong, the MAX_WRONG_PINS-th in a row──▶ lockedOut
 *                                              ├─wrong──▶ locked.idle (wrongPin, count stored)
 *                                              └─pin_code refused──▶ locked.cannotUnlock
 *   locked ──user.logout──▶ loggedOut (final)
 *   The parent (auth) logs out when this machine is done; its output says whether the player
 *   asked or the wrong PINs did. Neither final state clears the stored flag: the lock lasts until
 *   the login has really ended, so reloading during the logout does not skip it.
 */
import { assign, fromCallback, fromPromise, not, setup } from 'xstate';

/**
 * Wrong PINs in a row that log the player out (reset by the right one; a reload keeps the count).
 * The wire's one attempt policy (SECRET_ATTEMPTS.max in protocol/auth.ts, which the server
 * applies to passwords) — a copy, since machines take only types from protocol/; a test pins them.
 */
export const MAX_WRONG_PINS = 5;

export interface IdleLockInput {
  /** The operator's pin_code (a salted PBKDF2 verifier, opaque here); null: no PIN to unlock with. */
  pinCode: string | null;
}

export interface IdleLockContext extends IdleLockInput {
  wrongPin: boolean;
  /** Wrong PINs in a row since the lock was last opened. */
  attempts: number;
}

export interface RestoredLock {
  pinCheck: boolean;
  locked: boolean;
  /** Wrong PINs in a row stored with the lock flag. */
  attempts: number;
}

export interface IdleLockOutput {
  reason: 'playerLoggedOut' | 'tooManyWrongPins';
}

export type IdleLockEvent =
  | { type: 'user.activity' }
  | { type: 'user.unlock'; pin: string }
  | { type: 'user.logout' }
  /** The player set a new PIN: unlock with that one from now on. */
  | { type: 'pin.changed'; pinCode: string };

export const idleLockMachine = setup({
  types: {
    context: {} as IdleLockContext,
    events: {} as IdleLockEvent,
    input: {} as IdleLockInput,
    output: {} as IdleLockOutput,
    tags: {} as 'lock:shown' | 'lock:checking' | 'lock:cannotUnlock',
  },
  actors: {
    /** PIN_CHECK from the settings, the stored lock flag and count of wrong PINs. */
    restoreLock: fromPromise<RestoredLock, void>(async () => ({ pinCheck: false, locked: false, attempts: 0 })),
    /** Whether the PIN is the one behind pin_code (derived with the parameters pin_code carries); fails when pin_code is refused. */
    verifyPin: fromPromise<boolean, { pinCode: string; pin: string }>(async () => {
      throw new Error('verifyPin not provided');
    }),
    /** Sends user.activity when the player touches, types or scrolls (the app listens to the page). */
    activity: fromCallback(() => () => {}),
  },
  actions: {
    storeLockFlag: (_, _locked: boolean) => {},
    /** Keeps the count of wrong PINs beside the lock flag. */
    storeAttempts: (_, _attempts: number) => {},
  },
  guards: {
    pinCheckOff: (_, answer: RestoredLock) => !answer.pinCheck,
    wasLocked: (_, answer: RestoredLock) => answer.locked,
    /** Locked with every wrong PIN used (the page went away before the logout finished). */
    wasLockedOut: (_, answer: RestoredLock) => answer.locked && answer.attempts >= MAX_WRONG_PINS,
    /**
     * Whether there is a pin_code to check a PIN against. src/app also checks its form and
     * strength (protocol/pinCode.ts): a refused one cannot unlock either.
     */
    pinCodeUsable: ({ context }) => context.pinCode !== null,
    pinMatches: (_, matched: boolean) => matched,
    lastAttempt: ({ context }) => context.attempts + 1 >= MAX_WRONG_PINS,
  },
  delays: {
    idleTimeout: 60_000,
  },
}).createMachine({
  id: 'idleLock',
  context: ({ input }) => ({ ...input, wrongPin: false, attempts: 0 }),
  output: ({ context }) => ({ reason: context.attempts >= MAX_WRONG_PINS ? 'tooManyWrongPins' : 'playerLoggedOut' }),
  on: { 'pin.changed': { actions: assign({ pinCode: ({ event }) => event.pinCode }) } },
  initial: 'starting',
  states: {
    starting: {
      description: 'No lock yet: the page beneath is usable while the kept lock is read',
      invoke: {
        id: 'restoreLock',
        src: 'restoreLock',
        onDone: [
          { guard: { type: 'pinCheckOff', params: ({ event }) => event.output }, target: 'off' },
          {
            guard: { type: 'wasLockedOut', params: ({ event }) => event.output },
            target: 'lockedOut',
            actions: assign({ attempts: ({ event }) => event.output.attempts }),
          },
          {
            guard: { type: 'wasLocked', params: ({ event }) => event.output },
            target: 'locked',
            actions: assign({ attempts: ({ event }) => event.output.attempts }),
          },
          { target: 'active' },
        ],
        // restoreLock does not fail: storage that cannot be read is no lock (src/services/storage.ts).
      },
    },
    off: { description: 'No lock ever (the operator has PIN checks off): the page is usable' },
    active: {
      description: 'No lock: the page is usable, and the player\'s activity is watched',
      invoke: { id: 'activity', src: 'activity' },
      after: { idleTimeout: 'locked' },
      on: { 'user.activity': { target: 'active', reenter: true } },
    },
    locked: {
      tags: ['lock:shown'],
      entry: { type: 'storeLockFlag', params: true },
      initial: 'idle',
      on: { 'user.logout': 'loggedOut' },
      states: {
        idle: {
          always: { guard: not('pinCodeUsable'), target: 'cannotUnlock' },
          on: { 'user.unlock': 'checking' },
        },
        checking: {
          tags: ['lock:checking'],
          invoke: {
            id: 'verifyPin',
            src: 'verifyPin',
            input: ({ context, event }) => ({ pinCode: context.pinCode ?? '', pin: event.type === 'user.unlock' ? event.pin : '' }),
            onDone: [
              {
                guard: { type: 'pinMatches', params: ({ event }) => event.output },
                target: '#idleLock.active',
                actions: [
                  { type: 'storeLockFlag', params: false },
                  { type: 'storeAttempts', params: 0 },
                  assign({ wrongPin: false, attempts: 0 }),
                ],
              },
              {
                guard: 'lastAttempt',
                target: '#idleLock.lockedOut',
                actions: [
                  assign({ wrongPin: true, attempts: ({ context }) => context.attempts + 1 }),
                  { type: 'storeAttempts', params: ({ context }) => context.attempts },
                ],
              },
              {
                target: 'idle',
                actions: [
                  assign({ wrongPin: true, attempts: ({ context }) => context.attempts + 1 }),
                  { type: 'storeAttempts', params: ({ context }) => context.attempts },
                ],
              },
            ],
            // pin_code turned out unusable (refused parameters, no WebCrypto): no PIN can open it.
            onError: 'cannotUnlock',
          },
        },
        /** No PIN can open this lock (pinCode null: the player has none; else it was refused): log out. */
        cannotUnlock: { tags: ['lock:cannotUnlock'] },
      },
    },
    loggedOut: { type: 'final', description: 'The lock is gone: the player chose to log out (the login form follows)' },
    /** MAX_WRONG_PINS wrong PINs in a row: the parent logs the player out with code 10705. */
    lockedOut: { type: 'final', description: 'The lock is gone: too many wrong PINs log the player out (the login form follows, with 10705)' },
  },
});
