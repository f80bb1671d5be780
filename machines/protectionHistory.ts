/**
 * protectionHistory — the player's own protection history on the profile: every limit change,
 * interval chosen, reality check answered and lock, as the operator keeps them.
 *
 *   closed ──user.open──▶ loading ──loaded──▶ shown ──user.close──▶ closed
 *                            └──failed──▶ failed ──user.retry──▶ loading
 *                                            └──user.close──▶ closed
 *
 * Loaded each time it is opened, so a choice made on the page meanwhile is in it; one load in flight.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ProtectionEntry } from '../protocol/protection.ts';
import { toFailure, type Failure } from './failure.ts';

export interface ProtectionHistoryContext {
  /** The entries, newest first, as last loaded (null before the first load). */
  entries: ProtectionEntry[] | null;
  failure: Failure | null;
}

export type ProtectionHistoryEvent = { type: 'user.open' } | { type: 'user.close' } | { type: 'user.retry' };

export const protectionHistoryMachine = setup({
  types: {
    context: {} as ProtectionHistoryContext,
    events: {} as ProtectionHistoryEvent,
    tags: {} as 'history:open' | 'history:loading' | 'history:failed',
  },
  actors: {
    /** GET /player/protection/history. */
    load: fromPromise<ProtectionEntry[], void>(async () => {
      throw new Error('load not provided');
    }),
  },
}).createMachine({
  id: 'protectionHistory',
  context: { entries: null, failure: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': 'loading' },
    },
    loading: {
      tags: ['history:open', 'history:loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'shown', actions: assign({ entries: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
      on: { 'user.close': 'closed' },
    },
    shown: {
      tags: ['history:open'],
      on: { 'user.close': 'closed' },
    },
    failed: {
      tags: ['history:open', 'history:failed'],
      on: { 'user.retry': 'loading', 'user.close': 'closed' },
    },
  },
});
