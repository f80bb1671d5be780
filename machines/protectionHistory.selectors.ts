import type { SnapshotFrom } from 'xstate';
import type { protectionHistoryMachine } from './protectionHistory.ts';
import type { ProtectionEntry } from '../protocol/protection.ts';

type ProtectionHistorySnapshot = SnapshotFrom<typeof protectionHistoryMachine>;

/** The player opened the history (it may still be loading, or have failed). */
export const selectHistoryOpen = (snapshot: ProtectionHistorySnapshot): boolean => snapshot.hasTag('history:open');

/** The entries to show, newest first: null while they load (or before the first load). */
export const selectHistoryEntries = (snapshot: ProtectionHistorySnapshot): ProtectionEntry[] | null =>
  snapshot.hasTag('history:loading') ? null : snapshot.context.entries;

/** The history could not be loaded: the card offers to try again. */
export const selectHistoryFailed = (snapshot: ProtectionHistorySnapshot): boolean => snapshot.hasTag('history:failed');

/** How many entries the player has in all (the card shows the latest few of them). */
export const selectHistoryTotal = (snapshot: ProtectionHistorySnapshot): number => snapshot.context.total;
