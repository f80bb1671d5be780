import { LoginLogType } from '../../protocol/auth.ts';
import { ErrorCode, type OkResponse } from '../../protocol/errors.ts';
import type { BalanceResponse } from '../../protocol/player.ts';
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
        return ok(loginResult(token, player, session, request.ip));
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
        const body: OkResponse = { code: ErrorCode.requestSuccessful };
        return ok(body);
      },
    },
    {
      method: 'GET',
      path: '/api/player/balance',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const body: BalanceResponse = { balance: player.balanceMinor };
        return ok(body);
      },
    },
  ];
}
