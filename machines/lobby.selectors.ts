/**
 * lobby's named selectors: what the lobby page shows, from the chart's tags (lobby:loading,
 * lobby:failed) and its context, so the page does not spell the chart's state names.
 */
import type { SnapshotFrom } from 'xstate';
import type { lobbyMachine } from './lobby.ts';

type LobbySnapshot = SnapshotFrom<typeof lobbyMachine>;

/** The first load is on its way: nothing to show yet (a refresh keeps what is shown). */
export const selectFirstLoad = (snapshot: LobbySnapshot): boolean => snapshot.hasTag('lobby:loading') && snapshot.context.machines.length === 0;

/** The lobby could not be loaded (its tries are running or spent): the page offers Retry. */
export const selectLoadFailed = (snapshot: LobbySnapshot): boolean => snapshot.hasTag('lobby:failed');

/** The player's balance as the lobby follows it, for who may join what. */
export const selectBalance = (snapshot: LobbySnapshot): number | null => snapshot.context.balance;
