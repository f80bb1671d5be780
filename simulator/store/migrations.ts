import type { DatabaseSync } from 'node:sqlite';
import { createPinCodeSync, legacyPinHash, NO_PIN } from '../secrets/pin.ts';
import { int, text, type Row } from './rows.ts';

/**
 * Numbered schema migrations, applied in order, each once, each in its own transaction.
 * Never edit a migration that has shipped: append a new one (a data folder from an older run
 * must upgrade in place).
 */
export interface Migration {
  id: number;
  name: string;
  sql?: string;
  /** Data work SQL cannot do (hashing), run after `sql` in the same transaction. */
  run?: (db: DatabaseSync) => void;
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
  {
    id: 2,
    name: 'machine floor: brands, machines, game sessions, money ledger, promos, user settings',
    sql: `
      CREATE TABLE brands (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        jackpot_seed INTEGER NOT NULL CHECK (jackpot_seed >= 0),
        -- the progressive pool and the fraction of a cent carried between contributions
        jackpot_pool INTEGER NOT NULL CHECK (jackpot_pool >= 0),
        jackpot_carry INTEGER NOT NULL DEFAULT 0
      ) STRICT;

      CREATE TABLE machines (
        id INTEGER PRIMARY KEY,
        brand_id INTEGER NOT NULL REFERENCES brands(id),
        name TEXT NOT NULL,
        image TEXT,
        video_type TEXT NOT NULL DEFAULT 'screen' CHECK (video_type IN ('screen', 'camera')),
        status TEXT NOT NULL,
        occupant_id INTEGER REFERENCES players(id),
        reserved_until INTEGER,
        credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
        bet_per_line INTEGER NOT NULL DEFAULT 1 CHECK (bet_per_line > 0),
        lines INTEGER NOT NULL DEFAULT 20 CHECK (lines > 0),
        free_spins_left INTEGER NOT NULL DEFAULT 0,
        rng_state TEXT,
        sort_order INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX machines_brand ON machines(brand_id);

      CREATE TABLE game_sessions (
        id INTEGER PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        machine_id INTEGER NOT NULL REFERENCES machines(id),
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        spins INTEGER NOT NULL DEFAULT 0,
        free_spins INTEGER NOT NULL DEFAULT 0,
        bet_total INTEGER NOT NULL DEFAULT 0,
        win_total INTEGER NOT NULL DEFAULT 0,
        cash_in INTEGER NOT NULL DEFAULT 0,
        cash_out INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX game_sessions_player ON game_sessions(player_id, started_at);

      -- Every money move that touches a wallet (action codes of SPEC §3). A retried request
      -- carries the same idempotency key and finds its first result here.
      CREATE TABLE transactions (
        id INTEGER PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        machine_id INTEGER REFERENCES machines(id),
        session_id INTEGER REFERENCES game_sessions(id),
        action INTEGER NOT NULL CHECK (action BETWEEN 1 AND 6),
        amount INTEGER NOT NULL CHECK (amount > 0),
        tag TEXT NOT NULL DEFAULT '',
        idempotency_key TEXT UNIQUE,
        balance_after INTEGER NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX transactions_player ON transactions(player_id, at);

      CREATE TABLE promo_claims (
        id INTEGER PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        kind TEXT NOT NULL CHECK (kind IN ('discount', 'bonus')),
        amount INTEGER NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX promo_claims_player ON promo_claims(player_id, kind, at);

      CREATE TABLE user_settings (
        player_id INTEGER PRIMARY KEY REFERENCES players(id),
        json TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    id: 3,
    name: 'machine minimum bet, template chat',
    sql: `
      -- The smallest total bet a spin may place (the bottom of the machine's bet ladder): the
      -- lobby shows it as minBet.
      ALTER TABLE machines ADD COLUMN min_bet INTEGER NOT NULL DEFAULT 20 CHECK (min_bet > 0);

      -- The chat panel's demo contacts live in code (simulator/api/chat-contacts.ts); what a
      -- player does with them is kept here.
      CREATE TABLE chat_profiles (
        player_id INTEGER PRIMARY KEY REFERENCES players(id),
        status TEXT NOT NULL CHECK (status IN ('online', 'do-not-disturb', 'away', 'offline')),
        mood TEXT NOT NULL DEFAULT ''
      ) STRICT;

      CREATE TABLE chats (
        id INTEGER PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        contact_id TEXT NOT NULL,
        unread INTEGER NOT NULL DEFAULT 0 CHECK (unread >= 0),
        last_message_at INTEGER,
        UNIQUE (player_id, contact_id)
      ) STRICT;

      CREATE TABLE chat_messages (
        id INTEGER PRIMARY KEY,
        chat_id INTEGER NOT NULL REFERENCES chats(id),
        from_player INTEGER NOT NULL CHECK (from_player IN (0, 1)),
        text TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX chat_messages_chat ON chat_messages(chat_id, id);
    `,
  },
  {
    id: 4,
    name: 'idempotent requests per operation and session, why a login session ended',
    sql: `
      -- A money request's id counts within (player, scope, operation): a cashout can never be
      -- taken for a repeat of a transfer, and a true repeat answers the first result.
      CREATE TABLE requests (
        player_id INTEGER NOT NULL REFERENCES players(id),
        scope TEXT NOT NULL,
        operation TEXT NOT NULL,
        request_id TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        result TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (player_id, scope, operation, request_id)
      ) STRICT;

      -- Why a login session ended (logout, banned, kicked, elsewhere): the sockets that belong
      -- to it are closed with the matching code.
      ALTER TABLE sessions ADD COLUMN end_reason TEXT;
    `,
  },
  {
    id: 5,
    name: 'idle-lock PINs salted and slow (PBKDF2): known demo PINs re-derived, the others need a new PIN',
    run: migrateLegacyPins,
  },
  {
    id: 6,
    name: "a game session's money moves by session (its books are told at every reels' stop)",
    sql: `
      CREATE INDEX transactions_session ON transactions(session_id);
    `,
  },
  {
    id: 7,
    name: 'player protection: locks a player chose (panic button, breaks, exclusions) and the record of every choice',
    sql: `
      -- A lock keeps the player out until ends_at; only the operator's control API ends one early
      -- (ended_at, ended_by).
      CREATE TABLE protection_locks (
        id INTEGER PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        kind TEXT NOT NULL CHECK (kind IN ('panic', 'break', 'exclusion')),
        started_at INTEGER NOT NULL,
        ends_at INTEGER NOT NULL CHECK (ends_at > started_at),
        ended_at INTEGER,
        ended_by TEXT
      ) STRICT;
      CREATE INDEX protection_locks_player ON protection_locks(player_id, ends_at);

      -- What the player chose and when (a lock, a limit, a reality check's answer), and what the
      -- operator did about it: the player's protection history.
      CREATE TABLE protection_records (
        id INTEGER PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES players(id),
        at INTEGER NOT NULL,
        kind TEXT NOT NULL,
        detail TEXT NOT NULL
      ) STRICT;
      CREATE INDEX protection_records_player ON protection_records(player_id, id);
    `,
  },
  {
    id: 8,
    name: "player protection: the reality-check interval a player chose (none: the operator's default)",
    sql: `
      CREATE TABLE protection_settings (
        player_id INTEGER PRIMARY KEY REFERENCES players(id),
        reality_check_minutes INTEGER CHECK (reality_check_minutes > 0)
      ) STRICT;
    `,
  },
  {
    id: 9,
    name: "player protection: the player's own money limits, and a raise waiting out its cooling-off",
    sql: `
      -- amount: the limit in force (NULL: none). A raise or a removal waits: pending_set with
      -- pending_amount (NULL: no limit) from pending_from on.
      CREATE TABLE protection_limits (
        player_id INTEGER NOT NULL REFERENCES players(id),
        kind TEXT NOT NULL CHECK (kind IN ('lossDay', 'lossWeek', 'lossMonth', 'transferDay')),
        amount INTEGER CHECK (amount > 0),
        pending_set INTEGER NOT NULL DEFAULT 0 CHECK (pending_set IN (0, 1)),
        pending_amount INTEGER CHECK (pending_amount > 0),
        pending_from INTEGER,
        PRIMARY KEY (player_id, kind)
      ) STRICT;
    `,
  },
  {
    id: 10,
    name: "player protection: the player's own session-time limit (minutes) beside the money limits",
    sql: `
      -- SQLite cannot change a CHECK: the table is made anew with sessionTime allowed, rows kept.
      CREATE TABLE protection_limits_new (
        player_id INTEGER NOT NULL REFERENCES players(id),
        kind TEXT NOT NULL CHECK (kind IN ('lossDay', 'lossWeek', 'lossMonth', 'transferDay', 'sessionTime')),
        amount INTEGER CHECK (amount > 0),
        pending_set INTEGER NOT NULL DEFAULT 0 CHECK (pending_set IN (0, 1)),
        pending_amount INTEGER CHECK (pending_amount > 0),
        pending_from INTEGER,
        PRIMARY KEY (player_id, kind)
      ) STRICT;
      INSERT INTO protection_limits_new SELECT player_id, kind, amount, pending_set, pending_amount, pending_from FROM protection_limits;
      DROP TABLE protection_limits;
      ALTER TABLE protection_limits_new RENAME TO protection_limits;
    `,
  },
  {
    id: 11,
    name: "machine pictures: the simulator's own are WebP now (scripts/machine-pictures.ts), its SVGs gone",
    sql: `
      -- Only the simulator's own pictures (a path under /images/machines/ with a name of ours); any
      -- other address is the operator's and stays as it is.
      UPDATE machines SET image = substr(image, 1, length(image) - 4) || '.webp'
      WHERE image GLOB '/images/machines/*.svg' AND substr(image, 18, length(image) - 21) NOT GLOB '*[^a-z0-9-]*';
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
      if (migration.sql) db.exec(migration.sql);
      migration.run?.(db);
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

/**
 * The demo players' PINs as the README published them when PINs became PBKDF2 (frozen here: a
 * later change to the seed must not change what this migration did).
 */
const PUBLISHED_DEMO_PINS: Readonly<Record<string, string>> = { demo: '1234', player2: '4321', banned: '0000' };

/**
 * pin_hash was one SHA-256 of `reelside-pin:<username>:<PIN>` (64 hex digits). The PIN cannot be
 * read back from it (short of guessing, which a migration should not do), so: a demo player whose
 * hash is still that of the published demo PIN gets the same PIN as a salted PBKDF2 code; every
 * other old hash is dropped (NO_PIN): /login and /validate then send no pin_code, the idle lock
 * cannot be opened with a PIN, and the player sets a new one with change-PIN (which needs the
 * password). Codes already in the new form are left alone.
 */
function migrateLegacyPins(db: DatabaseSync): void {
  const update = db.prepare('UPDATE players SET pin_hash = ? WHERE id = ?');
  const rows = db.prepare('SELECT id, username, pin_hash FROM players').all() as Row[];
  for (const row of rows) {
    const username = text(row, 'username');
    const old = text(row, 'pin_hash');
    if (!/^[0-9a-f]{64}$/.test(old)) continue;
    const demoPin = Object.hasOwn(PUBLISHED_DEMO_PINS, username) ? PUBLISHED_DEMO_PINS[username] : undefined;
    const stillDemoPin = demoPin !== undefined && legacyPinHash(username, demoPin) === old;
    update.run(stillDemoPin ? createPinCodeSync(demoPin) : NO_PIN, int(row, 'id'));
  }
}
