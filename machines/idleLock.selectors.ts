/**
 * idleLock's named selectors: what the lock dialog shows, from the chart's tags (lock:*) and its
 * context. The lock runs only while the player is logged in (auth.selectors.ts's selectIdleLock
 * finds it), so each takes the snapshot or undefined: no lock, nothing shown.
 */
import type { SnapshotFrom } from 'xstate';
import type { idleLockMachine } from './idleLock.ts';

type IdleLockSnapshot = SnapshotFrom<typeof idleLockMachine> | undefined;

/** The lock is shown. */
export const selectLocked = (snapshot: IdleLockSnapshot): boolean => snapshot?.hasTag('lock:shown') ?? false;

/** The PIN typed is being checked. */
export const selectCheckingPin = (snapshot: IdleLockSnapshot): boolean => snapshot?.hasTag('lock:checking') ?? false;

/** The last PIN typed was wrong. */
export const selectWrongPin = (snapshot: IdleLockSnapshot): boolean => snapshot?.context.wrongPin ?? false;

/** Wrong PINs in a row since the lock was last opened. */
export const selectAttempts = (snapshot: IdleLockSnapshot): number => snapshot?.context.attempts ?? 0;

/** No PIN can open the lock (the player has none, or it is unusable): only logging out is left. */
export const selectCannotUnlock = (snapshot: IdleLockSnapshot): boolean => snapshot?.hasTag('lock:cannotUnlock') ?? false;

/** The operator gave a PIN to unlock with. */
export const selectHasPinCode = (snapshot: IdleLockSnapshot): boolean => snapshot?.context.pinCode != null;
