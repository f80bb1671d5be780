import {
  isMoneyLimit,
  LIMIT_COOLING_OFF_MS,
  LimitKind,
  limitPeriod,
  type LockKind,
  type PlayerLimit,
  type ProtectionLock,
  type ProtectionRecord,
} from '../../protocol/protection.ts';
import { AmountAction } from '../../protocol/floor.ts';
import { paged, Where, type Page, type Paging, type Window } from './account-history.ts';
import { int, intOrNull, text, textOrNull, type Row } from './rows.ts';
import type { Store } from './store.ts';

/**
 * Player protection's books: the locks a player chose (the panic button, a break, an exclusion)
 * and the record of every protection choice, which the operator can list (control API).
 */
export class ProtectionStore {
  readonly #store: Store;
  /**
   * Each player's limit rows as read from the table, kept after the first read: the login's
   * session-time check runs on every socket frame and every sweep, so it must not be a query.
   * This class is the table's only writer, and `setLimit` forgets the player's entry. One small
   * entry per player ever read: bounded by the simulator's players, never dropped.
   */
  readonly #limitRows = new Map<number, ReadonlyMap<string, Row>>();

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

  /** The player's limits as they stand at `at` (a raise whose cooling-off is over counts), every kind. */
  limitsOf(playerId: number, at: number): PlayerLimit[] {
    return LimitKind.options.map((kind) => this.#limit(playerId, kind, at));
  }

  /** One of the player's limits as it stands at `at`, from the rows kept in memory. */
  #limit(playerId: number, kind: LimitKind, at: number): PlayerLimit {
    let rows = this.#limitRows.get(playerId);
    if (!rows) {
      rows = new Map(
        this.#store.database
          .prepare('SELECT * FROM protection_limits WHERE player_id = ?')
          .all(playerId)
          .map((row) => [text(row, 'kind'), row] as const),
      );
      this.#limitRows.set(playerId, rows);
    }
    const row = rows.get(kind);
    if (!row) return { kind, amount: null, pending: null };
    const waiting = int(row, 'pending_set') === 1;
    const from = intOrNull(row, 'pending_from') ?? 0;
    if (waiting && from <= at) return { kind, amount: intOrNull(row, 'pending_amount'), pending: null };
    return { kind, amount: intOrNull(row, 'amount'), pending: waiting ? { amount: intOrNull(row, 'pending_amount'), from } : null };
  }

  /**
   * Sets one of the player's limits (minor units; null: none) and records it. A lower limit (or a
   * first one) counts at once; a higher one, or none, only after the cooling-off — until then the
   * one in force stays. Setting the limit in force again drops a raise waiting.
   */
  setLimit(playerId: number, kind: LimitKind, amount: number | null, at: number): PlayerLimit {
    // The rows kept in memory are forgotten once the write is over, committed or not.
    try {
      return this.#store.transaction(() => this.#writeLimit(playerId, kind, amount, at));
    } finally {
      this.#limitRows.delete(playerId);
    }
  }

  #writeLimit(playerId: number, kind: LimitKind, amount: number | null, at: number): PlayerLimit {
    const now = this.#limit(playerId, kind, at);
    const lower = amount !== null && (now.amount === null || amount < now.amount);
    const same = amount === now.amount;
    // The same raise asked again (a retry, a double submit) keeps its wait: it does not start over.
    const again = now.pending !== null && now.pending.amount === amount;
    const from = lower || same ? null : again ? now.pending!.from : at + LIMIT_COOLING_OFF_MS;
    this.#store.database
      .prepare(
        `INSERT INTO protection_limits (player_id, kind, amount, pending_set, pending_amount, pending_from) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(player_id, kind) DO UPDATE SET amount = excluded.amount, pending_set = excluded.pending_set,
           pending_amount = excluded.pending_amount, pending_from = excluded.pending_from`,
      )
      .run(playerId, kind, lower ? amount : now.amount, from === null ? 0 : 1, from === null ? null : amount, from);
    this.#limitRows.delete(playerId);
    this.record(playerId, at, 'limit', { kind, amount, before: now.amount, from: from ?? at });
    return this.#limit(playerId, kind, at);
  }

  /**
   * Why putting `amount` onto a machine at `at` is refused by the player's own limits (or by one
   * the jurisdiction requires and they have not set), or null. Loss is what went onto machines in
   * the period less what came back to the wallet from them (cash outs, jackpots, hand pays).
   */
  transferRefusal(
    playerId: number,
    amount: number,
    at: number,
    mandatory: readonly LimitKind[],
  ): { reason: 'limitRequired'; kind: LimitKind } | { reason: 'limitReached'; kind: LimitKind; limit: number; used: number; until: number } | null {
    const limits = this.limitsOf(playerId, at);
    const missing = mandatory.find((kind) => limits.find((limit) => limit.kind === kind)?.amount === null);
    if (missing) return { reason: 'limitRequired', kind: missing };
    for (const { kind, amount: limit } of limits) {
      if (limit === null || !isMoneyLimit(kind)) continue;
      const period = limitPeriod(kind, at);
      const sum = (actions: number[]) =>
        int(
          this.#store.database
            .prepare(`SELECT coalesce(sum(amount), 0) AS n FROM transactions WHERE player_id = ? AND at >= ? AND action IN (${actions.map(() => '?').join(', ')})`)
            .get(playerId, period.from, ...actions)!,
          'n',
        );
      const cashedIn = sum([AmountAction.cashIn]);
      const used = kind === 'transferDay' ? cashedIn : Math.max(0, cashedIn - sum([AmountAction.cashOut, AmountAction.handPay, AmountAction.jackpot]));
      if (used + amount > limit) return { reason: 'limitReached', kind, limit, used, until: period.resetsAt };
    }
    return null;
  }

  /** How long one login session of the player may last at `at`, in ms (their session-time limit), or null for as long as it is valid. */
  sessionTimeMs(playerId: number, at: number): number | null {
    const minutes = this.#limit(playerId, 'sessionTime', at).amount;
    return minutes === null ? null : minutes * 60_000;
  }

  record(playerId: number, at: number, kind: string, detail: Record<string, unknown>): void {
    this.#store.database
      .prepare('INSERT INTO protection_records (player_id, at, kind, detail) VALUES (?, ?, ?, ?)')
      .run(playerId, at, kind, JSON.stringify(detail));
  }

  locksOf(playerId: number): ProtectionLock[] {
    return this.#store.database.prepare('SELECT * FROM protection_locks WHERE player_id = ? ORDER BY id DESC').all(playerId).map(toLock);
  }

  /** The player's protection records, newest first (all of them: the operator's report). */
  recordsOf(playerId: number): ProtectionRecord[] {
    return this.#store.database
      .prepare('SELECT * FROM protection_records WHERE player_id = ? ORDER BY id DESC')
      .all(playerId)
      .map(toRecord);
  }

  /**
   * One page of the player's records of `kinds` (the ones the player is shown: the count must not
   * hold what the page cannot show), newest first by time then by id, in the window on `at`.
   */
  recordPage(playerId: number, kinds: readonly string[], window: Window, paging: Paging): Page<ProtectionRecord> {
    const where = new Where('r.player_id = ?', playerId).oneOf('r.kind', kinds).window('r.at', window);
    return paged(this.#store, 'FROM protection_records r', where, 'r.at DESC, r.id DESC', 'r.*', paging, toRecord);
  }
}

function toRecord(row: Row): ProtectionRecord {
  return { id: int(row, 'id'), at: int(row, 'at'), kind: text(row, 'kind'), detail: JSON.parse(text(row, 'detail')) as Record<string, unknown> };
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
