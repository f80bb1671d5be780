import { FloorCode } from '../../protocol/sockets.ts';
import { LedgerError } from './ledger.ts';
import { text, type Row } from './rows.ts';
import type { Store } from './store.ts';

/**
 * Idempotent requests. A request id counts within (player, scope, operation): the scope is the
 * game session, the operation the request's kind ('transfer', 'cashout', 'spin', …). So a
 * cashout can never be taken for a repeat of a transfer, and an id a client reuses in a later
 * session starts afresh. A true repeat (same operation, same payload) is not applied again and
 * gets the first result back; the same id with another payload is refused (60015).
 *
 * The request is recorded in the same transaction as its effects: a refused request leaves no
 * record, so its retry is judged anew.
 */

export interface RequestKey {
  playerId: number;
  scope: string;
  operation: string;
  requestId: string;
  /** What makes two requests with one id the same request (e.g. the transfer amount). */
  fingerprint: string;
}

export type Once<T> = { duplicate: false; result: T } | { duplicate: true; result: T };

export class RequestLog {
  readonly #store: Store;
  readonly #now: () => number;

  constructor(store: Store, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  /**
   * Forgets a finished scope's requests (a game session that ended: its socket is closed, so no
   * repeat of them can arrive), so the log holds only what open sessions may still repeat.
   */
  forget(playerId: number, scope: string): void {
    this.#store.database.prepare('DELETE FROM requests WHERE player_id = ? AND scope = ?').run(playerId, scope);
  }

  /** Applies `apply` once per key; a repeat answers the first result. */
  once<T>(key: RequestKey, apply: () => T): Once<T> {
    const db = this.#store.database;
    return this.#store.transaction(() => {
      const seen = db
        .prepare('SELECT fingerprint, result FROM requests WHERE player_id = ? AND scope = ? AND operation = ? AND request_id = ?')
        .get(key.playerId, key.scope, key.operation, key.requestId) as Row | undefined;
      if (seen) {
        if (text(seen, 'fingerprint') !== key.fingerprint) {
          throw new LedgerError(FloorCode.requestIdReused, `request id ${key.requestId} was used for another ${key.operation}`);
        }
        return { duplicate: true, result: JSON.parse(text(seen, 'result')) as T };
      }
      const result = apply();
      db.prepare(
        'INSERT INTO requests (player_id, scope, operation, request_id, fingerprint, result, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(key.playerId, key.scope, key.operation, key.requestId, key.fingerprint, JSON.stringify(result ?? null), this.#now());
      return { duplicate: false, result };
    });
  }
}
