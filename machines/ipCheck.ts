/**
 * ipCheck — may this visitor play from where they are?
 *
 *   checking ──answer, status or code non-zero──▶ allowed
 *      │      └─answer, status and code both 0──▶ blocked (country and IP kept for the screen)
 *      └──no answer / non-200──▶ networkError ──user.retry──▶ checking
 *   (IP_CHEKCING off: straight to allowed, nothing is asked)
 */
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type Failure } from './failure.ts';

export interface IpCheckAnswer {
  status: number;
  code: number;
  ip: string;
  country: string;
}

export interface IpCheckInput {
  enabled: boolean;
}

export interface IpCheckContext {
  enabled: boolean;
  answer: IpCheckAnswer | null;
  failure: Failure | null;
}

export type IpCheckEvent = { type: 'user.retry' };

export const ipCheckMachine = setup({
  types: {
    context: {} as IpCheckContext,
    events: {} as IpCheckEvent,
    input: {} as IpCheckInput,
  },
  actors: {
    checkIp: fromPromise<IpCheckAnswer, void>(async () => {
      throw new Error('checkIp not provided');
    }),
  },
  guards: {
    isDisabled: ({ context }) => !context.enabled,
    isBlocked: (_, answer: IpCheckAnswer) => answer.status === 0 && answer.code === 0,
  },
}).createMachine({
  id: 'ipCheck',
  context: ({ input }) => ({ enabled: input.enabled, answer: null, failure: null }),
  initial: 'checking',
  states: {
    checking: {
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
        onError: {
          target: 'networkError',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    allowed: { type: 'final' },
    blocked: { type: 'final' },
    networkError: {
      on: { 'user.retry': { target: 'checking', actions: assign({ failure: null }) } },
    },
  },
});
