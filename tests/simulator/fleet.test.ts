import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brandImagePath, MachineStatus } from '../../protocol/floor.ts';
import { BRAND_SEEDS, MACHINE_SEEDS } from '../../simulator/fleet/catalog.ts';
import { seedFleetOnce } from '../../simulator/fleet/seed.ts';
import { startSimulator } from '../../simulator/server.ts';
import { FleetStore } from '../../simulator/store/fleet.ts';
import { Ledger } from '../../simulator/store/ledger.ts';
import { seedOnce } from '../../simulator/store/seed.ts';
import { openStore, type Store } from '../../simulator/store/store.ts';
import { START_TIME, startTestSimulator, type TestSimulator } from './helpers.ts';

/** The seeded fleet and the demo players' history, straight from the store. */

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator();
});
afterEach(async () => {
  await t.close();
});

const ledgerOf = (store: Store) => new Ledger(store, () => t.clock.now);
const playerId = (username: string) => {
  const player = t.sim.store.playerByUsername(username);
  if (!player) throw new Error(`no ${username}`);
  return player.id;
};

describe('the seeded fleet', () => {
  it('has the catalog brands with pools at or above their seeds', () => {
    const brands = new FleetStore(t.sim.store).brands();
    expect(brands.map((brand) => brand.name)).toEqual(['Golden Reels', 'Lucky Sevens', 'Fruit Fiesta', 'Diamond Rush', 'Pharaoh Gold']);
    for (const brand of brands) expect(brand.jackpotPool).toBeGreaterThanOrEqual(brand.jackpotSeed);
    expect(brands.reduce((sum, brand) => sum + brand.machineCount, 0)).toBe(MACHINE_SEEDS.length);
  });

  it('covers every machine status, mostly free, with one camera machine', () => {
    const machines = new FleetStore(t.sim.store).machines();
    expect(machines.length).toBeGreaterThanOrEqual(14);
    expect(new Set(machines.map((machine) => machine.status))).toEqual(new Set(MachineStatus.options));
    expect(machines.filter((machine) => machine.status === 'free').length).toBeGreaterThan(machines.length / 2);
    expect(machines.filter((machine) => machine.videoType === 'camera').map((machine) => machine.id)).toEqual([6]);
  });

  it('reserves only the waiting machine 7, for player2, for 30 minutes', () => {
    const machines = new FleetStore(t.sim.store).machines();
    const occupied = machines.filter((machine) => machine.occupantId !== null);
    expect(occupied).toHaveLength(1);
    expect(occupied[0]).toMatchObject({ id: 7, status: 'waiting', occupantId: playerId('player2'), reservedUntil: START_TIME + 30 * 60_000 });
  });

  it('names artwork that exists under public/ for every machine and brand', () => {
    const machines = new FleetStore(t.sim.store).machines();
    expect(machines.some((machine) => machine.image === null)).toBe(true);
    expect(machines.some((machine) => machine.image !== null)).toBe(true);
    for (const machine of machines) {
      const path = machine.image ?? brandImagePath(machine.brandName);
      expect(existsSync(resolve('public', `.${path}`)), path).toBe(true);
    }
    for (const brand of BRAND_SEEDS) expect(existsSync(resolve('public', `.${brandImagePath(brand.name)}`)), brand.name).toBe(true);
  });
});

describe('the seeded history', () => {
  it('keeps the ledger sound and the demo balances as documented', () => {
    expect(ledgerOf(t.sim.store).audit().difference).toBe(0);
    expect(t.sim.store.playerByUsername('demo')?.balanceMinor).toBe(100_000);
    expect(t.sim.store.playerByUsername('player2')?.balanceMinor).toBe(25_000);
    // No machine keeps credits from the past sessions.
    expect(t.sim.store.database.prepare('SELECT sum(credits) AS n FROM machines').get()?.n).toBe(0);
  });

  it('has closed past sessions whose cash flow matches their bets and wins', () => {
    const rows = t.sim.store.database
      .prepare('SELECT p.username, s.* FROM game_sessions s JOIN players p ON p.id = s.player_id ORDER BY s.id')
      .all();
    expect(rows.filter((row) => row.username === 'demo')).toHaveLength(4);
    expect(rows.filter((row) => row.username === 'player2')).toHaveLength(2);
    for (const row of rows) {
      expect(row.ended_at).not.toBeNull();
      expect(Number(row.ended_at)).toBeLessThan(START_TIME);
      expect(Number(row.spins)).toBeGreaterThan(0);
      expect(Number(row.cash_out) - Number(row.cash_in)).toBe(Number(row.win_total) - Number(row.bet_total));
    }
    expect(rows.some((row) => Number(row.free_spins) > 0)).toBe(true);
  });

  it('books transactions in time order, each balance following from the one before', () => {
    for (const username of ['demo', 'player2']) {
      const moves = ledgerOf(t.sim.store)
        .transactions(playerId(username))
        .sort((a, b) => a.at - b.at || a.id - b.id);
      expect(moves[0]?.tag).toBe('opening balance');
      expect(new Set(moves.map((move) => move.action))).toEqual(new Set([1, 2, 3, 4]));
      let balance = 0;
      for (const move of moves) {
        balance += move.action === 2 || move.action === 3 ? -move.amount : move.amount;
        expect(move.balanceAfter, `${username} transaction ${move.id}`).toBe(balance);
        expect(move.at).toBeLessThan(START_TIME);
      }
    }
  });
});

describe('seedFleetOnce', () => {
  it('runs once per database', () => {
    expect(seedFleetOnce(t.sim.store, t.clock.now)).toBe(false);
    expect(new FleetStore(t.sim.store).machines()).toHaveLength(MACHINE_SEEDS.length);
  });

  it('gives a data folder from before the fleet its fleet on upgrade, and keeps it on restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelside-fleet-'));
    try {
      // What a start before the fleet existed left behind: players and their opening balances.
      const old = openStore({ dataDir, now: () => START_TIME });
      await seedOnce(old, START_TIME);
      new Ledger(old, () => START_TIME).recordOpeningBalances();
      old.close();

      for (let start = 0; start < 2; start++) {
        const sim = await startSimulator({ port: 0, dataDir, staticDir: t.root, control: false, now: () => START_TIME + start });
        try {
          expect(new FleetStore(sim.store).machines()).toHaveLength(MACHINE_SEEDS.length);
          const sessions = sim.store.database.prepare('SELECT count(*) AS n FROM game_sessions').get();
          expect(sessions?.n).toBe(6);
          expect(new Ledger(sim.store, Date.now).audit().difference).toBe(0);
        } finally {
          await sim.close();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('leaves a database that already has brands alone', async () => {
    const store = openStore({ memory: true, now: () => START_TIME });
    try {
      await seedOnce(store, START_TIME);
      new FleetStore(store).insertBrand({ id: 9, name: 'House Brand', jackpotSeed: 0, jackpotPool: 0 });
      expect(seedFleetOnce(store, START_TIME)).toBe(false);
      expect(new FleetStore(store).brands().map((brand) => brand.name)).toEqual(['House Brand']);
    } finally {
      store.close();
    }
  });
});
