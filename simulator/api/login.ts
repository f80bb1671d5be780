import { randomUUID } from 'node:crypto';
import { LoginLogType, LoginRequest, LoginResult, PLAYER_PERMISSION, SECRET_ATTEMPTS, type TokenClaims } from '../../protocol/auth.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { blockedNow, countFailure } from '../auth/attempts.ts';
import { burnPasswordCheck, verifyPassword } from '../secrets/passwords.ts';
import { fail } from '../http/errors.ts';
import { ok, type ApiRequest, type Route } from '../http/router.ts';
import type { SessionRecord } from '../store/store.ts';
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

export const MAX_FAILED_ATTEMPTS = SECRET_ATTEMPTS.max;
export const BLOCK_MINUTES = SECRET_ATTEMPTS.blockMinutes;

/** Ids a player's token carries: 100 = player account, 145 = may use the product (SPEC §6). */
const PLAYER_PERMISSIONS = [100, PLAYER_PERMISSION];
const PLAYER_GROUP = 1;
const PLAYER_TYPE = 1;

export function loginRoutes(deps: ApiDeps): Route[] {
  return [
    {
      method: 'POST',
      path: '/api/login',
      // One address may not flood the password hashing (limits/address-gate.ts): 429 10708.
      handle: (request) => deps.gate.run(request.ip, 'login', () => login(request, deps)),
    },
  ];
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
    deps.gate.failed(request.ip);
    throw fail(403, ErrorCode.wrongCredentials);
  }
  const blockedBefore = blockedNow(known, at);
  if (blockedBefore) {
    log(LoginLogType.temporarilyBlocked, known.id);
    deps.gate.failed(request.ip);
    throw blockedBefore;
  }

  const passwordOk = await verifyPassword(password, known.passwordHash);

  // Re-read after the await: from here to the end nothing awaits, so concurrent attempts
  // cannot both read the same failure count.
  const player = store.playerById(known.id);
  if (!player) throw fail(403, ErrorCode.wrongCredentials);
  const blockedAfter = blockedNow(player, at);
  if (blockedAfter) {
    log(LoginLogType.temporarilyBlocked, player.id);
    deps.gate.failed(request.ip);
    throw blockedAfter;
  }
  if (!passwordOk) {
    const { failure, blocked } = countFailure(store, player, at, (params) => fail(403, ErrorCode.wrongCredentialsCounted, params));
    log(blocked ? LoginLogType.temporarilyBlocked : LoginLogType.loginFail, player.id);
    deps.gate.failed(request.ip);
    throw failure;
  }
  if (player.banned) {
    log(LoginLogType.notAllowed, player.id);
    throw fail(403, ErrorCode.banned);
  }
  // Like a ban, told only after the right password: the lock is the player's own business. Read
  // now, after the password's await: a lock the player took meanwhile (the panic button in
  // another tab) keeps this login out too.
  const lock = deps.protection.activeLock(player.id, deps.now());
  if (lock) {
    log(LoginLogType.notAllowed, player.id);
    throw fail(403, ErrorCode.playerLocked, { until: lock.endsAt, kind: lock.kind });
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
  return ok(LoginResult, loginResult(token, player, session, request.ip));
}
