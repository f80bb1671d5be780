/**
 * wallet — the player's balance in minor units.
 *
 *   loading ──GET /player/balance──▶ loaded
 *      └──fails──▶ failed
 *   server.balance (notification) sets the balance in any state and counts as loaded: after a
 *   failed first ask, the notification socket's next balance (it sends one when it is ready, and
 *   one with every move) is the wallet's. Nothing else asks again.
 *   Each balance set is emitted (`balance`) to the actors that follow the wallet.
 */
import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { toFailure, type Failure } from './failure.ts';

export interface WalletContext {
  /** Integer minor units; null until the first answer. */
  balance: number | null;
  failure: Failure | null;
}

export type WalletEvent = { type: 'server.balance'; balance: number };

/** Told to whoever listens (the game, the promo buttons) each time the balance is set. */
export type WalletEmitted = { type: 'balance'; balance: number };

export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    emitted: {} as WalletEmitted,
    tags: {} as 'balance:shown',
  },
  actors: {
    fetchBalance: fromPromise<number, void>(async () => {
      throw new Error('fetchBalance not provided');
    }),
  },
  actions: {
    setBalance: assign((_, params: { balance: number }) => ({ balance: params.balance, failure: null })),
    tellBalance: emit((_, params: { balance: number }) => ({ type: 'balance' as const, balance: params.balance })),
  },
}).createMachine({
  id: 'wallet',
  context: { balance: null, failure: null },
  initial: 'loading',
  on: {
    'server.balance': {
      target: '.loaded',
      actions: [
        { type: 'setBalance', params: ({ event }) => ({ balance: event.balance }) },
        { type: 'tellBalance', params: ({ event }) => ({ balance: event.balance }) },
      ],
    },
  },
  states: {
    loading: {
      description: 'The chrome\'s balance says it is loading',
      invoke: {
        id: 'fetchBalance',
        src: 'fetchBalance',
        onDone: {
          target: 'loaded',
          actions: [
            { type: 'setBalance', params: ({ event }) => ({ balance: event.output }) },
            { type: 'tellBalance', params: ({ event }) => ({ balance: event.output }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    loaded: { tags: ['balance:shown'] },
    failed: { description: 'The chrome\'s balance still says it is loading: the socket\'s next balance fills it' },
  },
});

export type WalletRef = ActorRefFrom<typeof walletMachine>;

/** What a wallet feed sends the machine that invokes it. */
export type WalletFeedEvent = { type: 'wallet.balance'; balance: number };

/**
 * The wallet's balance for a machine that follows it (the lobby, the promo buttons, the game): a
 * child invoked with the login's wallet actor in its input sends `wallet.balance` now, when the
 * wallet has one, and after each balance the wallet emits. No wallet (null): no feed.
 */
export const walletFeedLogic = fromCallback<{ type: 'noop' }, { wallet: WalletRef | null }>(({ input, sendBack }) => {
  const { wallet } = input;
  if (wallet === null) return undefined;
  const now = wallet.getSnapshot().context.balance;
  if (now !== null) sendBack({ type: 'wallet.balance', balance: now } satisfies WalletFeedEvent);
  const subscription = wallet.on('balance', (event) => sendBack({ type: 'wallet.balance', balance: event.balance } satisfies WalletFeedEvent));
  return () => subscription.unsubscribe();
});
