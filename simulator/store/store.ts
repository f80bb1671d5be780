import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { LoginLogType } from '../../protocol/auth.ts';
import { migrate } from './migrations.ts';
import { int, intOrNull, text, textOrNull, type Row } from './rows.ts';

/**
 * The simulator's state. All SQL lives here; callers get small typed records. Times are
 * epoch milliseconds, money is integer minor units.
 */

export interface StoreOptions {
  memory?: boolean;
  dataDir?: string;
  now?: () => number;
}

export interface PlayerRecord {
  id: number;
  username: string;
  name: string;
  lastname: string;
  email: string;
  passwordHash: string;
  /** The idle lock's pin_code (protocol/pinCode.ts), or NO_PIN (simulator/secrets/pin.ts) while the player has none. */
  pinHash: string;
  balanceMinor: number;
  banned: boolean;
  failedAttempts: number;
  blockedUntil: number | null;
  lastLogon: number | null;
  lastLogonIp: string | null;
  createdAt: number;
}

export type NewPlayer = Pick<
  PlayerRecord,
  'username' | 'name' | 'lastname' | 'email' | 'passwordHash' | 'pinHash' | 'balanceMinor' | 'banned'
>;

export interface SessionRecord {
  jti: string;
  playerId: number;
  ip: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  /** Why it was revoked (null while live, or for a session that simply expired). */
  endReason: SessionEndReason | null;
  previousLogon: number | null;
  previousLogonIp: string | null;
}

/** Why a login session was ended before its expiry (protocol/errors.ts maps each to a code). */
/** Why a login session ended early: `timeLimit`, at the session time the player set themselves. */
export type SessionEndReason = 'logout' | 'banned' | 'kicked' | 'elsewhere' | 'locked' | 'timeLimit';

export interface LoginLogEntry {
  id: number;
  playerId: number | null;
  type: LoginLogType;
  ip: string;
  country: string;
  at: number;
}

export const DATABASE_FILE = 'reelside.sqlite';

export function openStore(options: StoreOptions = {}): Store {
  let location = ':memory:';
  if (!options.memory) {
    const dir = options.dataDir ?? '.data';
    location = join(dir, DATABASE_FILE);
    makePrivate(dir, location);
  }
  // timeout: wait for another process's write lock instead of failing at once.
  const db = new DatabaseSync(location, { timeout: 5000 });
  db.exec('PRAGMA foreign_keys = ON');
  if (!options.memory) db.exec('PRAGMA journal_mode = WAL');
  const now = options.now ?? Date.now;
  migrate(db, undefined, now());
  if (!options.memory) {
    // A -wal or -shm left non-empty by a crash keeps its old mode; SQLite only sets new ones.
    for (const suffix of ['-wal', '-shm']) if (existsSync(location + suffix)) chmodSync(location + suffix, 0o600);
  }
  return new Store(db, now);
}

/**
 * The database holds password and PIN hashes and the token signing key: the folder is 0700
 * and the file 0600 whatever the umask (mkdir's and open's modes are masked by it, chmod's
 * are not), also when an earlier version left them readable. The file is made before
 * SQLite opens it because SQLite creates -wal, -shm and journals with the database file's
 * mode.
 */
function makePrivate(dir: string, file: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

export class Store {
  readonly #db: DatabaseSync;
  readonly #now: () => number;
  readonly #statements = new Map<string, StatementSync>();
  #depth = 0;

  constructor(db: DatabaseSync, now: () => number) {
    this.#db = db;
    this.#now = now;
  }

  /** For the store's sibling modules (ledger, fleet): SQL stays inside simulator/store. */
  get database(): DatabaseSync {
    return this.#db;
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  /**
   * Runs fn atomically: all of its writes land, or none do. fn must not await. Nested calls are
   * savepoints, so an inner failure undoes only its own writes (and the outer one decides).
   */
  transaction<T>(fn: () => T): T {
    const depth = this.#depth;
    const savepoint = `sp${depth}`;
    this.#db.exec(depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
    this.#depth += 1;
    try {
      const result = fn();
      this.#depth -= 1;
      this.#db.exec(depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`);
      return result;
    } catch (error) {
      this.#depth -= 1;
      this.#db.exec(depth === 0 ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
      throw error;
    }
  }

  appliedMigrations(): number[] {
    return this.#all('SELECT id FROM schema_migrations ORDER BY id').map((row) => int(row, 'id'));
  }

  // --- meta -------------------------------------------------------------------------------

  getMeta(key: string): string | undefined {
    const row = this.#get('SELECT value FROM meta WHERE key = ?', key);
    return row ? text(row, 'value') : undefined;
  }

  /** Stores `value` only if the key is absent; returns what is stored afterwards. */
  initMeta(key: string, value: string): string {
    this.#run('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)', key, value);
    return this.getMeta(key) ?? value;
  }

  // --- players ----------------------------------------------------------------------------

  insertPlayer(player: NewPlayer): number {
    const result = this.#run(
      `INSERT INTO players (username, name, lastname, email, password_hash, pin_hash,
         balance_minor, banned, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      player.username,
      player.name,
      player.lastname,
      player.email,
      player.passwordHash,
      player.pinHash,
      player.balanceMinor,
      player.banned ? 1 : 0,
      this.#now(),
    );
    return Number(result.lastInsertRowid);
  }

  countPlayers(): number {
    const row = this.#get('SELECT count(*) AS n FROM players');
    return row ? int(row, 'n') : 0;
  }

  playerByUsername(username: string): PlayerRecord | undefined {
    const row = this.#get('SELECT * FROM players WHERE username = ?', username);
    return row && toPlayer(row);
  }

  playerById(id: number): PlayerRecord | undefined {
    const row = this.#get('SELECT * FROM players WHERE id = ?', id);
    return row && toPlayer(row);
  }

  setLoginFailures(playerId: number, failedAttempts: number, blockedUntil: number | null): void {
    this.#run(
      'UPDATE players SET failed_attempts = ?, blocked_until = ? WHERE id = ?',
      failedAttempts,
      blockedUntil,
      playerId,
    );
  }

  /** A successful login: clears the failure count and becomes the new "last login". */
  recordLogon(playerId: number, at: number, ip: string): void {
    this.#run(
      `UPDATE players SET failed_attempts = 0, blocked_until = NULL, last_logon = ?, last_logon_ip = ?
       WHERE id = ?`,
      at,
      ip,
      playerId,
    );
  }

  setBanned(playerId: number, banned: boolean): void {
    this.#run('UPDATE players SET banned = ? WHERE id = ?', banned ? 1 : 0, playerId);
  }

  // --- sessions ---------------------------------------------------------------------------

  createSession(session: Omit<SessionRecord, 'revokedAt' | 'endReason'>): void {
    this.#run(
      `INSERT INTO sessions (jti, player_id, ip, created_at, expires_at, previous_logon, previous_logon_ip)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      session.jti,
      session.playerId,
      session.ip,
      session.createdAt,
      session.expiresAt,
      session.previousLogon,
      session.previousLogonIp,
    );
  }

  session(jti: string): SessionRecord | undefined {
    const row = this.#get('SELECT * FROM sessions WHERE jti = ?', jti);
    return row && toSession(row);
  }

  /** Returns false when the session was unknown or already revoked. */
  revokeSession(jti: string, at: number, reason: SessionEndReason = 'logout'): boolean {
    const result = this.#run(
      'UPDATE sessions SET revoked_at = ?, end_reason = ? WHERE jti = ? AND revoked_at IS NULL',
      at,
      reason,
      jti,
    );
    return Number(result.changes) > 0;
  }

  /** Revokes every live session of a player (but `keep`); returns the jtis it ended. */
  revokeSessionsOf(playerId: number, at: number, reason: SessionEndReason, keep?: string): string[] {
    const rows = this.#db
      .prepare('SELECT jti FROM sessions WHERE player_id = ? AND revoked_at IS NULL AND expires_at > ? AND jti IS NOT ?')
      .all(playerId, at, keep ?? null) as Row[];
    const jtis = rows.map((row) => text(row, 'jti'));
    for (const jti of jtis) this.revokeSession(jti, at, reason);
    return jtis;
  }

  // --- login log --------------------------------------------------------------------------

  addLoginLog(entry: Omit<LoginLogEntry, 'id'>): void {
    this.#run(
      'INSERT INTO login_log (player_id, type, ip, country, at) VALUES (?, ?, ?, ?, ?)',
      entry.playerId,
      entry.type,
      entry.ip,
      entry.country,
      entry.at,
    );
  }

  /** Newest first; all players when playerId is omitted. */
  loginLog(filter: { playerId?: number } = {}): LoginLogEntry[] {
    const rows =
      filter.playerId === undefined
        ? this.#all('SELECT * FROM login_log ORDER BY id DESC')
        : this.#all('SELECT * FROM login_log WHERE player_id = ? ORDER BY id DESC', filter.playerId);
    return rows.map(toLoginLog);
  }

  // --- plumbing ---------------------------------------------------------------------------

  #statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #get(sql: string, ...params: SQLInputValue[]): Row | undefined {
    return this.#statement(sql).get(...params);
  }

  #all(sql: string, ...params: SQLInputValue[]): Row[] {
    return this.#statement(sql).all(...params);
  }

  #run(sql: string, ...params: SQLInputValue[]) {
    return this.#statement(sql).run(...params);
  }
}

function toPlayer(row: Row): PlayerRecord {
  return {
    id: int(row, 'id'),
    username: text(row, 'username'),
    name: text(row, 'name'),
    lastname: text(row, 'lastname'),
    email: text(row, 'email'),
    passwordHash: text(row, 'password_hash'),
    pinHash: text(row, 'pin_hash'),
    balanceMinor: int(row, 'balance_minor'),
    banned: int(row, 'banned') === 1,
    failedAttempts: int(row, 'failed_attempts'),
    blockedUntil: intOrNull(row, 'blocked_until'),
    lastLogon: intOrNull(row, 'last_logon'),
    lastLogonIp: textOrNull(row, 'last_logon_ip'),
    createdAt: int(row, 'created_at'),
  };
}

function toSession(row: Row): SessionRecord {
  return {
    jti: text(row, 'jti'),
    playerId: int(row, 'player_id'),
    ip: text(row, 'ip'),
    createdAt: int(row, 'created_at'),
    expiresAt: int(row, 'expires_at'),
    revokedAt: intOrNull(row, 'revoked_at'),
    endReason: textOrNull(row, 'end_reason') as SessionEndReason | null,
    previousLogon: intOrNull(row, 'previous_logon'),
    previousLogonIp: textOrNull(row, 'previous_logon_ip'),
  };
}

function toLoginLog(row: Row): LoginLogEntry {
  return {
    id: int(row, 'id'),
    playerId: intOrNull(row, 'player_id'),
    type: int(row, 'type') as LoginLogType,
    ip: text(row, 'ip'),
    country: text(row, 'country'),
    at: int(row, 'at'),
  };
}
