import type { SnapshotFrom } from 'xstate';
import type { Failure } from './failure.ts';
import type { LimitsView, playerLimitsMachine } from './playerLimits.ts';
import type { LimitRequest } from '../protocol/protection.ts';

type PlayerLimitsSnapshot = SnapshotFrom<typeof playerLimitsMachine>;

/** The limits as the operator keeps them, or null before they are known. */
export const selectLimits = (snapshot: PlayerLimitsSnapshot): LimitsView | null => snapshot.context.view;

/** The change on its way to the operator, or null. */
export const selectLimitSaving = (snapshot: PlayerLimitsSnapshot): LimitRequest | null => (snapshot.hasTag('limits:saving') ? snapshot.context.saving : null);

/** The limits could not be loaded: the card offers to try again. */
export const selectLimitsFailed = (snapshot: PlayerLimitsSnapshot): boolean => snapshot.hasTag('limits:failed');

/** Why the last load or save failed (null after a new try). */
export const selectLimitsFailure = (snapshot: PlayerLimitsSnapshot): Failure | null => snapshot.context.failure;
