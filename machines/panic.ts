/**
 * panic — the panic button (Germany's GlüStV §6i; shown where the jurisdiction's rules ask for it).
 *
 *   idle ──user.panic──▶ locking ──locked──▶ locked (final: the app logs the player out, saying until when)
 *                           └──failed──▶ idle (the failure shown; a press tries again)
 *
 * One press, no question asked: the law forbids asking the player to confirm. A press while the
 * lock is on its way is not taken again (one request in flight). A lost answer is a failure the
 * player may press again for; if the server did lock, the sockets' 10710 logs the player out anyway.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type Failure } from './failure.ts';

export interface PanicContext {
  /** When the lock ends (epoch ms, the server's), once it is on. */
  until: number | null;
  failure: Failure | null;
}

export type PanicEvent = { type: 'user.panic' };

export const panicMachine = setup({
  types: {
    context: {} as PanicContext,
    events: {} as PanicEvent,
    tags: {} as 'panic:locking' | 'panic:locked',
  },
  actors: {
    /** POST /player/protection/panic: answers when the lock ends. */
    lock: fromPromise<{ until: number }>(async () => {
      throw new Error('lock not provided');
    }),
  },
  actions: {
    /** The lock is on and every login session has ended: the app logs the player out, with the lock's end. */
    lockedOut: (_, _params: { until: number }) => {},
  },
}).createMachine({
  id: 'panic',
  context: { until: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.panic': { target: 'locking', actions: assign({ failure: null }) } },
    },
    locking: {
      tags: ['panic:locking'],
      invoke: {
        id: 'lock',
        src: 'lock',
        onDone: {
          target: 'locked',
          actions: [assign({ until: ({ event }) => event.output.until }), { type: 'lockedOut', params: ({ event }) => ({ until: event.output.until }) }],
        },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    locked: { type: 'final', tags: ['panic:locked'] },
  },
});
