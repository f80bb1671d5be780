/**
 * lobby — brands and machines to choose from.
 *
 *   loading ──fetched──▶ ready ──every lobbyRefresh──▶ refreshing ──▶ ready
 *      └──failed──▶ failed ──user.retry, or reconnectBackoff while LOBBY_TRIES last──▶ loading
 *   server.statuses (a batch of live changes from the notification socket, heard by the
 *   liveStatuses child) patches the machines in any state, in one pass — the socket gathers a
 *   busy floor's statuses into a few batches a second (src/services/notificationLink.ts);
 *   server.session (the player's own session on a machine changed: a reservation made or ended,
 *   which statuses do not carry) loads again — a load under way is begun again, since it may
 *   have been answered before the change (a player who keeps a machine and is back in the lobby
 *   at once must find it under 'Reserved for you');
 *   route.brand (the /lobby/:id/:name segment changed) loads that brand, or all;
 *   user.selectBrand asks for a brand's address — the selected brand again asks for none (SPEC §3:
 *   selecting it again deselects it) — emitted as `brand.show` for the router to follow;
 *   wallet.balance (the walletFeed child) keeps the player's balance for joinability.
 *
 * SHOW_LOBBY on: brands first, a brand's machines once one is selected. Off: every machine.
 */
import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { backoffDelay } from './backoff.ts';
import { toFailure } from './failure.ts';
import type { FloorNews, Joinability, LobbyBrand, LobbyContext, LobbyData, LobbyEmitted, LobbyEvent, LobbyInput, LobbyMachine, MachineChange } from './lobby.types.ts';
import { walletFeedLogic } from './wallet.ts';

export * from './lobby.types.ts';

/**
 * How many loads in a row may fail before the lobby stops asking on its own: after that only the
 * player's Retry (or a new brand) loads it again, so a floor of players facing an outage does not
 * keep the operator busy. The waits between are the shared backoff (about 0.5, 1, 2, 4 s).
 */
export const LOBBY_TRIES = 5;

export const lobbyMachine = setup({
  types: {
    context: {} as LobbyContext,
    events: {} as LobbyEvent,
    input: {} as LobbyInput,
    emitted: {} as LobbyEmitted,
    tags: {} as 'lobby:loading' | 'lobby:failed',
  },
  actors: {
    fetchLobby: fromPromise<LobbyData, { brandId: number | null; showLobby: boolean }>(async () => {
      throw new Error('fetchLobby not provided');
    }),
    /** Sends server.statuses and server.session for the floor's news as the login (news) tells it. */
    liveStatuses: fromCallback<{ type: 'noop' }, { news: FloorNews | null }>(({ input, sendBack }) => {
      const statuses = input.news?.on('machines', (event) => sendBack({ type: 'server.statuses', changes: event.changes } satisfies LobbyEvent));
      const sessions = input.news?.on('session', (event) => sendBack({ type: 'server.session', machineId: event.machineId, status: event.status } satisfies LobbyEvent));
      return () => {
        statuses?.unsubscribe();
        sessions?.unsubscribe();
      };
    }),
    /** The login's wallet: sends wallet.balance now and on each change. */
    walletFeed: walletFeedLogic,
  },
  actions: {
    patchMachines: assign({
      machines: ({ context }, changes: readonly MachineChange[]) => {
        const next = new Map(changes.map((c) => [c.id, c.status]));
        // Only changed entries get a new object, so unchanged tiles keep their identity.
        return context.machines.map((m) => {
          const status = next.get(m.id);
          return status !== undefined && status !== m.status ? { ...m, status } : m;
        });
      },
    }),
    keep: assign(({ context }, data: LobbyData) => ({ ...mergeData(context, data), failure: null })),
  },
  delays: {
    lobbyRefresh: ({ context }) => context.refreshSeconds * 1000,
    reconnectBackoff: ({ context }) => backoffDelay(context.failures - 1),
  },
}).createMachine({
  id: 'lobby',
  context: ({ input }) => ({
    wallet: input.wallet ?? null,
    news: input.news ?? null,
    showLobby: input.showLobby,
    refreshSeconds: input.refreshSeconds,
    selectedBrand: input.brandId,
    brands: [],
    machines: [],
    failure: null,
    failures: 0,
    balance: null,
  }),
  invoke: [
    { id: 'liveStatuses', src: 'liveStatuses', input: ({ context }) => ({ news: context.news }) },
    { id: 'walletFeed', src: 'walletFeed', input: ({ context }) => ({ wallet: context.wallet }) },
  ],
  initial: 'loading',
  on: {
    'server.statuses': { actions: { type: 'patchMachines', params: ({ event }) => event.changes } },
    'user.selectBrand': [
      // SPEC §3: selecting the selected brand again deselects it.
      { guard: ({ context, event }) => context.selectedBrand === event.brandId, actions: emit({ type: 'brand.show' as const, brand: null }) },
      { actions: emit(({ event }) => ({ type: 'brand.show' as const, brand: { id: event.brandId, name: event.name } })) },
    ],
    'wallet.balance': { actions: assign({ balance: ({ event }) => event.balance }) },
    'route.brand': { target: '.loading', actions: assign({ selectedBrand: ({ event }) => event.brandId, failures: 0 }) },
  },
  states: {
    loading: {
      tags: ['lobby:loading'],
      on: { 'server.session': { target: 'loading', reenter: true } },
      invoke: {
        id: 'fetchLobby',
        src: 'fetchLobby',
        input: ({ context }) => ({ brandId: context.selectedBrand, showLobby: context.showLobby }),
        onDone: { target: 'ready', actions: [{ type: 'keep', params: ({ event }) => event.output }, assign({ failures: 0 })] },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => toFailure(event.error), failures: ({ context }) => context.failures + 1 }),
        },
      },
    },
    ready: {
      description: 'The brands and the tiles with their statuses; no loading or failure notice',
      after: { lobbyRefresh: 'refreshing' },
      on: { 'server.session': 'refreshing' },
    },
    refreshing: {
      description: 'The tiles stay as they are while a fresh list is asked for in the background (no notice)',
      on: { 'server.session': { target: 'refreshing', reenter: true } },
      invoke: {
        id: 'refreshLobby',
        src: 'fetchLobby',
        input: ({ context }) => ({ brandId: context.selectedBrand, showLobby: context.showLobby }),
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => event.output } },
        // A failed refresh keeps what is shown and tries again at the next interval.
        onError: { target: 'ready', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['lobby:failed'],
      after: { reconnectBackoff: { guard: ({ context }) => context.failures < LOBBY_TRIES, target: 'loading' } },
      on: { 'user.retry': { target: 'loading', actions: assign({ failures: 0 }) } },
    },
  },
});

/** Keep the previous object of every brand and machine that did not change (cheap re-renders). */
function mergeData(previous: LobbyData, next: LobbyData): LobbyData {
  const sameMachine = new Map(previous.machines.map((m) => [m.id, m]));
  const sameBrand = new Map(previous.brands.map((b) => [b.id, b]));
  return {
    machines: next.machines.map((m) => {
      const old = sameMachine.get(m.id);
      return old && sameMachineView(old, m) ? old : m;
    }),
    brands: next.brands.map((b) => {
      const old = sameBrand.get(b.id);
      return old && sameBrandView(old, b) ? old : b;
    }),
  };
}

// Field by field: a refresh of a thousand machines compares without serialising any of them.
function sameMachineView(a: LobbyMachine, b: LobbyMachine): boolean {
  return (
    a.name === b.name &&
    a.brand === b.brand &&
    a.brandId === b.brandId &&
    a.status === b.status &&
    a.image === b.image &&
    a.videoType === b.videoType &&
    a.minBet === b.minBet &&
    a.reservation?.mine === b.reservation?.mine &&
    a.reservation?.until === b.reservation?.until
  );
}

function sameBrandView(a: LobbyBrand, b: LobbyBrand): boolean {
  return (
    a.name === b.name &&
    a.machineCount === b.machineCount &&
    a.jackpots.length === b.jackpots.length &&
    a.jackpots.every((j, i) => j === b.jackpots[i])
  );
}

/** Machines with a reservation: the reserved list (SPEC §3). */
export function reservedMachines(machines: readonly LobbyMachine[]): LobbyMachine[] {
  return machines.filter((m) => m.reservation !== null);
}

/** Whether the player may join, and if not, why (the tile says it). */
export function joinability(
  machine: LobbyMachine,
  player: { balance: number | null; allowZeroBalance: boolean },
): Joinability {
  if (machine.reservation?.mine) return 'ok';
  if (machine.status === 'offline' || machine.status === 'error' || machine.status === 'malfunction') return 'outOfService';
  if (machine.reservation) return 'reserved';
  if (machine.status !== 'free') return 'busy';
  if (!player.allowZeroBalance && (player.balance ?? 0) <= 0) return 'noBalance';
  return 'ok';
}
