/**
 * lobby — brands and machines to choose from.
 *
 *   loading ──fetched──▶ ready ──every lobbyRefresh──▶ refreshing ──▶ ready
 *      └──failed──▶ failed ──user.retry / lobbyRefresh──▶ loading
 *   server.machine (a live status change) patches one machine in any state;
 *   route.brand (the /lobby/:id/:name segment changed) loads that brand, or all.
 *
 * SHOW_LOBBY on: brands first, a brand's machines once one is selected. Off: every machine.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type Failure } from './failure.ts';

export type LobbyMachineStatus =
  | 'free'
  | 'playing'
  | 'waiting'
  | 'inBonus'
  | 'tryingCashout'
  | 'error'
  | 'malfunction'
  | 'offline';

export interface LobbyBrand {
  id: number;
  name: string;
  /** The brand's jackpot amounts (the wire's comma-separated list, split). */
  jackpots: string[];
  machineCount: number;
}

export interface LobbyMachine {
  id: number;
  name: string;
  brand: string;
  brandId: number;
  status: LobbyMachineStatus;
  image: string;
  reservation: { mine: boolean; until: number } | null;
  videoType: 'screen' | 'camera';
  minBet: number;
}

export interface LobbyData {
  brands: LobbyBrand[];
  machines: LobbyMachine[];
}

export interface LobbyInput {
  showLobby: boolean;
  refreshSeconds: number;
  brandId: number | null;
}

export interface LobbyContext extends LobbyData {
  showLobby: boolean;
  refreshSeconds: number;
  selectedBrand: number | null;
  failure: Failure | null;
}

export type LobbyEvent =
  | { type: 'route.brand'; brandId: number | null }
  | { type: 'server.machine'; id: number; status: LobbyMachineStatus }
  /** Several live changes at once (a busy floor): applied in one pass. */
  | { type: 'server.machines'; changes: ReadonlyArray<{ id: number; status: LobbyMachineStatus }> }
  | { type: 'user.retry' };

export const lobbyMachine = setup({
  types: {
    context: {} as LobbyContext,
    events: {} as LobbyEvent,
    input: {} as LobbyInput,
  },
  actors: {
    fetchLobby: fromPromise<LobbyData, { brandId: number | null; showLobby: boolean }>(async () => {
      throw new Error('fetchLobby not provided');
    }),
  },
  actions: {
    patchMachines: assign({
      machines: ({ context }, changes: ReadonlyArray<{ id: number; status: LobbyMachineStatus }>) => {
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
  },
}).createMachine({
  id: 'lobby',
  context: ({ input }) => ({
    showLobby: input.showLobby,
    refreshSeconds: input.refreshSeconds,
    selectedBrand: input.brandId,
    brands: [],
    machines: [],
    failure: null,
  }),
  initial: 'loading',
  on: {
    'server.machine': { actions: { type: 'patchMachines', params: ({ event }) => [event] } },
    'server.machines': { actions: { type: 'patchMachines', params: ({ event }) => event.changes } },
    'route.brand': { target: '.loading', actions: assign({ selectedBrand: ({ event }) => event.brandId }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchLobby',
        src: 'fetchLobby',
        input: ({ context }) => ({ brandId: context.selectedBrand, showLobby: context.showLobby }),
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    ready: {
      after: { lobbyRefresh: 'refreshing' },
    },
    refreshing: {
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
      after: { lobbyRefresh: 'loading' },
      on: { 'user.retry': 'loading' },
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

export type Joinability = 'ok' | 'busy' | 'outOfService' | 'reserved' | 'noBalance';

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
