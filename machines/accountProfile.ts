/**
 * accountProfile — the player's profile as the server has it now (GET /player/profile).
 *
 *   loading ──fetched──▶ ready ──user.refresh──▶ loading
 *      └──fails──▶ failed ──user.retry──▶ loading
 *
 * Until it arrives the view shows what the login answered, so the page never starts empty.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ProfileResponse } from '../protocol/account.ts';
import { toFailure, type Failure } from './failure.ts';

/** The profile as GET /player/profile answers it (the wire's type: balance in minor units). */
export type AccountProfile = ProfileResponse;

export interface AccountProfileContext {
  profile: AccountProfile | null;
  failure: Failure | null;
}

export type AccountProfileEvent = { type: 'user.refresh' } | { type: 'user.retry' };

export const accountProfileMachine = setup({
  types: {
    context: {} as AccountProfileContext,
    events: {} as AccountProfileEvent,
    tags: {} as 'profile:failed',
  },
  actors: {
    fetchProfile: fromPromise<AccountProfile, void>(async () => {
      throw new Error('fetchProfile not provided');
    }),
  },
}).createMachine({
  id: 'accountProfile',
  context: { profile: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: { target: 'ready', actions: assign({ profile: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    ready: { on: { 'user.refresh': 'loading' } },
    failed: { tags: ['profile:failed'], on: { 'user.retry': 'loading' } },
  },
});
