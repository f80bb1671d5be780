/**
 * reconnect's named selectors: what the open-session dialog shows, from the chart's tags
 * (dialog:*) and its context. The dialog's actor runs only while the player is logged in
 * (auth.selectors.ts's selectReconnect finds it), so each takes the snapshot or undefined.
 */
import type { SnapshotFrom } from 'xstate';
import type { Failure } from './failure.ts';
import type { OpenSession, reconnectMachine } from './reconnect.ts';

type ReconnectSnapshot = SnapshotFrom<typeof reconnectMachine> | undefined;

/** The dialog is shown. */
export const selectDialogShown = (snapshot: ReconnectSnapshot): boolean => snapshot?.hasTag('dialog:shown') ?? false;

/** The session open on a machine, or null. */
export const selectOpenSession = (snapshot: ReconnectSnapshot): OpenSession | null => snapshot?.context.session ?? null;

/** The player's choice is on its way (continue, cash out, kick). */
export const selectDialogBusy = (snapshot: ReconnectSnapshot): boolean => snapshot?.hasTag('dialog:busy') ?? false;

/** The last choice's failure, or null. */
export const selectReconnectFailure = (snapshot: ReconnectSnapshot): Failure | null => snapshot?.context.failure ?? null;
