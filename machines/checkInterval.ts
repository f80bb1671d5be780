/**
 * checkInterval — how often the player's reality check comes, chosen on the profile from the
 * operator's list (player protection).
 *
 *   loading ──loaded──▶ ready ──user.choose (another of the choices)──▶ saving ──saved──▶ ready
 *      └──failed──▶ failed ──user.retry──▶ loading                          └──failed──▶ ready (failure kept)
 *
 * One request in flight: nothing is chosen while one is saving. The interval shown is always the
 * operator's word (its answer to the load or the save), never the press alone.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ProtectionSettings } from '../protocol/protection.ts';
import { toFailure, type Failure } from './failure.ts';

/** The player's interval, the operator's default and the choices (minutes). */
export type CheckIntervalSettings = ProtectionSettings['realityCheck'];

export interface CheckIntervalContext {
  settings: CheckIntervalSettings | null;
  /** The minutes on their way, while saving. */
  choosing: number | null;
  failure: Failure | null;
}

export type CheckIntervalEvent = { type: 'user.choose'; minutes: number } | { type: 'user.retry' };

export const checkIntervalMachine = setup({
  types: {
    context: {} as CheckIntervalContext,
    events: {} as CheckIntervalEvent,
    tags: {} as 'interval:loading' | 'interval:saving' | 'interval:failed',
  },
  actors: {
    /** GET /player/protection. */
    load: fromPromise<CheckIntervalSettings, void>(async () => {
      throw new Error('load not provided');
    }),
    /** POST /player/protection/reality-check: answers the settings as they are now. */
    save: fromPromise<CheckIntervalSettings, { minutes: number }>(async () => {
      throw new Error('save not provided');
    }),
  },
  guards: {
    /** One of the operator's choices, and not the one already kept. */
    newChoice: ({ context, event }) =>
      event.type === 'user.choose' && context.settings !== null && event.minutes !== context.settings.minutes && context.settings.choices.includes(event.minutes),
  },
}).createMachine({
  id: 'checkInterval',
  context: { settings: null, choosing: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['interval:loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['interval:failed'],
      on: { 'user.retry': 'loading' },
    },
    ready: {
      on: {
        'user.choose': { guard: 'newChoice', target: 'saving', actions: assign({ choosing: ({ event }) => event.minutes, failure: null }) },
      },
    },
    saving: {
      tags: ['interval:saving'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ minutes: context.choosing ?? 0 }),
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output, choosing: null }) },
        onError: { target: 'ready', actions: assign({ choosing: null, failure: ({ event }) => toFailure(event.error) }) },
      },
    },
  },
});
