import { z } from 'zod/mini';
import { lazySchema } from './lazySchema.ts';

/** Error and info codes of SPEC §8. Machines and the wire carry codes; views translate them. */
export const ErrorCode = {
  signatureNotVerified: 10,
  requestSuccessful: 20000,
  invalidRequest: 40000,
  oldPasswordWrong: 40001,
  passwordTooShort: 40101,
  /** The new password is the old one (checked before any hash: the player sent both). Ours, beyond SPEC §8. */
  passwordUnchanged: 40102,
  sessionTerminated: 50100,
  pipelineFailed: 70000,
  wrongCredentialsCounted: 10700,
  wrongCredentials: 10701,
  temporarilyBlocked: 10702,
  ipNotPermitted: 10703,
  banned: 10704,
  /** Client-side: the idle lock logged the player out after 5 wrong PINs in a row (never sent by the operator). */
  tooManyWrongPins: 10705,
  /** The player logged in on another device or browser: this session has ended. */
  loggedInElsewhere: 10706,
  /** An operator ended the player's session. */
  sessionEndedByOperator: 10707,
  /**
   * Too many attempts or requests from one address, player or connection (429; `Params.retry_after`
   * in seconds). The limits are docs/operators.md's "Fair share".
   */
  tooManyRequests: 10708,
  /**
   * A login refused while the player is locked out at their own request (the panic button, a
   * break, a self-exclusion): `Params.until` (epoch ms) and `Params.kind` say until when and why.
   */
  playerLocked: 10709,
  /** The player has just locked themselves out (the panic button): every login session ends, the credits are paid back. */
  sessionLocked: 10710,
  /** The login session reached the session time the player set themselves (a limit): it has ended; a new login starts a new one. */
  sessionTimeLimit: 10711,
  /**
   * The login session will soon reach the player's session-time limit: an `info` frame on the
   * notification socket, SESSION_TIME_WARNING_MS before (or at once when less is left), with
   * `params.minutes` (whole minutes left, rounded up) and `params.until` (epoch ms: when it ends).
   */
  sessionTimeWarning: 10712,
  depositCountdown: 18800,
  sessionTerminating: 18801,
  continueCountdown: 18802,
} as const;

/**
 * The codes a login session ends with on the sockets (an error frame, then close 4401 with the
 * code as the reason): logout or expiry, a ban, a login elsewhere, the operator.
 */
export const SESSION_END_CODES: ReadonlySet<number> = new Set([
  ErrorCode.sessionTerminated,
  ErrorCode.banned,
  ErrorCode.loggedInElsewhere,
  ErrorCode.sessionEndedByOperator,
  ErrorCode.sessionLocked,
  ErrorCode.sessionTimeLimit,
]);

/**
 * The floor's close warnings (info frames on the machine socket): a countdown, in `params.count`
 * seconds, to 18801 unless the player deposits (18800) or plays (18802). The machine socket
 * hands them to the game session as socket.closeWarning; the simulator sends them.
 */
export const CLOSE_WARNING_CODES = [ErrorCode.depositCountdown, ErrorCode.continueCountdown] as const;
export type CloseWarningCode = (typeof CLOSE_WARNING_CODES)[number];
export function isCloseWarningCode(code: number): code is CloseWarningCode {
  return (CLOSE_WARNING_CODES as readonly number[]).includes(code);
}

/** The error body every failing REST call answers with. */
export const ApiError = lazySchema(() => z.object({
  code: z.int(),
  ErrorMessage: z.string(),
  Params: z._default(z.record(z.string(), z.unknown()), {}),
}));
export type ApiError = z.infer<typeof ApiError>;

export const OkResponse = lazySchema(() => z.object({
  code: z.literal(ErrorCode.requestSuccessful),
  ErrorMessage: z.optional(z.string()),
}));
export type OkResponse = z.infer<typeof OkResponse>;
