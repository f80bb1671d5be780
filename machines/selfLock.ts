/**
 * selfLock — the player locks themselves out: the panic button, a break or a self-exclusion.
 *
 *   idle ──user.panic──▶ locking                       (Germany's GlüStV §6i: one press, no question)
 *   idle ──user.choose (a break or an exclusion)──▶ confirming ──user.confirm──▶ locking
 *                                                       └──user.cancel──▶ idle
 *   locking ──locked──▶ locked (final: the app logs the player out with the lock's end)
 *          └──failed──▶ idle (the failure shown; the player may try again)
 *
 * The panic button must not ask (the law forbids a confirmation); a break or an exclusion lasts
 * days to years, so it is asked once. One request in flight: nothing is taken while it locks. A
 * lost answer is a failure the player may retry; if the server did lock, the sockets' 10710 logs
 * the player out anyway.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LockRequest } from '../protocol/protection.ts';
import { toFailure, type Failure } from './failure.ts';

/** What the player locks themselves out for: the panic button's 24 hours, or a break or exclusion's period. */
export type LockChoice = { kind: 'panic' } | LockRequest;

export interface SelfLockContext {
  /** The lock being asked about or on its way, or null. */
  choice: LockChoice | null;
  /** When the lock ends (epoch ms, the server's), once it is on. */
  until: number | null;
  failure: Failure | null;
}

export type SelfLockEvent =
  | { type: 'user.panic' }
  | { type: 'user.choose'; choice: LockRequest }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

export const selfLockMachine = setup({
  types: {
    context: {} as SelfLockContext,
    events: {} as SelfLockEvent,
    tags: {} as 'lock:confirming' | 'lock:locking' | 'lock:locked',
  },
  actors: {
    /** POST /player/protection/panic or /player/protection/lock: answers when the lock ends. */
    lock: fromPromise<{ until: number }, LockChoice>(async () => {
      throw new Error('lock not provided');
    }),
  },
  actions: {
    /** The lock is on and every login session has ended: the app logs the player out, with the lock's end. */
    lockedOut: (_, _params: { until: number; kind: LockChoice['kind'] }) => {},
  },
}).createMachine({
  id: 'selfLock',
  context: { choice: null, until: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.panic': { target: 'locking', actions: assign({ choice: { kind: 'panic' }, failure: null }) },
        'user.choose': { target: 'confirming', actions: assign({ choice: ({ event }) => event.choice, failure: null }) },
      },
    },
    confirming: {
      tags: ['lock:confirming'],
      on: {
        'user.confirm': 'locking',
        'user.cancel': { target: 'idle', actions: assign({ choice: null }) },
      },
    },
    locking: {
      tags: ['lock:locking'],
      invoke: {
        id: 'lock',
        src: 'lock',
        input: ({ context }) => context.choice!,
        onDone: {
          target: 'locked',
          actions: [
            assign({ until: ({ event }) => event.output.until }),
            { type: 'lockedOut', params: ({ context, event }) => ({ until: event.output.until, kind: context.choice!.kind }) },
          ],
        },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    locked: { type: 'final', tags: ['lock:locked'] },
  },
});
