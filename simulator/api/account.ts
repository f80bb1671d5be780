import { LoginLogType } from '../../protocol/auth.ts';
import {
  ChangePasswordRequest,
  ChangePinRequest,
  MIN_PASSWORD_LENGTH,
  ChangePinResponse,
  ProfileResponse,
} from '../../protocol/account.ts';
import { ErrorCode, OkResponse } from '../../protocol/errors.ts';
import { blockedNow, clearFailures, countFailure } from '../auth/attempts.ts';
import { hashPassword, verifyPassword } from '../secrets/passwords.ts';
import { createPinCode } from '../secrets/pin.ts';
import { ApiFailure } from '../http/errors.ts';
import { ok, type ApiRequest, type Route } from '../http/router.ts';
import { setPasswordHash, setPinHash } from '../store/account.ts';
import type { PlayerRecord } from '../store/store.ts';
import { authenticate } from './authenticate.ts';
import type { ApiDeps } from './deps.ts';

/** The profile screen: who the player is, and changing their password and idle-lock PIN. */

export function accountRoutes(deps: ApiDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/player/profile',
      handle: async (request) => {
        const { player, session } = await authenticate(request.raw, deps);
        return ok(ProfileResponse, {
          id: String(player.id),
          username: player.username,
          name: player.name,
          lastname: player.lastname,
          email: player.email,
          balance: player.balanceMinor,
          lastLogon: session.previousLogon === null ? null : new Date(session.previousLogon).toISOString(),
          lastLogonIp: session.previousLogonIp,
          ip: request.ip,
        });
      },
    },
    { method: 'POST', path: '/api/player/change-password', handle: (request) => changePassword(request, deps) },
    { method: 'POST', path: '/api/player/change-pin', handle: (request) => changePin(request, deps) },
  ];
}

/**
 * Checks the cheap rules (length, 40101; a new password that is the old one, 40102) before
 * spending a hash on the old password (40001).
 * Other sessions stay valid: the player changed a secret, not who is logged in where.
 */
async function changePassword(request: ApiRequest, deps: ApiDeps) {
  const { player } = await authenticate(request.raw, deps);
  const { oldPassword, newPassword } = await request.body(ChangePasswordRequest);
  if ([...newPassword].length < MIN_PASSWORD_LENGTH) {
    throw new ApiFailure(400, ErrorCode.passwordTooShort, 'password is too short', { min: MIN_PASSWORD_LENGTH });
  }
  if (newPassword === oldPassword) throw new ApiFailure(400, ErrorCode.passwordUnchanged, 'the new password is the old one', {});
  await requirePassword(deps, player, oldPassword);
  const hash = await hashPassword(newPassword);
  deps.store.transaction(() => {
    setPasswordHash(deps.store, player.id, hash);
    deps.store.addLoginLog({
      playerId: player.id,
      type: LoginLogType.changedPassword,
      ip: request.ip,
      country: request.country,
      at: deps.now(),
    });
  });
  return ok(OkResponse, { code: ErrorCode.requestSuccessful });
}

/** The PIN guards an unattended screen, so changing it takes the password, not just the token. */
async function changePin(request: ApiRequest, deps: ApiDeps) {
  const { player } = await authenticate(request.raw, deps);
  const { password, pin } = await request.body(ChangePinRequest);
  await requirePassword(deps, player, password);
  const pinCode = await createPinCode(pin);
  setPinHash(deps.store, player.id, pinCode);
  return ok(ChangePinResponse, { code: ErrorCode.requestSuccessful, pin_code: pinCode });
}

/**
 * The current password, under the login's attempt policy (auth/attempts.ts): a wrong one is
 * 40001 with `left_count`, the fifth in a row blocks the account (10702, as at login), and while
 * blocked the password is not even checked — so a stolen token cannot guess it either.
 */
async function requirePassword(deps: ApiDeps, player: PlayerRecord, password: string): Promise<void> {
  const blocked = blockedNow(player, deps.now());
  if (blocked) throw blocked;
  const matches = await verifyPassword(password, player.passwordHash);
  // Re-read after the await; from here nothing awaits, so concurrent guesses count one by one.
  const at = deps.now();
  const current = deps.store.playerById(player.id) ?? player;
  const blockedMeanwhile = blockedNow(current, at);
  if (blockedMeanwhile) throw blockedMeanwhile;
  if (matches) {
    clearFailures(deps.store, current);
    return;
  }
  const { failure } = countFailure(deps.store, current, at, (params) => new ApiFailure(403, ErrorCode.oldPasswordWrong, 'old password is wrong', params));
  throw failure;
}
