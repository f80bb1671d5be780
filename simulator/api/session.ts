import { LoginLogType, LoginResult } from '../../protocol/auth.ts';
import { ErrorCode, OkResponse } from '../../protocol/errors.ts';
import { BalanceResponse } from '../../protocol/player.ts';
import { ok, type Route } from '../http/router.ts';
import { authenticate } from './authenticate.ts';
import type { ApiDeps } from './deps.ts';
import { loginResult } from './login-result.ts';

/**
 * A token check is logged once per login session and address, then again only after this long:
 * a player who reloads, reconnects or opens tabs all day does not bury their logins in "Check".
 */
export const CHECK_LOG_EVERY_MS = 30 * 60_000;

/** Calls that need a logged-in player: token validation, logout, balance. */
export function sessionRoutes(deps: ApiDeps): Route[] {
  // The last logged check of each login session (by token id): where from and when.
  const lastCheck = new Map<string, { ip: string; at: number }>();
  return [
    {
      method: 'GET',
      path: '/api/validate',
      handle: async (request) => {
        const { token, player, session } = await authenticate(request.raw, deps);
        const at = deps.now();
        const last = lastCheck.get(session.jti);
        if (!last || last.ip !== request.ip || at - last.at >= CHECK_LOG_EVERY_MS) {
          // Sessions end; their entries go with the oldest once the map is large.
          if (lastCheck.size >= 10_000) lastCheck.delete(lastCheck.keys().next().value!);
          lastCheck.set(session.jti, { ip: request.ip, at });
          deps.store.addLoginLog({ playerId: player.id, type: LoginLogType.check, ip: request.ip, country: request.country, at });
        }
        return ok(LoginResult, loginResult(token, player, session, request.ip));
      },
    },
    {
      method: 'POST',
      path: '/api/player/logout',
      handle: async (request) => {
        const { player, session } = await authenticate(request.raw, deps);
        const at = deps.now();
        deps.store.transaction(() => {
          deps.sessions.end(session.jti, 'logout');
          deps.store.addLoginLog({
            playerId: player.id,
            type: LoginLogType.logout,
            ip: request.ip,
            country: request.country,
            at,
          });
        });
        return ok(OkResponse, { code: ErrorCode.requestSuccessful });
      },
    },
    {
      method: 'GET',
      path: '/api/player/balance',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        return ok(BalanceResponse, { balance: player.balanceMinor });
      },
    },
  ];
}
