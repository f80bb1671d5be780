import { LoginLogType, LoginResult } from '../../protocol/auth.ts';
import { ErrorCode, OkResponse } from '../../protocol/errors.ts';
import { BalanceResponse } from '../../protocol/player.ts';
import { ok, type Route } from '../http/router.ts';
import { authenticate } from './authenticate.ts';
import type { ApiDeps } from './deps.ts';
import { loginResult } from './login-result.ts';

/** Calls that need a logged-in player: token validation, logout, balance. */
export function sessionRoutes(deps: ApiDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/validate',
      handle: async (request) => {
        const { token, player, session } = await authenticate(request.raw, deps);
        deps.store.addLoginLog({
          playerId: player.id,
          type: LoginLogType.check,
          ip: request.ip,
          country: request.country,
          at: deps.now(),
        });
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
