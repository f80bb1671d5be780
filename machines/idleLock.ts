/**
 * idleLock — the PIN lock after inactivity (SPEC §4).
 *
 *   starting ──restoreLock──▶ off        (PIN_CHECK off: never locks)
 *                         └─▶ locked     (PIN_CHECK on and the stored lock flag set: a reload stays locked)
 *                         └─▶ active
 *   active ──idleTimeout (60000 ms, restarted by user.activity)──▶ locked  (flag stored)
 *   locked.idle ──user.unlock──▶ locked.checking ──hash matches pin_code──▶ active (flag cleared)
 *                                              └─no match──▶ locked.idle (wrongPin)
 *   locked ──user.logout──▶ loggedOut (final: flag cleared; the parent auth machine logs out)
 */
import { assign, fromPromise, setup } from 'xstate';

export interface IdleLockInput {
  username: string;
  /** SHA-256 of the PIN as the operator sent it (pin_code); null: nothing to unlock with. */
  pinCode: string | null;
}

export interface IdleLockContext extends IdleLockInput {
  wrongPin: boolean;
  attempts: number;
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
  },
  actors: {
    /** PIN_CHECK from the settings and the stored lock flag. */
    restoreLock: fromPromise<{ pinCheck: boolean; locked: boolean }, void>(async () => ({ pinCheck: false, locked: false })),
    /** The hash the operator uses for pin_code (src/protocol/auth.ts pinHashInput). */
    hashPin: fromPromise<string, { username: string; pin: string }>(async () => {
      throw new Error('hashPin not provided');
    }),
  },
  actions: {
    storeLockFlag: (_, _locked: boolean) => {},
  },
  guards: {
    pinCheckOff: (_, answer: { pinCheck: boolean; locked: boolean }) => !answer.pinCheck,
    wasLocked: (_, answer: { pinCheck: boolean; locked: boolean }) => answer.locked,
    pinMatches: ({ context }, hash: string) => context.pinCode !== null && hash === context.pinCode,
  },
  delays: {
    idleTimeout: 60_000,
  },
}).createMachine({
  id: 'idleLock',
  context: ({ input }) => ({ ...input, wrongPin: false, attempts: 0 }),
  on: { 'pin.changed': { actions: assign({ pinCode: ({ event }) => event.pinCode }) } },
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        id: 'restoreLock',
        src: 'restoreLock',
        onDone: [
          { guard: { type: 'pinCheckOff', params: ({ event }) => event.output }, target: 'off' },
          { guard: { type: 'wasLocked', params: ({ event }) => event.output }, target: 'locked' },
          { target: 'active' },
        ],
        onError: 'active',
      },
    },
    off: {},
    active: {
      after: { idleTimeout: 'locked' },
      on: { 'user.activity': { target: 'active', reenter: true } },
    },
    locked: {
      entry: { type: 'storeLockFlag', params: true },
      initial: 'idle',
      on: { 'user.logout': 'loggedOut' },
      states: {
        idle: {
          on: { 'user.unlock': 'checking' },
        },
        checking: {
          invoke: {
            id: 'hashPin',
            src: 'hashPin',
            input: ({ context, event }) => ({ username: context.username, pin: event.type === 'user.unlock' ? event.pin : '' }),
            onDone: [
              {
                guard: { type: 'pinMatches', params: ({ event }) => event.output },
                target: '#idleLock.active',
                actions: [{ type: 'storeLockFlag', params: false }, assign({ wrongPin: false, attempts: 0 })],
              },
              { target: 'idle', actions: assign({ wrongPin: true, attempts: ({ context }) => context.attempts + 1 }) },
            ],
            onError: { target: 'idle', actions: assign({ wrongPin: true }) },
          },
        },
      },
    },
    loggedOut: {
      type: 'final',
      entry: { type: 'storeLockFlag', params: false },
    },
  },
});
