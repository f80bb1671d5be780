import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../simulator/store/store.ts';
import { login, startTestSimulator } from './helpers.ts';

/**
 * The data folder holds password and PIN hashes and the token signing key: only the
 * simulator's own user may read it, whatever the umask of whoever started it.
 */

let parent: string;
let previousUmask: number | undefined;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'reelside-secrets-'));
  // The usual umask, which on its own leaves new files readable by everyone (0644/0755).
  // Worker threads cannot set it; there the machine's own umask stands.
  try {
    previousUmask = process.umask(0o022);
  } catch {
    previousUmask = undefined;
  }
});
afterEach(() => {
  if (previousUmask !== undefined) process.umask(previousUmask);
  rmSync(parent, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

function expectPrivate(dataDir: string): void {
  const database = join(dataDir, DATABASE_FILE);
  expect(modeOf(dataDir).toString(8), 'data folder').toBe('700');
  for (const file of [database, `${database}-wal`, `${database}-shm`]) {
    expect(existsSync(file), file).toBe(true);
    expect(modeOf(file).toString(8), file).toBe('600');
  }
}

describe('the data folder', () => {
  it('is created 0700 with the database, its WAL and shared memory 0600', async () => {
    const dataDir = join(parent, 'nested', 'data');
    const t = await startTestSimulator({ memory: false, dataDir });
    try {
      expect((await login(t, 'demo', 'demo1234')).status).toBe(200); // writes a session and the login log
      expectPrivate(dataDir);
    } finally {
      await t.close();
    }
  });

  it('is made private when an earlier version left it readable by others', async () => {
    const dataDir = join(parent, 'data');
    const first = await startTestSimulator({ memory: false, dataDir });
    await login(first, 'demo', 'demo1234');
    await first.close();
    const database = join(dataDir, DATABASE_FILE);
    chmodSync(dataDir, 0o755);
    chmodSync(database, 0o644); // SQLite gives a new -wal and -shm the database's mode

    const second = await startTestSimulator({ memory: false, dataDir });
    try {
      expect((await login(second, 'demo', 'demo1234')).status).toBe(200);
      expectPrivate(dataDir);
    } finally {
      await second.close();
    }
  });

});
