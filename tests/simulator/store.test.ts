import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoginLogType, LoginResult } from '../../src/protocol/auth.ts';
import { ErrorCode } from '../../src/protocol/errors.ts';
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
