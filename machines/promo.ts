/**
 * promo — the discount or the bonus button (SPEC §5).
 *
 *   idle ──user.claim──▶ requesting ──granted──▶ coolingDown ──promoCooldown──▶ idle
 *     │                      └──refused──▶ idle (failure shown)
 *     ├──user.claim inside the stored 30 s window──▶ idle (tooSoon)
 *     └──user.claim, balance at or above the minimum (discount)──▶ idle (balanceTooHigh)
 *   A click while requesting or cooling down is ignored.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type Failure } from './failure.ts';

export interface PromoInput {
  kind: 'discount' | 'bonus';
  /** When the last claim was made (epoch ms, from local storage), or null. */
  lastClaimAt: number | null;
  cooldownMs: number;
  /** Discount only: refuse locally when the balance is at or above this (minor units); null = no check. */
  balanceLimit: number | null;
}

export interface PromoContext extends PromoInput {
  granted: number | null;
  notice: 'tooSoon' | 'balanceTooHigh' | null;
  /** Counts notices, so the same notice twice is shown twice. */
  notices: number;
  failure: Failure | null;
}

export type PromoEvent = { type: 'user.claim'; now: number; balance: number | null };

export const promoMachine = setup({
  types: {
    context: {} as PromoContext,
    events: {} as PromoEvent,
    input: {} as PromoInput,
  },
  actors: {
    claim: fromPromise<{ amount: number }, { kind: 'discount' | 'bonus' }>(async () => {
      throw new Error('claim not provided');
    }),
  },
  actions: {
    /** Keep the claim time locally (the 30 s window survives a reload). */
    rememberClaim: (_, _params: { kind: 'discount' | 'bonus'; at: number }) => {},
  },
  guards: {
    inWindow: ({ context, event }) => context.lastClaimAt !== null && event.now - context.lastClaimAt < context.cooldownMs,
    balanceTooHigh: ({ context, event }) =>
      context.kind === 'discount' && context.balanceLimit !== null && (event.balance ?? 0) >= context.balanceLimit,
  },
  delays: {
    promoCooldown: ({ context }) => context.cooldownMs,
  },
}).createMachine({
  id: 'promo',
  context: ({ input }) => ({ ...input, granted: null, notice: null, notices: 0, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.claim': [
          { guard: 'inWindow', actions: assign({ notice: 'tooSoon', notices: ({ context }) => context.notices + 1, failure: null }) },
          {
            guard: 'balanceTooHigh',
            actions: assign({ notice: 'balanceTooHigh', notices: ({ context }) => context.notices + 1, failure: null }),
          },
          {
            target: 'requesting',
            actions: [
              assign({ notice: null, failure: null, granted: null, lastClaimAt: ({ event }) => event.now }),
              { type: 'rememberClaim', params: ({ context, event }) => ({ kind: context.kind, at: event.now }) },
            ],
          },
        ],
      },
    },
    requesting: {
      invoke: {
        id: 'claim',
        src: 'claim',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'coolingDown', actions: assign({ granted: ({ event }) => event.output.amount }) },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    coolingDown: {
      after: { promoCooldown: 'idle' },
      on: { 'user.claim': { actions: assign({ notice: 'tooSoon', notices: ({ context }) => context.notices + 1 }) } },
    },
  },
});
