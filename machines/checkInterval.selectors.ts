import type { SnapshotFrom } from 'xstate';
import type { Failure } from './failure.ts';
import type { CheckIntervalSettings, checkIntervalMachine } from './checkInterval.ts';

type CheckIntervalSnapshot = SnapshotFrom<typeof checkIntervalMachine>;

/** The interval as the operator keeps it (with the default and the choices), or null before it is known. */
export const selectIntervalSettings = (snapshot: CheckIntervalSnapshot): CheckIntervalSettings | null => snapshot.context.settings;

/** The minutes on their way to the operator, or null. */
export const selectIntervalChoosing = (snapshot: CheckIntervalSnapshot): number | null => (snapshot.hasTag('interval:saving') ? snapshot.context.choosing : null);

/** The settings could not be loaded: the card offers to try again. */
export const selectIntervalFailed = (snapshot: CheckIntervalSnapshot): boolean => snapshot.hasTag('interval:failed');

/** Why the last load or save failed (null after a new try). */
export const selectIntervalFailure = (snapshot: CheckIntervalSnapshot): Failure | null => snapshot.context.failure;
