import type { PromoKind } from '../../protocol/account.ts';
import type { Store } from './store.ts';

export type { PromoKind };

/** Discount and bonus claims, and the machine losses a discount is worked out from. */

export function lastClaimAt(store: Store, playerId: number, kind: PromoKind): number | undefined {
  const row = store.database
    .prepare('SELECT max(at) AS at FROM promo_claims WHERE player_id = ? AND kind = ?')
    .get(playerId, kind);
  return typeof row?.at === 'number' ? row.at : undefined;
}

export function addClaim(store: Store, playerId: number, kind: PromoKind, amount: number, at: number): void {
  store.database
    .prepare('INSERT INTO promo_claims (player_id, kind, amount, at) VALUES (?, ?, ?, ?)')
    .run(playerId, kind, amount, at);
}

/**
 * What the player put into machines and did not get back (Σ cash in − Σ cash out) over the
 * sessions that ended after `since`. Open sessions do not count: their credits are still the
 * player's. Negative when the player came out ahead.
 */
export function machineLossSince(store: Store, playerId: number, since: number): number {
  const row = store.database
    .prepare(
      `SELECT coalesce(sum(cash_in - cash_out), 0) AS loss FROM game_sessions
       WHERE player_id = ? AND ended_at IS NOT NULL AND ended_at > ?`,
    )
    .get(playerId, since);
  return Number(row?.loss ?? 0);
}
