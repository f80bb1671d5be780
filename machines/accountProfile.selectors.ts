/**
 * accountProfile's named selectors: the player's profile as the server last said it, and why it
 * could not be loaded (from the chart's profile:failed tag).
 */
import type { SnapshotFrom } from 'xstate';
import type { AccountProfile, accountProfileMachine } from './accountProfile.ts';
import type { Failure } from './failure.ts';

type ProfileSnapshot = SnapshotFrom<typeof accountProfileMachine>;

/** The profile, or null until the first answer. */
export const selectProfile = (snapshot: ProfileSnapshot): AccountProfile | null => snapshot.context.profile;

/** Why the profile could not be loaded, while that is so; else null. */
export const selectProfileFailure = (snapshot: ProfileSnapshot): Failure | null => (snapshot.hasTag('profile:failed') ? snapshot.context.failure : null);
