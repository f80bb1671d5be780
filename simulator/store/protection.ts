import type { LockKind, ProtectionLock, ProtectionRecord } from '../../protocol/protection.ts';
import { int, intOrNull, text, textOrNull, type Row } from './rows.ts';
import type { Store } from './store.ts';

/**
 * Player protection's books: the locks a player chose (the panic button, a break, an exclusion)
 * and the record of every protection choice, which the operator can list (control API).
 */
export class ProtectionStore {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /** The lock that keeps the player out at `at` (the one ending last), or null. */
  activeLock(playerId: number, at: number): ProtectionLock | null {
    const row = this.#store.database
      .prepare('SELECT * FROM protection_locks WHERE player_id = ? AND ended_at IS NULL AND ends_at > ? ORDER BY ends_at DESC LIMIT 1')
      .get(playerId, at);
    return row ? toLock(row) : null;
  }

  /** Locks the player out from `at` until `endsAt`, and records it (with `detail`: the period chosen); one transaction. */
  lock(playerId: number, kind: LockKind, at: number, endsAt: number, detail: Record<string, unknown> = {}): ProtectionLock {
    return this.#store.transaction(() => {
      const result = this.#store.database
        .prepare('INSERT INTO protection_locks (player_id, kind, started_at, ends_at) VALUES (?, ?, ?, ?)')
        .run(playerId, kind, at, endsAt);
      this.record(playerId, at, kind, { ...detail, until: endsAt });
      return { id: Number(result.lastInsertRowid), kind, startedAt: at, endsAt, endedAt: null, endedBy: null };
    });
  }

  /** Ends the player's active locks early (the operator's word); returns the locks it ended. */
  endLocks(playerId: number, at: number, by: string): ProtectionLock[] {
    return this.#store.transaction(() => {
      const active = this.#store.database
        .prepare('SELECT * FROM protection_locks WHERE player_id = ? AND ended_at IS NULL AND ends_at > ?')
        .all(playerId, at)
        .map(toLock);
      const end = this.#store.database.prepare('UPDATE protection_locks SET ended_at = ?, ended_by = ? WHERE id = ?');
      for (const lock of active) {
        end.run(at, by, lock.id);
        this.record(playerId, at, 'lockEnded', { lock: lock.id, kind: lock.kind, by });
      }
      return active.map((lock) => ({ ...lock, endedAt: at, endedBy: by }));
    });
  }

  /** The reality-check interval the player chose, in minutes; null: the operator's default. */
  realityCheckMinutes(playerId: number): number | null {
    const row = this.#store.database.prepare('SELECT reality_check_minutes FROM protection_settings WHERE player_id = ?').get(playerId);
    return row ? intOrNull(row, 'reality_check_minutes') : null;
  }

  /** Keeps the player's reality-check interval, and records the change; one transaction. */
  chooseRealityCheck(playerId: number, at: number, minutes: number): void {
    this.#store.transaction(() => {
      const before = this.realityCheckMinutes(playerId);
      this.#store.database
        .prepare(
          'INSERT INTO protection_settings (player_id, reality_check_minutes) VALUES (?, ?) ON CONFLICT(player_id) DO UPDATE SET reality_check_minutes = excluded.reality_check_minutes',
        )
        .run(playerId, minutes);
      this.record(playerId, at, 'realityCheckInterval', { minutes, before });
    });
  }

  record(playerId: number, at: number, kind: string, detail: Record<string, unknown>): void {
    this.#store.database
      .prepare('INSERT INTO protection_records (player_id, at, kind, detail) VALUES (?, ?, ?, ?)')
      .run(playerId, at, kind, JSON.stringify(detail));
  }

  locksOf(playerId: number): ProtectionLock[] {
    return this.#store.database.prepare('SELECT * FROM protection_locks WHERE player_id = ? ORDER BY id DESC').all(playerId).map(toLock);
  }

  recordsOf(playerId: number): ProtectionRecord[] {
    return this.#store.database
      .prepare('SELECT * FROM protection_records WHERE player_id = ? ORDER BY id DESC')
      .all(playerId)
      .map((row) => ({ id: int(row, 'id'), at: int(row, 'at'), kind: text(row, 'kind'), detail: JSON.parse(text(row, 'detail')) as Record<string, unknown> }));
  }
}

function toLock(row: Row): ProtectionLock {
  return {
    id: int(row, 'id'),
    kind: text(row, 'kind') as LockKind,
    startedAt: int(row, 'started_at'),
    endsAt: int(row, 'ends_at'),
    endedAt: intOrNull(row, 'ended_at'),
    endedBy: textOrNull(row, 'ended_by'),
  };
}
