/**
 * ipCheck — may this visitor play from where they are?
 *
 *   checking ──answer, status or code non-zero──▶ allowed
 *      │      └─answer, status and code both 0──▶ blocked (country and IP kept for the screen)
 *      ├──no answer / non-200, tries left──▶ waiting ──reconnectBackoff──▶ checking
 *      └──no answer / non-200, the IP_CHECK_TRIES-th──▶ networkError
 *   networkError (SPEC's network-error screen) ──user.retry | network.online──▶ checking (tries anew)
 *   waiting ──network.online──▶ checking (the browser is back: no need to wait out the backoff)
 *   (IP_CHEKCING off: straight to allowed, nothing is asked)
 *
 * Every retry is bounded and backed off with the one jittered backoff (backoff.ts): an outage
 * seen by thousands of open pages costs the operator a few calls each, not a storm.
 */
import { assign, fromPromise, setup } from 'xstate';
import { backoffDelay } from './backoff.ts';
import type { IpCheckResult } from '../protocol/check.ts';
import { toFailure, type Failure } from './failure.ts';

/** Calls of /check before the player sees the network-error screen (the first and its retries). */
export const IP_CHECK_TRIES = 4;

/** What /check answers (the wire's type). */
export type IpCheckAnswer = IpCheckResult;

export interface IpCheckInput {
  enabled: boolean;
}

export interface IpCheckContext {
  enabled: boolean;
  answer: IpCheckAnswer | null;
  failure: Failure | null;
  /** Failed calls since the last answer or the player's retry. */
  failures: number;
}

export type IpCheckEvent = { type: 'user.retry' } | { type: 'network.online' };

/** What the visitor sees (machines/ipCheck.selectors.ts): the check on its way, the block, the network error. */
export type IpCheckTag = 'ip:checking' | 'ip:blocked' | 'ip:unreachable';

export const ipCheckMachine = setup({
  types: {
    context: {} as IpCheckContext,
    events: {} as IpCheckEvent,
    input: {} as IpCheckInput,
    tags: {} as IpCheckTag,
  },
  actors: {
    checkIp: fromPromise<IpCheckAnswer, void>(async () => {
      throw new Error('checkIp not provided');
    }),
  },
  guards: {
    isDisabled: ({ context }) => !context.enabled,
    isBlocked: (_, answer: IpCheckAnswer) => answer.status === 0 && answer.code === 0,
    /** This failure is the last try (it is counted on the way out). */
    lastTry: ({ context }) => context.failures + 1 >= IP_CHECK_TRIES,
  },
  delays: {
    /** The shared backoff (backoff.ts); `failures` already counts the failure this waits after. */
    reconnectBackoff: ({ context }) => backoffDelay(context.failures - 1),
  },
}).createMachine({
  id: 'ipCheck',
  context: ({ input }) => ({ enabled: input.enabled, answer: null, failure: null, failures: 0 }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['ip:checking'],
      always: { guard: 'isDisabled', target: 'allowed' },
      invoke: {
        id: 'checkIp',
        src: 'checkIp',
        onDone: [
          {
            guard: { type: 'isBlocked', params: ({ event }) => event.output },
            target: 'blocked',
            actions: assign({ answer: ({ event }) => event.output }),
          },
          { target: 'allowed', actions: assign({ answer: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: 'lastTry',
            target: 'networkError',
            actions: assign({ failure: ({ event }) => toFailure(event.error), failures: ({ context }) => context.failures + 1 }),
          },
          {
            target: 'waiting',
            actions: assign({ failure: ({ event }) => toFailure(event.error), failures: ({ context }) => context.failures + 1 }),
          },
        ],
      },
    },
    waiting: {
      tags: ['ip:checking'],
      after: { reconnectBackoff: 'checking' },
      on: { 'network.online': 'checking' },
    },
    allowed: { type: 'final', description: 'Nothing of the check: the login or the logged-in pages' },
    blocked: { type: 'final', tags: ['ip:blocked'] },
    networkError: {
      tags: ['ip:unreachable'],
      on: {
        'user.retry': { target: 'checking', actions: assign({ failure: null, failures: 0 }) },
        'network.online': { target: 'checking', actions: assign({ failure: null, failures: 0 }) },
      },
    },
  },
});
