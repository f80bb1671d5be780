/**
 * auth's named selectors: the login's actors by name (each runs only while the player is logged
 * in, so each may be undefined), what the login form shows, and who is logged in. The dialogs
 * render these actors; no view carries one actor's state into another.
 */
import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.ts';
import type { AuthContext, Role, SessionUser } from './auth.types.ts';
import type { Failure } from './failure.ts';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export const selectWallet = (snapshot: AuthSnapshot) => snapshot.children.wallet;
export const selectIdleLock = (snapshot: AuthSnapshot) => snapshot.children.idleLock;
export const selectReconnect = (snapshot: AuthSnapshot) => snapshot.children.reconnect;

/**
 * What the app shows before any page, from the chart's gate:* tags: its splash while the login is
 * not known yet (a kept token being checked), the reconnecting screen while a check found no
 * answer, the network-error screen once it gave up; null once the login is known.
 */
export const selectGate = (snapshot: AuthSnapshot): 'checking' | 'reconnecting' | 'unreachable' | null =>
  snapshot.hasTag('gate:checking') ? 'checking' : snapshot.hasTag('gate:reconnecting') ? 'reconnecting' : snapshot.hasTag('gate:unreachable') ? 'unreachable' : null;

/** A kept login (a token this device kept) is being checked with the operator. */
export const selectCheckingKeptLogin = (snapshot: AuthSnapshot): boolean => snapshot.matches('validating');

/** A login may be sent: the player is logged out and no login is on its way. */
export const selectLoginOpen = (snapshot: AuthSnapshot): boolean => snapshot.hasTag('login:open');

/** The login form's credentials are with the operator. */
export const selectSubmitting = (snapshot: AuthSnapshot): boolean => snapshot.hasTag('login:submitting');

/** The login's roles (none while logged out): the navigation and the router read them. */
export const selectRoles = (snapshot: AuthSnapshot): Role[] => snapshot.context.roles;

/** A player is logged in (the login has a role). */
export const selectLoggedIn = (snapshot: AuthSnapshot): boolean => snapshot.context.roles.length > 0;

const NO_PERMISSIONS: readonly number[] = [];

/** The logged-in user's permissions (one empty list while logged out, so the reference stays). */
export const selectPermissions = (snapshot: AuthSnapshot): readonly number[] => snapshot.context.session?.user.permissions ?? NO_PERMISSIONS;

/** The logged-in user's type, or null. */
export const selectUserType = (snapshot: AuthSnapshot): number | null => snapshot.context.session?.user.type ?? null;

/** The logged-in user, or null. */
export const selectUser = (snapshot: AuthSnapshot): SessionUser | null => snapshot.context.session?.user ?? null;

/** The player has logged in before (the server names a previous login): "Welcome back". */
export const selectReturning = (snapshot: AuthSnapshot): boolean => Boolean(snapshot.context.session?.user.lastLogon);

/** The logged-in user's username ('' while logged out). */
export const selectUsername = (snapshot: AuthSnapshot): string => snapshot.context.session?.user.username ?? '';

/** The name the chrome greets the user by: the name, else the username ('' while logged out). */
export const selectDisplayName = (snapshot: AuthSnapshot): string =>
  snapshot.context.session?.user.name || snapshot.context.session?.user.username || '';

/** The access token ('' while there is none). */
export const selectToken = (snapshot: AuthSnapshot): string => snapshot.context.token ?? '';

/** Why the last logout happened without the player asking for it, or null. */
export const selectLogoutReason = (snapshot: AuthSnapshot): AuthContext['logoutReason'] => snapshot.context.logoutReason;

/** The last failure (a login's, a validation's, an auto-logout's), or null. */
export const selectFailure = (snapshot: AuthSnapshot): Failure | null => snapshot.context.failure;

/**
 * The failure the login form shows: its own login's, and the idle lock's logout after too many
 * wrong PINs (10705); the other logouts' failures are toasts (AuthToasts).
 */
export const selectLoginFailure = (snapshot: AuthSnapshot): Failure | null =>
  snapshot.context.logoutReason === null || snapshot.context.logoutReason === 'tooManyWrongPins' ? snapshot.context.failure : null;
