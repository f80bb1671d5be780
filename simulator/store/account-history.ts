import type { SQLInputValue } from 'node:sqlite';
import type { LoginLogItem, TransactionItem } from '../../protocol/account.ts';
import type { LoginLogType } from '../../protocol/auth.ts';
import type { AmountAction } from '../../protocol/floor.ts';
import { int, intOrNull, text, textOrNull, type Row } from './rows.ts';
import type { Store } from './store.ts';

/**
 * The account screens' paged lists: a player's login log, game sessions and transactions,
 * newest first, filtered by a time window (inclusive at both ends) and one field each.
 */

export interface Paging {
  page: number;
  size: number;
}

export interface Window {
  from?: number | undefined;
  to?: number | undefined;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** A login log item as stored: the wire's item (protocol/account.ts) with its type named and its time in epoch ms. */
export type LoginLogRow = Omit<LoginLogItem, 'type' | 'at'> & { type: LoginLogType; at: number };

export interface GameSessionRow {
  id: number;
  machineId: number;
  machineName: string;
  brand: string;
  startedAt: number;
  endedAt: number | null;
  spins: number;
  freeSpins: number;
  betTotal: number;
  winTotal: number;
  cashIn: number;
  cashOut: number;
}

/** A transaction as stored: the wire's item (protocol/account.ts) with its action named and its time in epoch ms. */
export type TransactionRow = Omit<TransactionItem, 'action' | 'at'> & { action: AmountAction; at: number };

export function loginLogPage(store: Store, playerId: number, filter: Window & { type?: number | undefined }, paging: Paging): Page<LoginLogRow> {
  const where = new Where('l.player_id = ?', playerId).window('l.at', filter).equals('l.type', filter.type);
  return paged(store, 'FROM login_log l', where, 'l.at DESC, l.id DESC', 'l.*', paging, (row) => ({
    id: int(row, 'id'),
    type: int(row, 'type') as LoginLogType,
    ip: text(row, 'ip'),
    country: text(row, 'country'),
    at: int(row, 'at'),
  }));
}

export function gameSessionPage(
  store: Store,
  playerId: number,
  filter: Window & { machineId?: number | undefined },
  paging: Paging,
): Page<GameSessionRow> {
  const where = new Where('s.player_id = ?', playerId).window('s.started_at', filter).equals('s.machine_id', filter.machineId);
  const from = 'FROM game_sessions s JOIN machines m ON m.id = s.machine_id JOIN brands b ON b.id = m.brand_id';
  const columns = 's.*, m.name AS machine_name, b.name AS brand_name';
  return paged(store, from, where, 's.started_at DESC, s.id DESC', columns, paging, (row) => ({
    id: int(row, 'id'),
    machineId: int(row, 'machine_id'),
    machineName: text(row, 'machine_name'),
    brand: text(row, 'brand_name'),
    startedAt: int(row, 'started_at'),
    endedAt: intOrNull(row, 'ended_at'),
    spins: int(row, 'spins'),
    freeSpins: int(row, 'free_spins'),
    betTotal: int(row, 'bet_total'),
    winTotal: int(row, 'win_total'),
    cashIn: int(row, 'cash_in'),
    cashOut: int(row, 'cash_out'),
  }));
}

export function transactionPage(
  store: Store,
  playerId: number,
  filter: Window & { action?: number | undefined },
  paging: Paging,
): Page<TransactionRow> {
  const where = new Where('t.player_id = ?', playerId).window('t.at', filter).equals('t.action', filter.action);
  const from = 'FROM transactions t LEFT JOIN machines m ON m.id = t.machine_id';
  return paged(store, from, where, 't.at DESC, t.id DESC', 't.*, m.name AS machine_name', paging, (row) => ({
    id: int(row, 'id'),
    at: int(row, 'at'),
    amount: int(row, 'amount'),
    action: int(row, 'action') as AmountAction,
    tag: text(row, 'tag'),
    machineId: intOrNull(row, 'machine_id'),
    machineName: textOrNull(row, 'machine_name'),
    balanceAfter: int(row, 'balance_after'),
  }));
}

/**
 * A WHERE clause built from fixed SQL fragments; values always travel as parameters. Shared with
 * the other paged lists of the player's (protection's history: store/protection.ts).
 */
export class Where {
  readonly #clauses: string[] = [];
  readonly params: SQLInputValue[] = [];

  constructor(clause: string, value: SQLInputValue) {
    this.#clauses.push(clause);
    this.params.push(value);
  }

  window(column: string, filter: Window): this {
    if (filter.from !== undefined) this.#add(`${column} >= ?`, filter.from);
    if (filter.to !== undefined) this.#add(`${column} <= ?`, filter.to);
    return this;
  }

  equals(column: string, value: number | undefined): this {
    if (value !== undefined) this.#add(`${column} = ?`, value);
    return this;
  }

  /** The column is one of `values` (none: nothing matches). */
  oneOf(column: string, values: readonly string[]): this {
    if (values.length === 0) {
      this.#clauses.push('0');
      return this;
    }
    this.#clauses.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    this.params.push(...values);
    return this;
  }

  toString(): string {
    return `WHERE ${this.#clauses.join(' AND ')}`;
  }

  #add(clause: string, value: SQLInputValue): void {
    this.#clauses.push(clause);
    this.params.push(value);
  }
}

/** One page of the rows `where` picks, in `order`, with how many it picks over all pages. */
export function paged<T>(store: Store, from: string, where: Where, order: string, columns: string, paging: Paging, map: (row: Row) => T): Page<T> {
  const db = store.database;
  const total = int(db.prepare(`SELECT count(*) AS n ${from} ${where}`).get(...where.params) as Row, 'n');
  const rows = db
    .prepare(`SELECT ${columns} ${from} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...where.params, paging.size, (paging.page - 1) * paging.size) as Row[];
  return { items: rows.map(map), total };
}
