/**
 * playerLimits — the money limits a player sets themselves on the profile (player protection).
 *
 *   loading ──loaded──▶ ready ──user.setLimit──▶ saving ──saved──▶ ready
 *      └──failed──▶ failed ──user.retry──▶ loading          └──failed──▶ ready (failure kept)
 *
 * The limits shown are always the operator's word: a raise or a removal comes back waiting out
 * its cooling-off (`pending`), the limit in force unchanged. One save in flight.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LimitKind, LimitRequest, PlayerLimit } from '../protocol/protection.ts';
import { toFailure, type Failure } from './failure.ts';

/** The player's limits (every kind) and those the jurisdiction requires. */
export interface LimitsView {
  limits: PlayerLimit[];
  mandatory: LimitKind[];
}

export interface PlayerLimitsContext {
  view: LimitsView | null;
  /** The change on its way, while saving. */
  saving: LimitRequest | null;
  failure: Failure | null;
}

export type PlayerLimitsEvent = { type: 'user.setLimit'; kind: LimitKind; amount: number | null } | { type: 'user.retry' };

export const playerLimitsMachine = setup({
  types: {
    context: {} as PlayerLimitsContext,
    events: {} as PlayerLimitsEvent,
    tags: {} as 'limits:loading' | 'limits:saving' | 'limits:failed',
  },
  actors: {
    /** GET /player/protection. */
    load: fromPromise<LimitsView, void>(async () => {
      throw new Error('load not provided');
    }),
    /** POST /player/protection/limit: answers the limits as they are now. */
    save: fromPromise<LimitsView, LimitRequest>(async () => {
      throw new Error('save not provided');
    }),
  },
  guards: {
    /** A limit of a whole number of minor units above 0, or none where none is allowed. */
    acceptable: ({ context, event }) =>
      event.type === 'user.setLimit' &&
      context.view !== null &&
      (event.amount === null ? !context.view.mandatory.includes(event.kind) : Number.isSafeInteger(event.amount) && event.amount > 0),
  },
}).createMachine({
  id: 'playerLimits',
  context: { view: null, saving: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['limits:loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ view: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['limits:failed'],
      on: { 'user.retry': 'loading' },
    },
    ready: {
      on: {
        'user.setLimit': {
          guard: 'acceptable',
          target: 'saving',
          actions: assign({ saving: ({ event }) => ({ kind: event.kind, amount: event.amount }), failure: null }),
        },
      },
    },
    saving: {
      tags: ['limits:saving'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.saving!,
        onDone: { target: 'ready', actions: assign({ view: ({ event }) => event.output, saving: null }) },
        onError: { target: 'ready', actions: assign({ saving: null, failure: ({ event }) => toFailure(event.error) }) },
      },
    },
  },
});
