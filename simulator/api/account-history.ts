import {
  GameSessionPage,
  GameSessionQuery,
  LoginLogPage,
  LoginLogQuery,
  TransactionPage,
  TransactionQuery,
} from '../../protocol/account.ts';
import { ok, type Route } from '../http/router.ts';
import { gameSessionPage, loginLogPage, transactionPage } from '../store/account-history.ts';
import { authenticate } from './authenticate.ts';
import type { ApiDeps } from './deps.ts';

/** The account screens' lists: login log, game sessions, transactions. Paged, newest first. */

const iso = (at: number) => new Date(at).toISOString();

export function accountHistoryRoutes(deps: ApiDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/player/login-log',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const query = request.query(LoginLogQuery);
        const { items, total } = loginLogPage(deps.store, player.id, query, query);
        return ok(LoginLogPage, {
          items: items.map((row) => ({ id: row.id, ip: row.ip, country: row.country, type: row.type, at: iso(row.at) })),
          total,
          page: query.page,
          size: query.size,
        });
      },
    },
    {
      method: 'GET',
      path: '/api/player/game-sessions',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const query = request.query(GameSessionQuery);
        const { items, total } = gameSessionPage(deps.store, player.id, query, query);
        const now = deps.now();
        return ok(GameSessionPage, {
          items: items.map((row) => ({
            id: row.id,
            machineId: row.machineId,
            machineName: row.machineName,
            brand: row.brand,
            start: iso(row.startedAt),
            end: row.endedAt === null ? null : iso(row.endedAt),
            durationSeconds: Math.max(0, Math.floor(((row.endedAt ?? now) - row.startedAt) / 1000)),
            // What came back to the wallet minus what went in: how the session went for the player.
            amount: row.cashOut - row.cashIn,
            cashIn: row.cashIn,
            cashOut: row.cashOut,
            betTotal: row.betTotal,
            winTotal: row.winTotal,
            spinCount: row.spins,
            freeSpinCount: row.freeSpins,
          })),
          total,
          page: query.page,
          size: query.size,
        });
      },
    },
    {
      method: 'GET',
      path: '/api/player/transactions',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const query = request.query(TransactionQuery);
        const { items, total } = transactionPage(deps.store, player.id, query, query);
        return ok(TransactionPage, {
          items: items.map((row) => ({ ...row, at: iso(row.at) })),
          total,
          page: query.page,
          size: query.size,
        });
      },
    },
  ];
}
