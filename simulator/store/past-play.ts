import type { DatabaseSync } from 'node:sqlite';
import type { Store } from './store.ts';

/**
 * The few writes the fleet seed needs to lay down past play: game session rows (the money in
 * them moves through the ledger) and the date of a player's opening-balance deposit.
 */
export class PastPlay {
  readonly #db: DatabaseSync;

  constructor(store: Store) {
    this.#db = store.database;
  }

  openSession(playerId: number, machineId: number, startedAt: number): number {
    const result = this.#db
      .prepare('INSERT INTO game_sessions (player_id, machine_id, started_at) VALUES (?, ?, ?)')
      .run(playerId, machineId, startedAt);
    return Number(result.lastInsertRowid);
  }

  endSession(sessionId: number, endedAt: number): void {
    this.#db.prepare('UPDATE game_sessions SET ended_at = ? WHERE id = ?').run(endedAt, sessionId);
  }

  /**
   * The opening balance is booked at the first start (now); history laid down afterwards is
   * dated weeks earlier. Moving the opening deposit before that history keeps the transactions
   * list in time order with balances that add up. Only its date changes, never an amount.
   */
  backdateOpeningBalance(playerId: number, at: number): void {
    this.#db
      .prepare("UPDATE transactions SET at = ? WHERE player_id = ? AND tag = 'opening balance' AND at > ?")
      .run(at, playerId, at);
  }

  /** The brand's pool as it stands, so a replayed spin leaves the jackpot where it is. */
  jackpot(brandId: number): { pool: number; carry: number } {
    const row = this.#db.prepare('SELECT jackpot_pool, jackpot_carry FROM brands WHERE id = ?').get(brandId);
    if (!row) throw new Error(`no brand ${brandId}`);
    return { pool: Number(row.jackpot_pool), carry: Number(row.jackpot_carry) };
  }
}
