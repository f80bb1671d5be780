/**
 * promo — the discount or the bonus button (SPEC §5, §9).
 *
 *   restoring (the last claim kept on this device, and the discount's balance limit)
 *      ──claimed less than promoCooldown ago──▶ coolingDown (for what is left of it)
 *      └──otherwise──▶ idle
 *   idle ──user.claim──▶ requesting ──granted──▶ coolingDown ──promoCooldown──▶ idle
 *     │                      └──refused──▶ coolingDown (failure shown)
 *     └──user.claim, balance at or above the limit (discount)──▶ idle (balanceTooHigh)
 *   coolingDown ──user.claim──▶ coolingDown (tooSoon);  a click while requesting is ignored.
 *   The balance follows the wallet (walletFeed child: wallet.balance in any state).
 *
 * SPEC §9: the cooldown the player is told as "once per 5 minutes" is a 30 s window on this
 * device (the server keeps its own 5 minutes). The app provides where the last claim is kept and
 * the limit from the settings (DISCOUNT_BALANCE_CHECK, DISCOUNT_MIN) in minor units.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { PromoKind } from '../protocol/account.ts';
import { toFailure, type Failure } from './failure.ts';
import { walletFeedLogic, type WalletRef } from './wallet.ts';

export type { PromoKind };

/** The local window between two claims of one kind. */
export const PROMO_COOLDOWN_MS = 30_000;

export interface PromoInput {
  kind: PromoKind;
  /** The login's wallet actor: the buttons follow its balance (walletFeed). */
  wallet?: WalletRef | null;
}

/** What the app restores: how long ago this kind was last claimed here, and the discount's limit. */
export interface RestoredPromo {
  /** Milliseconds since the last claim kept on this device, or null when there is none. */
  sinceLastClaimMs: number | null;
  /** Discount only: refuse locally when the balance is at or above this (minor units); null = no check. */
  balanceLimit: number | null;
}

export interface PromoContext {
  kind: PromoKind;
  wallet: WalletRef | null;
  balanceLimit: number | null;
  /** The wallet balance as the player sees it (minor units), or null while it is unknown. */
  balance: number | null;
  /** What is left of the window when coolingDown is entered. */
  cooldownLeftMs: number;
  granted: number | null;
  notice: 'tooSoon' | 'balanceTooHigh' | null;
  /** Counts notices, so the same notice twice is shown twice. */
  notices: number;
  failure: Failure | null;
}

export type PromoEvent =
  | { type: 'user.claim' }
  /** The wallet's balance, from the walletFeed child (minor units). */
  | { type: 'wallet.balance'; balance: number };

export const promoMachine = setup({
  types: {
    context: {} as PromoContext,
    events: {} as PromoEvent,
    input: {} as PromoInput,
    tags: {} as 'promo:requesting',
  },
  actors: {
    restore: fromPromise<RestoredPromo, { kind: PromoKind }>(async () => {
      throw new Error('restore not provided');
    }),
    claim: fromPromise<{ amount: number }, { kind: PromoKind }>(async () => {
      throw new Error('claim not provided');
    }),
    /** The login's wallet: sends wallet.balance now and on each change. */
    walletFeed: walletFeedLogic,
  },
  actions: {
    /** Keep the claim on this device (the window survives a reload). */
    rememberClaim: (_, _params: { kind: PromoKind }) => {},
  },
  guards: {
    /** Claimed on this device less than the window ago (a clock set back counts as not claimed). */
    claimedRecently: (_, restored: RestoredPromo) =>
      restored.sinceLastClaimMs !== null && restored.sinceLastClaimMs >= 0 && restored.sinceLastClaimMs < PROMO_COOLDOWN_MS,
    balanceTooHigh: ({ context }) =>
      context.kind === 'discount' && context.balanceLimit !== null && (context.balance ?? 0) >= context.balanceLimit,
  },
  delays: {
    promoCooldown: ({ context }) => context.cooldownLeftMs,
  },
}).createMachine({
  id: 'promo',
  context: ({ input }) => ({
    kind: input.kind,
    wallet: input.wallet ?? null,
    balanceLimit: null,
    balance: null,
    cooldownLeftMs: PROMO_COOLDOWN_MS,
    granted: null,
    notice: null,
    notices: 0,
    failure: null,
  }),
  invoke: { id: 'walletFeed', src: 'walletFeed', input: ({ context }) => ({ wallet: context.wallet }) },
  on: { 'wallet.balance': { actions: assign({ balance: ({ event }) => event.balance }) } },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'The button as usual while the last claim kept on this device is read (a moment)',
      invoke: {
        id: 'restore',
        src: 'restore',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: [
          {
            guard: { type: 'claimedRecently', params: ({ event }) => event.output },
            target: 'coolingDown',
            actions: assign({
              balanceLimit: ({ event }) => event.output.balanceLimit,
              cooldownLeftMs: ({ event }) => PROMO_COOLDOWN_MS - (event.output.sinceLastClaimMs ?? 0),
            }),
          },
          { target: 'idle', actions: assign({ balanceLimit: ({ event }) => event.output.balanceLimit }) },
        ],
        // No onError: what is kept is read without failing (unreadable storage is no claim kept).
      },
    },
    idle: {
      description: 'The button may be pressed; a balance over the limit gets its notice instead of a claim',
      on: {
        'user.claim': [
          {
            guard: 'balanceTooHigh',
            actions: assign({ notice: 'balanceTooHigh', notices: ({ context }) => context.notices + 1, failure: null }),
          },
          {
            target: 'requesting',
            actions: [
              assign({ notice: null, failure: null, granted: null }),
              { type: 'rememberClaim', params: ({ context }) => ({ kind: context.kind }) },
            ],
          },
        ],
      },
    },
    requesting: {
      tags: ['promo:requesting'],
      invoke: {
        id: 'claim',
        src: 'claim',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: {
          target: 'coolingDown',
          actions: assign({ granted: ({ event }) => event.output.amount, cooldownLeftMs: PROMO_COOLDOWN_MS }),
        },
        // The window runs from the claim, granted or not.
        onError: {
          target: 'coolingDown',
          actions: assign({ failure: ({ event }) => toFailure(event.error), cooldownLeftMs: PROMO_COOLDOWN_MS }),
        },
      },
    },
    coolingDown: {
      description: 'The button as usual; a press gets the too-soon notice until the window ends',
      after: { promoCooldown: 'idle' },
      on: {
        'user.claim': { actions: assign({ notice: 'tooSoon', notices: ({ context }) => context.notices + 1, failure: null }) },
      },
    },
  },
});
