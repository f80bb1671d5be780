import type { SnapshotFrom } from 'xstate';
import type { Failure } from './failure.ts';
import type { LockChoice, selfLockMachine } from './selfLock.ts';

type SelfLockSnapshot = SnapshotFrom<typeof selfLockMachine>;

/** The lock is on its way or on: nothing is taken again. */
export const selectLockBusy = (snapshot: SelfLockSnapshot): boolean => snapshot.hasTag('lock:locking') || snapshot.hasTag('lock:locked');

/** The break or exclusion the player is asked to confirm (and then, its lock on its way), or null. */
export const selectLockAsked = (snapshot: SelfLockSnapshot): LockChoice | null =>
  snapshot.hasTag('lock:confirming') || (snapshot.hasTag('lock:locking') && snapshot.context.choice?.kind !== 'panic') ? snapshot.context.choice : null;

/** Why the last try did not lock, for a message (null after a new try). */
export const selectLockFailure = (snapshot: SelfLockSnapshot): Failure | null => snapshot.context.failure;
