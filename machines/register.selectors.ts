/**
 * register's named selectors: what the sign-up form shows, from the chart's tags (form:*) and
 * its context, and whether it takes a submit at all.
 */
import type { SnapshotFrom } from 'xstate';
import type { Failure } from './failure.ts';
import type { Registration, registerMachine } from './register.ts';

type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;

/** A complete registration, for asking the machine whether it takes a submit at all. */
const ANY_REGISTRATION: Registration = { username: 'x', password: 'x', email: 'x', name: 'x' };

/** The form takes no submit now (one is on its way, or the player is registered). */
export const selectRegisterBusy = (snapshot: RegisterSnapshot): boolean => !snapshot.can({ type: 'user.submit', values: ANY_REGISTRATION });

/** The registration is on its way. */
export const selectRegisterSubmitting = (snapshot: RegisterSnapshot): boolean => snapshot.hasTag('form:submitting');

/** The player is registered (and being logged in). */
export const selectRegistered = (snapshot: RegisterSnapshot): boolean => snapshot.hasTag('form:registered');

/** The server's refusals of the last try, by field. */
export const selectRefusals = (snapshot: RegisterSnapshot): Record<string, string> => snapshot.context.refusals;

/** The last try's failure, or null. */
export const selectRegisterFailure = (snapshot: RegisterSnapshot): Failure | null => snapshot.context.failure;
