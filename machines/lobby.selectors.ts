/**
 * lobby's named selectors: what the lobby page shows, from the chart's tags (lobby:loading,
 * lobby:failed) and its context, so the page does not spell the chart's state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { LobbyBrand, LobbyMachine, lobbyMachine } from './lobby.ts';

type LobbySnapshot = SnapshotFrom<typeof lobbyMachine>;

/** The first load is on its way: nothing to show yet (a refresh keeps what is shown). */
export const selectFirstLoad = (snapshot: LobbySnapshot): boolean => snapshot.hasTag('lobby:loading') && snapshot.context.machines.length === 0;

/** A load is on its way (the first, a brand's, or one a session change began): what is shown may change. */
export const selectLoading = (snapshot: LobbySnapshot): boolean => snapshot.hasTag('lobby:loading');

/** The lobby could not be loaded (its tries are running or spent): the page offers Retry. */
export const selectLoadFailed = (snapshot: LobbySnapshot): boolean => snapshot.hasTag('lobby:failed');

/** The player's balance as the lobby follows it, for who may join what. */
export const selectBalance = (snapshot: LobbySnapshot): number | null => snapshot.context.balance;

/** The brand chosen (the route's), or null. */
export const selectSelectedBrand = (snapshot: LobbySnapshot): number | null => snapshot.context.selectedBrand;

/** The brands, in the operator's order. */
export const selectBrands = (snapshot: LobbySnapshot): LobbyBrand[] => snapshot.context.brands;

/**
 * Which machines are on the floor, not their statuses: a new array per call, so compare it by
 * its ids (a status change then re-renders only its own tile).
 */
export const selectMachineIds = (snapshot: LobbySnapshot): number[] => snapshot.context.machines.map((m) => m.id);

/**
 * Which machines the player holds reserved, a new array per call like selectMachineIds: of the
 * reserved list (SPEC §3: every machine with a reservation) only the player's own. Another
 * player's reservation is a status on its tile, never the first thing the lobby shows.
 */
export const selectMyReservedIds = (snapshot: LobbySnapshot): number[] =>
  snapshot.context.machines.filter((m) => m.reservation?.mine === true).map((m) => m.id);

/** The floor's machines as the lobby holds them (a new list per status batch or refresh). */
export const selectMachines = (snapshot: LobbySnapshot): readonly LobbyMachine[] => snapshot.context.machines;

/** The machines by id, built once per machines list (every tile looks itself up in it). */
const indexes = new WeakMap<readonly LobbyMachine[], Map<number, LobbyMachine>>();

/** The machine `id` as the lobby holds it now, or undefined. */
export const selectLobbyMachine =
  (id: number) =>
  (snapshot: LobbySnapshot): LobbyMachine | undefined => {
    const { machines } = snapshot.context;
    let index = indexes.get(machines);
    if (!index) {
      index = new Map(machines.map((m) => [m.id, m]));
      indexes.set(machines, index);
    }
    return index.get(id);
  };
