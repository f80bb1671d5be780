/**
 * auth's named selectors: the login's actors by name (each runs only while the player is logged
 * in, so each may be undefined) and what the login form shows. The dialogs render these actors;
 * no view carries one actor's state into another.
 */
import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.ts';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export const selectWallet = (snapshot: AuthSnapshot) => snapshot.children.wallet;
export const selectIdleLock = (snapshot: AuthSnapshot) => snapshot.children.idleLock;
export const selectReconnect = (snapshot: AuthSnapshot) => snapshot.children.reconnect;

/** The login form's credentials are with the operator. */
export const selectSubmitting = (snapshot: AuthSnapshot): boolean => snapshot.hasTag('login:submitting');
