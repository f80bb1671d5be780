import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { AmountAction } from '../../src/protocol/floor.ts';
import { FloorCode } from '../../src/protocol/sockets.ts';
import { int, intOrNull, text, type Row } from './rows.ts';
import type { Store } from './store.ts';

/**
 * The money ledger: every move between a wallet, a machine's credits and the house is written
 * here, inside one SQLite transaction, so no cent is created or lost:
 *
 *   Σ wallets + Σ credits = Σ deposits − Σ withdrawals + Σ hand pays + Σ jackpots
 *                           + Σ spin wins − Σ bets
 *
 * (cash in / cash out only move money between a wallet and a machine). A request that carries an
 * idempotency key is applied once; a retry gets the first result back.
 */

export class LedgerError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'LedgerError';
    this.code = code;
  }
}

export interface MoveResult {
  balance: number;
  credits: number;
  /** True when the idempotency key had been used: nothing moved this time. */
  duplicate: boolean;
}

export interface TransactionRecord {
  id: number;
  playerId: number;
  machineId: number | null;
  sessionId: number | null;
  action: AmountAction;
  amount: number;
  tag: string;
  balanceAfter: number;
  at: number;
}

export interface SpinBooking {
  playerId: number;
  machineId: number;
  sessionId: number;
  brandId: number;
  /** Charged from the credits (0 on a free spin). */
  bet: number;
  /** Paid to the credits. */
  win: number;
  /** Paid to the wallet instead of the credits (hand pay, action 5). */
  handPay: number;
  freeSpin: boolean;
  /** Jackpot contribution of this bet, in hundredths of a cent carried exactly. */
  jackpotContribution: { pool: number; carry: number };
  /** Jackpot won on this spin (paid to the wallet, action 6); the pool resets to its seed. */
  jackpotWin: number;
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new LedgerError(40000, 'amounts are positive integers of minor units');
  }
}

export class Ledger {
  readonly #store: Store;
  readonly #db: DatabaseSync;
  readonly #now: () => number;

  constructor(store: Store, now: () => number) {
    this.#store = store;
    this.#db = store.database;
    this.#now = now;
  }

  // --- wallet -----------------------------------------------------------------------------

  balance(playerId: number): number {
    return int(this.#one('SELECT balance_minor FROM players WHERE id = ?', playerId), 'balance_minor');
  }

  /** Money from outside into a wallet: deposit (1), hand pay (5) or jackpot (6). */
  credit(playerId: number, action: 1 | 5 | 6, amount: number, options: { tag?: string; key?: string; machineId?: number; sessionId?: number } = {}): MoveResult {
    assertAmount(amount);
    return this.#once(options.key, playerId, () => {
      this.#run('UPDATE players SET balance_minor = balance_minor + ? WHERE id = ?', amount, playerId);
      this.#record(playerId, action, amount, options);
      return { balance: this.balance(playerId), credits: 0, duplicate: false };
    });
  }

  /** Money out of a wallet to outside: withdraw (2). */
  withdraw(playerId: number, amount: number, options: { tag?: string; key?: string } = {}): MoveResult {
    assertAmount(amount);
    return this.#once(options.key, playerId, () => {
      if (this.balance(playerId) < amount) throw new LedgerError(FloorCode.insufficientFunds, 'insufficient funds');
      this.#run('UPDATE players SET balance_minor = balance_minor - ? WHERE id = ?', amount, playerId);
      this.#record(playerId, AmountAction.withdraw, amount, options);
      return { balance: this.balance(playerId), credits: 0, duplicate: false };
    });
  }

  // --- wallet ⇄ machine -------------------------------------------------------------------

  credits(machineId: number): number {
    return int(this.#one('SELECT credits FROM machines WHERE id = ?', machineId), 'credits');
  }

  /** Wallet → machine credits (cash in, 3), refused above the all-in limit or the balance. */
  cashIn(playerId: number, machineId: number, sessionId: number, amount: number, maxAllIn: number, key?: string): MoveResult {
    assertAmount(amount);
    return this.#once(key, playerId, () => {
      if (this.credits(machineId) + amount > maxAllIn) {
        throw new LedgerError(FloorCode.aboveAllInLimit, `credits may not exceed ${maxAllIn}`);
      }
      if (this.balance(playerId) < amount) throw new LedgerError(FloorCode.insufficientFunds, 'insufficient funds');
      this.#run('UPDATE players SET balance_minor = balance_minor - ? WHERE id = ?', amount, playerId);
      this.#run('UPDATE machines SET credits = credits + ? WHERE id = ?', amount, machineId);
      this.#run('UPDATE game_sessions SET cash_in = cash_in + ? WHERE id = ?', amount, sessionId);
      this.#record(playerId, AmountAction.cashIn, amount, { machineId, sessionId, key });
      return { balance: this.balance(playerId), credits: this.credits(machineId), duplicate: false };
    });
  }

  /** All machine credits → wallet (cash out, 4). Nothing to move is not an error. */
  cashOut(playerId: number, machineId: number, sessionId: number, key?: string): MoveResult {
    return this.#once(key, playerId, () => {
      const amount = this.credits(machineId);
      if (amount > 0) {
        this.#run('UPDATE machines SET credits = 0 WHERE id = ?', machineId);
        this.#run('UPDATE players SET balance_minor = balance_minor + ? WHERE id = ?', amount, playerId);
        this.#run('UPDATE game_sessions SET cash_out = cash_out + ? WHERE id = ?', amount, sessionId);
        this.#record(playerId, AmountAction.cashOut, amount, { machineId, sessionId, key });
      }
      return { balance: this.balance(playerId), credits: 0, duplicate: false };
    });
  }

  // --- spins ------------------------------------------------------------------------------

  /** Books one spin: bet out of the credits, win into them, jackpot and hand pay to the wallet. */
  bookSpin(spin: SpinBooking): MoveResult {
    return this.#store.transaction(() => {
      const credits = this.credits(spin.machineId);
      if (spin.bet > credits) throw new LedgerError(FloorCode.noCredits, 'not enough credits for this bet');
      this.#run('UPDATE machines SET credits = credits - ? + ? WHERE id = ?', spin.bet, spin.win, spin.machineId);
      this.#run(
        `UPDATE game_sessions SET spins = spins + ?, free_spins = free_spins + ?, bet_total = bet_total + ?,
           win_total = win_total + ? WHERE id = ?`,
        spin.freeSpin ? 0 : 1,
        spin.freeSpin ? 1 : 0,
        spin.bet,
        spin.win,
        spin.sessionId,
      );
      if (spin.jackpotWin > 0) {
        this.#run('UPDATE brands SET jackpot_pool = jackpot_seed, jackpot_carry = ? WHERE id = ?', spin.jackpotContribution.carry, spin.brandId);
        this.#walletIn(spin.playerId, AmountAction.jackpot, spin.jackpotWin, spin, 'jackpot');
      } else if (spin.bet > 0) {
        this.#run(
          'UPDATE brands SET jackpot_pool = ?, jackpot_carry = ? WHERE id = ?',
          spin.jackpotContribution.pool,
          spin.jackpotContribution.carry,
          spin.brandId,
        );
      }
      if (spin.handPay > 0) this.#walletIn(spin.playerId, AmountAction.handPay, spin.handPay, spin, 'hand pay');
      return { balance: this.balance(spin.playerId), credits: this.credits(spin.machineId), duplicate: false };
    });
  }

  // --- reading ----------------------------------------------------------------------------

  transactions(playerId: number): TransactionRecord[] {
    return this.#db
      .prepare('SELECT * FROM transactions WHERE player_id = ? ORDER BY id')
      .all(playerId)
      .map((row) => toTransaction(row as Row));
  }

  /**
   * The conservation check: what wallets and credits hold must equal what came in, minus what
   * went out, plus what the games paid, minus what they took. Returns the difference (0 = sound).
   */
  audit(): { held: number; accounted: number; difference: number } {
    const held =
      int(this.#one('SELECT coalesce(sum(balance_minor), 0) AS n FROM players'), 'n') +
      int(this.#one('SELECT coalesce(sum(credits), 0) AS n FROM machines'), 'n');
    const sumOf = (action: number) =>
      int(this.#one('SELECT coalesce(sum(amount), 0) AS n FROM transactions WHERE action = ?', action), 'n');
    const games = this.#one('SELECT coalesce(sum(win_total), 0) AS wins, coalesce(sum(bet_total), 0) AS bets FROM game_sessions');
    const accounted =
      sumOf(AmountAction.deposit) -
      sumOf(AmountAction.withdraw) +
      sumOf(AmountAction.handPay) +
      sumOf(AmountAction.jackpot) +
      int(games, 'wins') -
      int(games, 'bets');
    return { held, accounted, difference: held - accounted };
  }

  /** Opening balances become deposits, so the audit holds from the first start. */
  recordOpeningBalances(): void {
    this.#store.transaction(() => {
      const rows = this.#db
        .prepare(
          `SELECT id, balance_minor FROM players p WHERE balance_minor > 0
             AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.player_id = p.id)`,
        )
        .all() as Row[];
      for (const row of rows) {
        this.#record(int(row, 'id'), AmountAction.deposit, int(row, 'balance_minor'), { tag: 'opening balance' });
      }
    });
  }

  // --- plumbing ---------------------------------------------------------------------------

  #walletIn(playerId: number, action: 5 | 6, amount: number, spin: SpinBooking, tag: string): void {
    this.#run('UPDATE players SET balance_minor = balance_minor + ? WHERE id = ?', amount, playerId);
    this.#record(playerId, action, amount, { machineId: spin.machineId, sessionId: spin.sessionId, tag });
  }

  #once(key: string | undefined, playerId: number, move: () => MoveResult): MoveResult {
    return this.#store.transaction(() => {
      if (key !== undefined) {
        const seen = this.#db.prepare('SELECT player_id FROM transactions WHERE idempotency_key = ?').get(scopedKey(playerId, key));
        if (seen) return { balance: this.balance(playerId), credits: 0, duplicate: true };
      }
      return move();
    });
  }

  #record(
    playerId: number,
    action: number,
    amount: number,
    options: { tag?: string; key?: string; machineId?: number; sessionId?: number },
  ): void {
    this.#run(
      `INSERT INTO transactions (player_id, machine_id, session_id, action, amount, tag, idempotency_key, balance_after, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      playerId,
      options.machineId ?? null,
      options.sessionId ?? null,
      action,
      amount,
      options.tag ?? '',
      options.key === undefined ? null : scopedKey(playerId, options.key),
      this.balance(playerId),
      this.#now(),
    );
  }

  #one(sql: string, ...params: SQLInputValue[]): Row {
    const row = this.#db.prepare(sql).get(...params) as Row | undefined;
    if (!row) throw new LedgerError(FloorCode.unknownMachine, 'no such record');
    return row;
  }

  #run(sql: string, ...params: SQLInputValue[]): void {
    this.#db.prepare(sql).run(...params);
  }
}

/** Keys are per player: two players may choose the same request id. */
function scopedKey(playerId: number, key: string): string {
  return `${playerId}:${key}`;
}

function toTransaction(row: Row): TransactionRecord {
  return {
    id: int(row, 'id'),
    playerId: int(row, 'player_id'),
    machineId: intOrNull(row, 'machine_id'),
    sessionId: intOrNull(row, 'session_id'),
    action: int(row, 'action') as AmountAction,
    amount: int(row, 'amount'),
    tag: text(row, 'tag'),
    balanceAfter: int(row, 'balance_after'),
    at: int(row, 'at'),
  };
}
