import type { DatabaseSync } from 'node:sqlite';

/**
 * Numbered schema migrations, applied in order, each once, each in its own transaction.
 * Never edit a migration that has shipped: append a new one (a data folder from an older run
 * must upgrade in place).
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'players, sessions, login log',
    sql: `
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        name TEXT NOT NULL,
        lastname TEXT NOT NULL,
        email TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        pin_hash TEXT NOT NULL,
        balance_minor INTEGER NOT NULL DEFAULT 0 CHECK (balance_minor >= 0),
        banned INTEGER NOT NULL DEFAULT 0 CHECK (banned IN (0, 1)),
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        blocked_until INTEGER,
        last_logon INTEGER,
        last_logon_ip TEXT,
        created_at INTEGER NOT NULL
      ) STRICT;

      -- previous_logon*: what the login that opened the session reported as "last login",
      -- so /validate can answer the same thing later.
      CREATE TABLE sessions (
        jti TEXT PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        ip TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        revoked_at INTEGER,
        previous_logon INTEGER,
        previous_logon_ip TEXT
      ) STRICT;
      CREATE INDEX sessions_player ON sessions(player_id);

      CREATE TABLE login_log (
        id INTEGER PRIMARY KEY,
        player_id INTEGER REFERENCES players(id),
        type INTEGER NOT NULL,
        ip TEXT NOT NULL,
        country TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX login_log_player ON login_log(player_id, at);
    `,
  },
];

/** Applies the migrations not yet recorded in schema_migrations; returns the ids applied. */
export function migrate(db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS, now = Date.now()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  ) STRICT`);
  const isApplied = db.prepare('SELECT 1 AS applied FROM schema_migrations WHERE id = ?');
  const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    // Checked inside the write lock: a second process opening the same file skips what the
    // first one applied meanwhile.
    db.exec('BEGIN IMMEDIATE');
    try {
      if (isApplied.get(migration.id)) {
        db.exec('COMMIT');
        continue;
      }
      db.exec(migration.sql);
      record.run(migration.id, migration.name, now);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw new Error(`migration ${migration.id} (${migration.name}) failed`, { cause: error });
    }
    applied.push(migration.id);
  }
  return applied;
}
