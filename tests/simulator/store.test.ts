import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangePinResponse } from '../../protocol/account.ts';
import { LoginLogType, LoginResult } from '../../protocol/auth.ts';
import { PIN_MIN_ITERATIONS, PinCode } from '../../protocol/pinCode.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { verifyPin } from '../../src/services/pin.ts';
import { hashPassword } from '../../simulator/secrets/passwords.ts';
import { legacyPinHash, NO_PIN, pinMatches } from '../../simulator/secrets/pin.ts';
import { MIGRATIONS, migrate } from '../../simulator/store/migrations.ts';
import { DATABASE_FILE, openStore } from '../../simulator/store/store.ts';
import { call, errorOf, login, MINUTE, startTestSimulator } from './helpers.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'reelside-data-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('apply once and are skipped when the same file is opened again', () => {
    const first = openStore({ dataDir });
    expect(first.appliedMigrations()).toEqual(MIGRATIONS.map((migration) => migration.id));
    first.close();

    const second = openStore({ dataDir });
    expect(second.appliedMigrations()).toEqual(MIGRATIONS.map((migration) => migration.id));
    second.close();

    const db = new DatabaseSync(join(dataDir, DATABASE_FILE));
    expect(migrate(db)).toEqual([]);
    const rows = db.prepare('SELECT count(*) AS n FROM schema_migrations').get();
    expect(rows?.n).toBe(MIGRATIONS.length);
    db.close();
  });

  it('apply in id order, and a failing one leaves no trace', () => {
    const db = new DatabaseSync(':memory:');
    const applied = migrate(db, [
      { id: 2, name: 'second', sql: 'ALTER TABLE t ADD COLUMN b TEXT' },
      { id: 1, name: 'first', sql: 'CREATE TABLE t (a TEXT)' },
    ]);
    expect(applied).toEqual([1, 2]);

    const broken = [{ id: 3, name: 'broken', sql: 'CREATE TABLE u (x TEXT); CREATE TABLE t (again TEXT)' }];
    expect(() => migrate(db, broken)).toThrow(/migration 3 \(broken\) failed/);
    // Neither its record nor its first statement survived.
    expect(db.prepare('SELECT id FROM schema_migrations WHERE id = 3').get()).toBeUndefined();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'u'").get()).toBeUndefined();
    db.close();
  });
});

describe('the machine pictures migration (SVG → WebP)', () => {
  it("points the simulator's own pictures at their WebP, and leaves an operator's address and a brand's fallback as they were", () => {
    const pictures = MIGRATIONS.find((migration) => migration.name.startsWith('machine pictures'));
    expect(pictures).toBeDefined();
    const db = new DatabaseSync(join(dataDir, DATABASE_FILE));
    migrate(db, MIGRATIONS.filter((migration) => migration.id < (pictures?.id ?? 0)));
    db.prepare("INSERT INTO brands (id, name, jackpot_seed, jackpot_pool) VALUES (1, 'Golden Reels', 0, 0)").run();
    const images = ['/images/machines/golden-reels-deluxe.svg', 'https://cdn.example/images/machines/deluxe.svg', '/images/machines/../secret.svg', '/images/machines/golden-reels.webp', null];
    const insert = db.prepare("INSERT INTO machines (id, brand_id, name, image, status) VALUES (?, 1, ?, ?, 'free')");
    images.forEach((image, index) => insert.run(index + 1, `M${index + 1}`, image));
    expect(migrate(db)).toEqual([pictures?.id]);
    const after = db.prepare('SELECT image FROM machines ORDER BY id').all().map((row) => row.image);
    expect(after).toEqual(['/images/machines/golden-reels-deluxe.webp', 'https://cdn.example/images/machines/deluxe.svg', '/images/machines/../secret.svg', '/images/machines/golden-reels.webp', null]);
    db.close();
  });
});

describe('the PIN migration (unsalted SHA-256 → salted PBKDF2)', () => {
  const pinMigration = MIGRATIONS.find((migration) => migration.name.startsWith('idle-lock PINs salted and slow'));

  /** A data folder as the simulator left it before PBKDF2: every migration before this one, PINs as one SHA-256. */
  async function oldDataFolder(players: Array<{ username: string; password: string; pin: string }>) {
    const db = new DatabaseSync(join(dataDir, DATABASE_FILE));
    migrate(db, MIGRATIONS.filter((migration) => migration.id < (pinMigration?.id ?? 0)));
    db.prepare("INSERT INTO meta (key, value) VALUES ('seeded_at', '2026-01-01T00:00:00.000Z')").run();
    const insert = db.prepare(
      `INSERT INTO players (username, name, lastname, email, password_hash, pin_hash, balance_minor, banned, created_at)
       VALUES (?, 'N', 'L', ?, ?, ?, 0, 0, 0)`,
    );
    for (const player of players) {
      insert.run(player.username, `${player.username}@reelside.test`, await hashPassword(player.password), legacyPinHash(player.username, player.pin));
    }
    db.close();
  }

  it('re-derives the published demo PINs and drops the PINs it cannot know; those players set a new one', async () => {
    expect(pinMigration).toBeDefined();
    await oldDataFolder([
      { username: 'demo', password: 'demo1234', pin: '1234' },
      // Changed from the published 4321: unknown, so dropped.
      { username: 'player2', password: 'player2pass', pin: '7777' },
      { username: 'banned', password: 'banned123', pin: '0000' },
      // Registered: the PIN is the player's own.
      { username: 'newcomer', password: 'spin-to-win', pin: '0000' },
    ]);

    const t = await startTestSimulator({ memory: false, dataDir });
    try {
      expect(t.sim.store.appliedMigrations()).toContain(pinMigration?.id);
      const stored = ['demo', 'player2', 'banned', 'newcomer'].map((username) => t.sim.store.playerByUsername(username)?.pinHash);
      // No unsalted hash survives.
      for (const pinHash of stored) expect(pinHash).not.toMatch(/^[0-9a-f]{64}$/);
      expect(stored[1]).toBe(NO_PIN);
      expect(stored[3]).toBe(NO_PIN);
      expect(await pinMatches(stored[2] ?? '', '0000')).toBe(true);

      // demo keeps PIN 1234, as a code the client checks (salted, ≥100,000 iterations).
      const demo = LoginResult.parse((await login(t, 'demo', 'demo1234')).body);
      expect(PinCode.parse(demo.pin_code).iterations).toBeGreaterThanOrEqual(PIN_MIN_ITERATIONS);
      expect(await verifyPin(demo.pin_code ?? '', '1234')).toBe(true);

      // player2 has no pin_code until a new PIN is set; then it is there from login on.
      const player2 = LoginResult.parse((await login(t, 'player2', 'player2pass')).body);
      expect(player2.pin_code).toBeUndefined();
      expect((await call(`${t.url}/api/validate`, { token: player2.token })).body).not.toHaveProperty('pin_code');
      const changed = await call(`${t.url}/api/player/change-pin`, { token: player2.token, body: { password: 'player2pass', pin: '7777' } });
      const { pin_code: newCode } = ChangePinResponse.parse(changed.body);
      expect(await verifyPin(newCode, '7777')).toBe(true);
      expect(LoginResult.parse((await login(t, 'player2', 'player2pass')).body).pin_code).toBe(newCode);
    } finally {
      await t.close();
    }

    // Applied once: a restart leaves the codes as they are.
    const again = await startTestSimulator({ memory: false, dataDir });
    try {
      expect(await pinMatches(again.sim.store.playerByUsername('demo')?.pinHash ?? '', '1234')).toBe(true);
      expect(again.sim.store.playerByUsername('newcomer')?.pinHash).toBe(NO_PIN);
    } finally {
      await again.close();
    }
  });
});

describe('a data folder across restarts', () => {
  it('keeps players, sessions, login state and the signing key', async () => {
    const first = await startTestSimulator({ memory: false, dataDir });
    const result = LoginResult.parse((await login(first, 'demo', 'demo1234')).body);
    await login(first, 'player2', 'wrong-pass');
    expect(first.sim.store.countPlayers()).toBe(3);
    await first.close();

    const second = await startTestSimulator({ memory: false, dataDir });
    try {
      // Seeded once: no duplicate players, and earlier changes are still there.
      expect(second.sim.store.countPlayers()).toBe(3);
      expect(second.sim.store.playerByUsername('player2')?.failedAttempts).toBe(1);
      expect(errorOf(await login(second, 'player2', 'wrong-again')).Params).toMatchObject({ left_count: 3 });

      // The token from before the restart still verifies: same key, same session row.
      const validated = await call(`${second.url}/api/validate`, { token: result.token });
      expect(validated.status).toBe(200);

      second.clock.now += MINUTE;
      const again = LoginResult.parse((await login(second, 'demo', 'demo1234')).body);
      expect(again.last_logon).not.toBeNull();

      const types = second.sim.store.loginLog({ playerId: Number(result.user.id) }).map((entry) => entry.type);
      expect(types).toEqual([LoginLogType.success, LoginLogType.check, LoginLogType.success]);
    } finally {
      await second.close();
    }
  });

  it('does not bring back a seeded player that was changed', async () => {
    const first = await startTestSimulator({ memory: false, dataDir });
    const banned = first.sim.store.playerByUsername('banned');
    first.sim.store.setBanned(banned?.id ?? -1, false);
    await first.close();

    const second = await startTestSimulator({ memory: false, dataDir });
    try {
      expect((await login(second, 'banned', 'banned123')).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('keeps in-memory simulators apart', async () => {
    const one = await startTestSimulator();
    const two = await startTestSimulator();
    try {
      for (let i = 0; i < 5; i += 1) await login(one, 'demo', 'wrong-password');
      expect(errorOf(await login(one, 'demo', 'demo1234')).code).toBe(ErrorCode.temporarilyBlocked);
      expect((await login(two, 'demo', 'demo1234')).status).toBe(200);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
