import { randomUUID } from 'node:crypto';
import { LoginLogType, LoginRequest, PLAYER_PERMISSION, type TokenClaims } from '../../src/protocol/auth.ts';
import { ErrorCode } from '../../src/protocol/errors.ts';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords.ts';
import { fail } from '../http/errors.ts';
import { ok, type ApiRequest, type Route } from '../http/router.ts';
import type { PlayerRecord, SessionRecord } from '../store/store.ts';
import type { ApiDeps } from './deps.ts';
import { loginResult } from './login-result.ts';

/**
 * POST /api/login. Order of checks, and why:
 * 1. body (400), 2. visitor country (10703: before any credential is looked at),
 * 3. unknown username (10701), 4. temporarily blocked (10702: the password is not even
 *    checked, so guessing is useless while blocked),
 * 5. password (10700 with left_count, 10702 on the fifth failure),
 * 6. banned (10704) only after a correct password: a guesser cannot learn that an account is
 *    banned, only its owner does.
 */

export const MAX_FAILED_ATTEMPTS = 5;
export const BLOCK_MINUTES = 15;
const BLOCK_MS = BLOCK_MINUTES * 60_000;

/** Ids a player's token carries: 100 = player account, 145 = may use the product (SPEC §6). */
const PLAYER_PERMISSIONS = [100, PLAYER_PERMISSION];
const PLAYER_GROUP = 1;
const PLAYER_TYPE = 1;

export function loginRoutes(deps: ApiDeps): Route[] {
  return [{ method: 'POST', path: '/api/login', handle: (request) => login(request, deps) }];
}

async function login(request: ApiRequest, deps: ApiDeps) {
  const { username, password } = await request.body(LoginRequest);
  const { store } = deps;
  const at = deps.now();
  const log = (type: LoginLogType, playerId: number | null) =>
    store.addLoginLog({ playerId, type, ip: request.ip, country: request.country, at });

  const known = store.playerByUsername(username);

  if (!deps.control.isCountryAllowed(request.country)) {
    log(LoginLogType.notAllowed, known?.id ?? null);
    throw fail(403, ErrorCode.ipNotPermitted, { country: request.country, ip: request.ip });
  }
  if (!known) {
    await burnPasswordCheck(password);
    log(LoginLogType.loginFail, null);
    throw fail(403, ErrorCode.wrongCredentials);
  }
  if (isBlocked(known, at)) {
    log(LoginLogType.temporarilyBlocked, known.id);
    throw blocked(known, at);
  }

  const passwordOk = await verifyPassword(password, known.passwordHash);

  // Re-read after the await: from here to the end nothing awaits, so concurrent attempts
  // cannot both read the same failure count.
  const player = store.playerById(known.id);
  if (!player) throw fail(403, ErrorCode.wrongCredentials);
  if (isBlocked(player, at)) {
    log(LoginLogType.temporarilyBlocked, player.id);
    throw blocked(player, at);
  }
  if (!passwordOk) {
    const attempts = player.failedAttempts + 1;
    if (attempts >= MAX_FAILED_ATTEMPTS) {
      store.setLoginFailures(player.id, 0, at + BLOCK_MS);
      log(LoginLogType.temporarilyBlocked, player.id);
      throw fail(403, ErrorCode.temporarilyBlocked, { block_time: BLOCK_MINUTES });
    }
    store.setLoginFailures(player.id, attempts, null);
    log(LoginLogType.loginFail, player.id);
    throw fail(403, ErrorCode.wrongCredentialsCounted, {
      left_count: MAX_FAILED_ATTEMPTS - attempts,
      block_time: BLOCK_MINUTES,
    });
  }
  if (player.banned) {
    log(LoginLogType.notAllowed, player.id);
    throw fail(403, ErrorCode.banned);
  }

  const iat = Math.floor(at / 1000);
  const claims: TokenClaims = {
    sub: String(player.id),
    username: player.username,
    permissions: PLAYER_PERMISSIONS,
    group: PLAYER_GROUP,
    type: PLAYER_TYPE,
    iat,
    exp: iat + deps.jwtTtlSeconds,
    jti: randomUUID(),
  };
  const session: SessionRecord = {
    jti: claims.jti,
    playerId: player.id,
    ip: request.ip,
    createdAt: at,
    expiresAt: claims.exp * 1000,
    revokedAt: null,
    endReason: null,
    previousLogon: player.lastLogon,
    previousLogonIp: player.lastLogonIp,
  };
  store.transaction(() => {
    store.createSession(session);
    store.recordLogon(player.id, at, request.ip);
    log(LoginLogType.success, player.id);
    // One login session per player: a login elsewhere ends the others, sockets and all.
    deps.sessions.endAllOf(player.id, 'elsewhere', session.jti);
  });
  const token = await deps.tokens.sign(claims);
  return ok(loginResult(token, player, session, request.ip));
}

function isBlocked(player: PlayerRecord, at: number): boolean {
  return player.blockedUntil !== null && player.blockedUntil > at;
}

function blocked(player: PlayerRecord, at: number) {
  const remainingMs = (player.blockedUntil ?? at) - at;
  return fail(403, ErrorCode.temporarilyBlocked, { block_time: Math.max(1, Math.ceil(remainingMs / 60_000)) });
}
