import { SECRET_ATTEMPTS } from '../../protocol/auth.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { fail, type ApiFailure } from '../http/errors.ts';
import type { PlayerRecord, Store } from '../store/store.ts';

/**
 * The one attempt policy (SECRET_ATTEMPTS) for every place the server checks a player's
 * password: login, change password and change PIN share the player's count, so a stolen token
 * buys no more guesses than the login form. While blocked the password is not even checked
 * (10702 with the minutes left); the failure that reaches the limit blocks the account.
 */

const BLOCK_MS = SECRET_ATTEMPTS.blockMinutes * 60_000;

/** 10702 with the minutes left, when the player is blocked at `at`; else null. */
export function blockedNow(player: PlayerRecord, at: number): ApiFailure | null {
  if (player.blockedUntil === null || player.blockedUntil <= at) return null;
  const remainingMs = player.blockedUntil - at;
  return fail(403, ErrorCode.temporarilyBlocked, { block_time: Math.max(1, Math.ceil(remainingMs / 60_000)) });
}

/**
 * Counts one wrong password. Returns what to answer: 10702 when this one reached the limit (the
 * account is now blocked), else `wrong(left)` with the attempts left. Call it with the player
 * re-read after the hash's await, with nothing awaited in between, so two concurrent wrong
 * guesses cannot both read the same count.
 */
export function countFailure(
  store: Store,
  player: PlayerRecord,
  at: number,
  wrong: (params: { left_count: number; block_time: number }) => ApiFailure,
): { failure: ApiFailure; blocked: boolean } {
  const attempts = player.failedAttempts + 1;
  if (attempts >= SECRET_ATTEMPTS.max) {
    store.setLoginFailures(player.id, 0, at + BLOCK_MS);
    return { failure: fail(403, ErrorCode.temporarilyBlocked, { block_time: SECRET_ATTEMPTS.blockMinutes }), blocked: true };
  }
  store.setLoginFailures(player.id, attempts, null);
  return { failure: wrong({ left_count: SECRET_ATTEMPTS.max - attempts, block_time: SECRET_ATTEMPTS.blockMinutes }), blocked: false };
}

/** The right password: the count starts again. */
export function clearFailures(store: Store, player: PlayerRecord): void {
  if (player.failedAttempts !== 0 || player.blockedUntil !== null) store.setLoginFailures(player.id, 0, null);
}
