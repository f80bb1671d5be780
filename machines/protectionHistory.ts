/**
 * protectionHistory — the player's own protection history on the profile: the latest limit
 * changes, intervals chosen, reality checks answered and locks, as the operator keeps them (the
 * first RECENT_HISTORY_SIZE of them; the whole list is its own page, an accountList).
 *
 *   closed ──user.open──▶ loading ──loaded──▶ shown ──user.close──▶ closed
 *                            └──failed──▶ failed ──user.retry──▶ loading
 *                                            └──user.close──▶ closed
 *   shown.current ──protection.changed──▶ shown.refreshing ──loaded──▶ shown.current
 *                                              └──failed──▶ failed
 *
 * Loaded each time it is opened, so a choice made meanwhile is in it; one load in flight. While it
 * is open, a choice made on the page (a limit, an interval: the `changes` actor says so) loads it
 * again, the entries shown staying up until the new ones are in.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ProtectionEntry } from '../protocol/protection.ts';
import type { ListPage } from './accountList.ts';
import { toFailure, type Failure } from './failure.ts';

/** How many of the latest entries the profile shows: the rest are on the history's own page. */
export const RECENT_HISTORY_SIZE = 5;

export interface ProtectionHistoryContext {
  /** The latest entries, newest first, as last loaded (null before the first load). */
  entries: ProtectionEntry[] | null;
  /** How many entries the player has in all, as last loaded (0 before the first load). */
  total: number;
  failure: Failure | null;
}

export type ProtectionHistoryEvent =
  | { type: 'user.open' }
  | { type: 'user.close' }
  | { type: 'user.retry' }
  /** The player's protection choices changed (saved elsewhere on the page). */
  | { type: 'protection.changed' };

export const protectionHistoryMachine = setup({
  types: {
    context: {} as ProtectionHistoryContext,
    events: {} as ProtectionHistoryEvent,
    tags: {} as 'history:open' | 'history:loading' | 'history:failed',
  },
  actors: {
    /** GET /player/protection/history: its first page, `size` entries long. */
    load: fromPromise<ListPage<ProtectionEntry>, { size: number }>(async () => {
      throw new Error('load not provided');
    }),
    /** Says `protection.changed` each time one of the player's protection choices is saved. */
    changes: fromCallback<ProtectionHistoryEvent>(() => undefined),
  },
  actions: {
    keepEntries: assign((_, page: ListPage<ProtectionEntry>) => ({ entries: page.items, total: page.total, failure: null })),
  },
}).createMachine({
  id: 'protectionHistory',
  context: { entries: null, total: 0, failure: null },
  initial: 'closed',
  invoke: { id: 'changes', src: 'changes' },
  states: {
    closed: {
      on: { 'user.open': 'loading' },
    },
    loading: {
      tags: ['history:open', 'history:loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: { size: RECENT_HISTORY_SIZE },
        onDone: { target: 'shown', actions: { type: 'keepEntries', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
      on: {
        'user.close': 'closed',
        // A change saved while it loads: this load may have read the books before it.
        'protection.changed': { target: 'loading', reenter: true },
      },
    },
    shown: {
      tags: ['history:open'],
      initial: 'current',
      on: {
        'user.close': 'closed',
        // A newer change while one is loaded: that load is dropped and a new one asked.
        'protection.changed': { target: '.refreshing', reenter: true },
      },
      states: {
        current: {},
        refreshing: {
          invoke: {
            id: 'load',
            src: 'load',
            input: { size: RECENT_HISTORY_SIZE },
            onDone: { target: 'current', actions: { type: 'keepEntries', params: ({ event }) => event.output } },
            onError: { target: '#protectionHistory.failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
          },
        },
      },
    },
    failed: {
      tags: ['history:open', 'history:failed'],
      on: { 'user.retry': 'loading', 'user.close': 'closed' },
    },
  },
});
