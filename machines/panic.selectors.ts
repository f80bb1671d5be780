import type { SnapshotFrom } from 'xstate';
import type { Failure } from './failure.ts';
import type { panicMachine } from './panic.ts';

type PanicSnapshot = SnapshotFrom<typeof panicMachine>;

/** The lock is on its way or on: the button is not taken again. */
export const selectPanicBusy = (snapshot: PanicSnapshot): boolean => snapshot.hasTag('panic:locking') || snapshot.hasTag('panic:locked');

/** Why the last press did not lock, for a message (null after a new press). */
export const selectPanicFailure = (snapshot: PanicSnapshot): Failure | null => snapshot.context.failure;
