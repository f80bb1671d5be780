import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { AmountAction } from '../../protocol/floor.ts';
import { FloorCode } from '../../protocol/sockets.ts';
import { int, intOrNull, text, type Row } from './rows.ts';
import type { Store } from './store.ts';

/**
 * The money ledger: every move between a wallet, a machine's credits and the house is written
 * here, inside one SQLite transaction, so no cent is created or lost:
 *
 *   Σ wallets + Σ credits = Σ deposits − Σ withdrawals + Σ hand pays + Σ jackpots
 *                           + Σ spin wins − Σ bets
 *
 * (cash in / cash out only move money between a wallet and a machine). The same holds per player
 * (auditPlayers). Idempotent requests are the request log's business (requests.ts), which wraps
 * these moves in its own transaction.
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
}

/** One broken rule of the per-player audit, in words a failing test can print. */
export interface AuditFinding {
  rule: 'wallet' | 'session ledger' | 'closed session' | 'open session' | 'free machine';
  playerId: number | null;
  sessionId: number | null;
  machineId: number | null;
  expected: number;
  actual: number;
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
  credit(playerId: number, action: 1 | 5 | 6, amount: number, options: { tag?: string; machineId?: number; sessionId?: number } = {}): MoveResult {
    assertAmount(amount);
    return this.#store.transaction(() => {
      this.#run('UPDATE players SET balance_minor = balance_minor + ? WHERE id = ?', amount, playerId);
      this.#record(playerId, action, amount, options);
      return { balance: this.balance(playerId), credits: 0 };
    });
  }

  /** Money out of a wallet to outside: withdraw (2). */
  withdraw(playerId: number, amount: number, options: { tag?: string } = {}): MoveResult {
    assertAmount(amount);
    return this.#store.transaction(() => {
      if (this.balance(playerId) < amount) throw new LedgerError(FloorCode.insufficientFunds, 'insufficient funds');
      this.#run('UPDATE players SET balance_minor = balance_minor - ? WHERE id = ?', amount, playerId);
      this.#record(playerId, AmountAction.withdraw, amount, options);
      return { balance: this.balance(playerId), credits: 0 };
    });
  }

  // --- wallet ⇄ machine -------------------------------------------------------------------

  credits(machineId: number): number {
    return int(this.#one('SELECT credits FROM machines WHERE id = ?', machineId), 'credits');
  }

  /** Wallet → machine credits (cash in, 3), refused above the all-in limit or the balance. */
  cashIn(playerId: number, machineId: number, sessionId: number, amount: number, maxAllIn: number): MoveResult {
    assertAmount(amount);
    return this.#store.transaction(() => {
      if (this.credits(machineId) + amount > maxAllIn) {
        throw new LedgerError(FloorCode.aboveAllInLimit, `credits may not exceed ${maxAllIn}`);
      }
      if (this.balance(playerId) < amount) throw new LedgerError(FloorCode.insufficientFunds, 'insufficient funds');
      this.#run('UPDATE players SET balance_minor = balance_minor - ? WHERE id = ?', amount, playerId);
      this.#run('UPDATE machines SET credits = credits + ? WHERE id = ?', amount, machineId);
      this.#run('UPDATE game_sessions SET cash_in = cash_in + ? WHERE id = ?', amount, sessionId);
      this.#record(playerId, AmountAction.cashIn, amount, { machineId, sessionId });
      return { balance: this.balance(playerId), credits: this.credits(machineId) };
    });
  }

  /**
   * All machine credits → wallet (cash out, 4), or at most `upTo` of them (startup recovery pays a
   * session back what it holds, recovery.ts). Nothing to move is not an error.
   */
  cashOut(playerId: number, machineId: number, sessionId: number, upTo = Number.POSITIVE_INFINITY): MoveResult {
    return this.#store.transaction(() => {
      const amount = Math.min(this.credits(machineId), upTo);
      if (amount > 0) {
        this.#run('UPDATE machines SET credits = credits - ? WHERE id = ?', amount, machineId);
        this.#run('UPDATE players SET balance_minor = balance_minor + ? WHERE id = ?', amount, playerId);
        this.#run('UPDATE game_sessions SET cash_out = cash_out + ? WHERE id = ?', amount, sessionId);
        this.#record(playerId, AmountAction.cashOut, amount, { machineId, sessionId });
      }
      return { balance: this.balance(playerId), credits: this.credits(machineId) };
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
      return { balance: this.balance(spin.playerId), credits: this.credits(spin.machineId) };
    });
  }

  // --- reading ----------------------------------------------------------------------------

  /** What a game session's spins paid to the wallet rather than the credits: jackpots and hand pays. */
  walletWinsOf(sessionId: number): number {
    const row = this.#one(
      'SELECT coalesce(sum(amount), 0) AS n FROM transactions WHERE session_id = ? AND action IN (?, ?)',
      sessionId,
      AmountAction.jackpot,
      AmountAction.handPay,
    );
    return int(row, 'n');
  }

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

  /**
   * Conservation per player, not only in total (money moved between two players would leave the
   * global audit at 0). Every finding is a broken rule; an empty list is a sound ledger:
   * - wallet: balance = Σ deposits − withdrawals + hand pays + jackpots + Σ sessions (cash-out −
   *   cash-in), and also = the signed sum of the player's transaction rows;
   * - session ledger: a session's cash-in and cash-out equal its transaction rows;
   * - closed session: cash-out − cash-in = wins − bets (it ended holding nothing);
   * - open session: what it holds (cash-in − cash-out + wins − bets) is on its machine's credits
   *   while the player occupies it;
   * - free machine: a machine nobody occupies holds no credits.
   */
  auditPlayers(): AuditFinding[] {
    const findings: AuditFinding[] = [];
    const rows = (sql: string) => this.#db.prepare(sql).all() as Row[];
    for (const row of rows(
      `SELECT p.id, p.balance_minor,
         (SELECT coalesce(sum(CASE action WHEN 1 THEN amount WHEN 2 THEN -amount WHEN 5 THEN amount WHEN 6 THEN amount ELSE 0 END), 0)
            FROM transactions t WHERE t.player_id = p.id) AS outside,
         (SELECT coalesce(sum(CASE action WHEN 3 THEN -amount WHEN 4 THEN amount ELSE 0 END), 0)
            FROM transactions t WHERE t.player_id = p.id) AS machine_rows,
         (SELECT coalesce(sum(cash_out - cash_in), 0) FROM game_sessions g WHERE g.player_id = p.id) AS sessions
       FROM players p`,
    )) {
      const wallet = int(row, 'balance_minor');
      const outside = int(row, 'outside');
      const finding = (expected: number) =>
        findings.push({ rule: 'wallet', playerId: int(row, 'id'), sessionId: null, machineId: null, expected, actual: wallet });
      if (outside + int(row, 'sessions') !== wallet) finding(outside + int(row, 'sessions'));
      else if (outside + int(row, 'machine_rows') !== wallet) finding(outside + int(row, 'machine_rows'));
    }
    for (const row of rows(
      `SELECT g.id, g.player_id, g.machine_id, g.ended_at, g.cash_in, g.cash_out, g.win_total, g.bet_total,
         (SELECT coalesce(sum(CASE action WHEN 3 THEN amount ELSE 0 END), 0) FROM transactions t WHERE t.session_id = g.id) AS rows_in,
         (SELECT coalesce(sum(CASE action WHEN 4 THEN amount ELSE 0 END), 0) FROM transactions t WHERE t.session_id = g.id) AS rows_out,
         (SELECT CASE WHEN m.occupant_id = g.player_id THEN m.credits ELSE 0 END FROM machines m WHERE m.id = g.machine_id) AS on_machine
       FROM game_sessions g`,
    )) {
      const at = { playerId: int(row, 'player_id'), sessionId: int(row, 'id'), machineId: int(row, 'machine_id') };
      const cashIn = int(row, 'cash_in');
      const cashOut = int(row, 'cash_out');
      const held = cashIn - cashOut + int(row, 'win_total') - int(row, 'bet_total');
      if (int(row, 'rows_in') !== cashIn || int(row, 'rows_out') !== cashOut) {
        findings.push({ rule: 'session ledger', ...at, expected: int(row, 'rows_out') - int(row, 'rows_in'), actual: cashOut - cashIn });
      }
      if (row.ended_at !== null && held !== 0) findings.push({ rule: 'closed session', ...at, expected: 0, actual: held });
      if (row.ended_at === null && held !== int(row, 'on_machine')) {
        findings.push({ rule: 'open session', ...at, expected: held, actual: int(row, 'on_machine') });
      }
    }
    for (const row of rows('SELECT id, credits FROM machines WHERE occupant_id IS NULL AND credits <> 0')) {
      findings.push({ rule: 'free machine', playerId: null, sessionId: null, machineId: int(row, 'id'), expected: 0, actual: int(row, 'credits') });
    }
    return findings;
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

  #record(
    playerId: number,
    action: number,
    amount: number,
    options: { tag?: string; machineId?: number; sessionId?: number },
  ): void {
    this.#run(
      `INSERT INTO transactions (player_id, machine_id, session_id, action, amount, tag, balance_after, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      playerId,
      options.machineId ?? null,
      options.sessionId ?? null,
      action,
      amount,
      options.tag ?? '',
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
