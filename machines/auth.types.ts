/**
 * The auth machine's types (STYLE: a types file beside a large machine): the session it holds,
 * what it is told and what it emits. machines/auth.ts is the chart.
 */
import type { Failure } from './failure.ts';
import type { MachineStatusChange } from '../protocol/sockets.ts';
import type { NotificationEvent } from './notificationSocket.ts';

export interface SessionUser {
  id: string;
  username: string;
  name: string;
  lastname: string;
  email: string;
  permissions: number[];
  group: number;
  type: number;
  ipAddress: string;
  lastLogon: string | null;
  lastLogonIp: string | null;
  versions: string;
}

/** What a successful login or validation yields. */
export interface Session {
  token: string;
  pinCode: string | null;
  user: SessionUser;
  /** Milliseconds until the token's exp, measured when the answer arrived. */
  expiresInMs: number;
}

export interface Credentials {
  username: string;
  password: string;
  remember: boolean;
}

/** What a login may do (SPEC §2): the navigation and the router read it. */
export type Role = 'admin' | 'staff' | 'user';

/** Where a token may be waiting when the app starts. */
export interface TokenSources {
  /** A token handed over in the page's query string (token login). */
  queryToken: string | null;
  /** The access token kept from an earlier visit. */
  storedToken: string | null;
}

export interface AuthContext {
  token: string | null;
  session: Session | null;
  roles: Role[];
  failure: Failure | null;
  /** Whether the player asked to be remembered on this device (from the login form). */
  remember: boolean;
  /** Why the last logout happened without the player asking for it. */
  logoutReason: 'expired' | 'unauthorized' | 'validationFailed' | 'tooManyWrongPins' | null;
  /** Token checks in a row that found no answer. */
  validations: number;
}

/**
 * Emitted to listeners outside the machine: live statuses (the lobby), info messages (the toasts),
 * and the login's start and end (the router's guards, the player's look).
 */
export type AuthEmitted =
  | { type: 'session.started' }
  | { type: 'session.ended' }
  | { type: 'machines'; changes: MachineStatusChange[] }
  /** The player's own session on a machine changed (held, reserved, closed): the lobby asks again. */
  | { type: 'session'; machineId: number; status: 'open' | 'closed' }
  | { type: 'info'; code: number; params: Record<string, unknown>; message: string; action: string };

export type AuthEvent =
  | NotificationEvent
  | { type: 'user.login'; credentials: Credentials }
  /** The player changed the PIN: the new pin_code hash the idle lock compares against. */
  | { type: 'session.pinChanged'; pinCode: string }
  | { type: 'user.logout' }
  | { type: 'server.unauthorized'; failure: Failure }
  | { type: 'user.dismissFailure' }
  /** Check the kept token again now (the network-error screen's button). */
  | { type: 'user.retry' }
  /** The browser is back online. */
  | { type: 'network.online' };
