import { ErrorCode } from '../../protocol/errors.ts';
import { PANIC_LOCK_MS, PanicResult, ProtectionReport } from '../../protocol/protection.ts';
import { fail } from '../http/errors.ts';
import { ok, type Route } from '../http/router.ts';
import { authenticate } from './authenticate.ts';
import type { ApiDeps } from './deps.ts';

/** What the protection calls need of the floor: every machine the player holds, paid back and freed. */
export interface PayBack {
  payBack(playerId: number): void;
}

/**
 * Player protection over REST. The panic button (Germany's GlüStV §6i: one press, no question
 * asked) locks the player out for 24 hours at once: every login session ends (code 10710), the
 * credits on any machine go back to the wallet, and a login is refused (10709) until the lock ends.
 * Offered in every jurisdiction (a player may always lock themselves out); the client shows the
 * button where the jurisdiction requires it.
 */
export function protectionRoutes(deps: ApiDeps, floor: PayBack): Route[] {
  return [
    {
      method: 'POST',
      path: '/api/player/protection/panic',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const at = deps.now();
        const until = deps.store.transaction(() => {
          const lock = deps.protection.lock(player.id, 'panic', at, at + PANIC_LOCK_MS);
          // The sockets hear why first (the game leaves as its login ends), then the machines pay back.
          deps.sessions.endAllOf(player.id, 'locked');
          floor.payBack(player.id);
          return lock.endsAt;
        });
        return ok(PanicResult, { code: ErrorCode.requestSuccessful, until });
      },
    },
  ];
}

/** /sim/players/:username/protection: the operator lists a player's locks and history, and ends a lock early. */
export function protectionControlRoutes(deps: ApiDeps): Route[] {
  const playerNamed = (username: string | undefined) => {
    const player = username ? deps.store.playerByUsername(username) : undefined;
    if (!player) throw fail(404, ErrorCode.invalidRequest, { reason: 'no such player' });
    return player;
  };
  const report = (playerId: number) =>
    ok(ProtectionReport, { locks: deps.protection.locksOf(playerId), records: deps.protection.recordsOf(playerId) });
  return [
    {
      method: 'GET',
      path: '/sim/players/:username/protection',
      handle: (request) => report(playerNamed(request.params.username).id),
    },
    {
      method: 'DELETE',
      path: '/sim/players/:username/protection/lock',
      handle: (request) => {
        const player = playerNamed(request.params.username);
        const ended = deps.protection.endLocks(player.id, deps.now(), 'operator');
        if (ended.length === 0) throw fail(404, ErrorCode.invalidRequest, { reason: 'the player has no active lock' });
        return report(player.id);
      },
    },
  ];
}
