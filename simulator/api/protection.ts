import { ErrorCode } from '../../protocol/errors.ts';
import {
  LimitRequest,
  LockRequest,
  LockResult,
  MANDATORY_LIMITS,
  lockEnd,
  PANIC_LOCK_MS,
  PLAYER_RECORD_KINDS,
  ProtectionHistoryPage,
  ProtectionHistoryQuery,
  protectionEntry,
  ProtectionReport,
  ProtectionSettings,
  RealityCheckChoice,
  realityCheckMinutes,
  realityCheckPolicy,
  type LockKind,
} from '../../protocol/protection.ts';
import { fail } from '../http/errors.ts';
import { ok, type Route } from '../http/router.ts';
import { authenticate } from './authenticate.ts';
import type { ApiDeps } from './deps.ts';

/** What the protection calls need of the floor: every machine the player holds paid back and freed; a new reality-check interval heard. */
export interface PayBack {
  payBack(playerId: number): void;
  intervalChanged(playerId: number): void;
}

/**
 * Player protection over REST: the player locks themselves out. The panic button (Germany's
 * GlüStV §6i: one press, no question asked) for 24 hours; a break (24 h, a week, a month, six
 * weeks) or a self-exclusion (six months, a year, five years) chosen on the profile. Either way
 * every login session ends (code 10710), the credits on any machine go back to the wallet, and a
 * login is refused (10709, with the end) until the lock ends; only the operator ends one sooner
 * (the control API). Offered in every jurisdiction: a player may always lock themselves out; the
 * client shows the panic button where the jurisdiction requires it.
 */
export function protectionRoutes(deps: ApiDeps, floor: PayBack): Route[] {
  const lockOut = (playerId: number, kind: LockKind, until: (at: number) => number, detail: Record<string, unknown> = {}) => {
    const at = deps.now();
    const lock = deps.store.transaction(() => deps.protection.lock(playerId, kind, at, until(at), detail));
    // Once the lock is written it holds (logins and tokens are refused by it), whatever follows:
    // the sockets hear why first (the game leaves as its login ends), then the machines pay back.
    // A failure there is logged (a held machine's reservation pays it back later) and the player
    // is still told the lock is on.
    try {
      deps.sessions.endAllOf(playerId, 'locked');
      floor.payBack(playerId);
    } catch (error) {
      console.error(`simulator: ending player ${playerId}'s sessions after their lock failed`, error);
    }
    return ok(LockResult, { code: ErrorCode.requestSuccessful, kind, until: lock.endsAt });
  };
  // The player's reality-check interval: their choice while the operator offers it, else its default.
  const settingsOf = (playerId: number) => {
    const jurisdiction = deps.control.settings().JURISDICTION;
    const policy = realityCheckPolicy(deps.control.settings());
    const minutes = realityCheckMinutes(policy, deps.protection.realityCheckMinutes(playerId));
    return ok(ProtectionSettings, {
      realityCheck: { minutes, defaultMinutes: policy.defaultMinutes, choices: [...policy.choices] },
      limits: deps.protection.limitsOf(playerId, deps.now()),
      mandatory: [...MANDATORY_LIMITS[jurisdiction]],
    });
  };
  return [
    {
      method: 'GET',
      path: '/api/player/protection',
      handle: async (request) => settingsOf((await authenticate(request.raw, deps)).player.id),
    },
    {
      // The player's own protection history: what they chose and what the operator did, newest
      // first, paged and windowed as the account's lists.
      method: 'GET',
      path: '/api/player/protection/history',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const query = request.query(ProtectionHistoryQuery);
        const { items, total } = deps.protection.recordPage(player.id, PLAYER_RECORD_KINDS, query, query);
        // Only the shown kinds were read, and the simulator writes each as protectionEntry reads it.
        const entries = items.map(protectionEntry).filter((entry) => entry !== null);
        return ok(ProtectionHistoryPage, { items: entries, total, page: query.page, size: query.size });
      },
    },
    {
      method: 'POST',
      path: '/api/player/protection/reality-check',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const { minutes } = await request.body(RealityCheckChoice);
        const { choices } = realityCheckPolicy(deps.control.settings());
        if (!choices.includes(minutes)) throw fail(400, ErrorCode.invalidRequest, { reason: `choose one of ${choices.join(', ')} minutes`, choices: [...choices] });
        deps.protection.chooseRealityCheck(player.id, deps.now(), minutes);
        // A shorter interval brings the next check forward; a longer one counts from the next.
        floor.intervalChanged(player.id);
        return settingsOf(player.id);
      },
    },
    {
      method: 'POST',
      path: '/api/player/protection/limit',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        const { kind, amount } = await request.body(LimitRequest);
        // A limit the jurisdiction requires may be changed, not removed.
        if (amount === null && MANDATORY_LIMITS[deps.control.settings().JURISDICTION].includes(kind)) {
          throw fail(400, ErrorCode.invalidRequest, { reason: `a ${kind} limit is required here`, limit_kind: kind });
        }
        deps.protection.setLimit(player.id, kind, amount, deps.now());
        return settingsOf(player.id);
      },
    },
    {
      method: 'POST',
      path: '/api/player/protection/panic',
      handle: async (request) => {
        const { player } = await authenticate(request.raw, deps);
        return lockOut(player.id, 'panic', (at) => at + PANIC_LOCK_MS);
      },
    },
    {
      method: 'POST',
      path: '/api/player/protection/lock',
      handle: async (request) => {
        const { player, session } = await authenticate(request.raw, deps);
        const { kind, period } = await request.body(LockRequest);
        // The session may have ended while the body was read (a lock from another tab): checked
        // again, and answered with the code it ended with (as every call of an ended login is).
        const ended = deps.sessions.endedCode(session.jti);
        if (ended !== null) throw fail(401, ended);
        return lockOut(player.id, kind, (at) => lockEnd(at, period), { period });
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
