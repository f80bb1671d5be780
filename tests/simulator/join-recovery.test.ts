import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { Ledger } from '../../simulator/store/ledger.ts';
import { MachineStore } from '../../simulator/store/machines.ts';
import { openStore, type Store } from '../../simulator/store/store.ts';
import { loginToken, START_TIME, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket } from './sockets.ts';

/**
 * A join writes its game session row and the machine's occupant in one transaction, and a
 * session's end (cash out, the row closed, the machine freed) is one too. A data folder an older
 * run left with a session open on a machine its player does not hold (a kill -9 between two
 * commits) is repaired once at the next start: the session is paid back what it holds and
 * closed, the audit is sound, and a second start changes nothing.
 */

const DEMO = 1;
const PLAYER2 = 2;
const MAX_ALL_IN = DEFAULT_SETTINGS.MAX_ALL_IN_LIMIT;

// ---- a data folder with a crash state --------------------------------------------------------

let templateDir: string;
beforeAll(async () => {
  // One seeded data folder (players, opening balances, fleet, history); each case copies it.
  templateDir = mkdtempSync(join(tmpdir(), 'reelside-recovery-template-'));
  const first = await startTestSimulator({ memory: false, dataDir: templateDir, now: () => START_TIME, rngSeed: 'recovery' });
  await first.close();
}, 30_000);
afterAll(() => {
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
});

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
});

/** The recovery lines logged since the last call. */
function recoveryLines(): string[] {
  const lines = warn.mock.calls.map((args) => String(args[0])).filter((line) => line.startsWith('floor: closed'));
  warn.mockClear();
  return lines;
}

function copyOfTemplate(): string {
  const dir = mkdtempSync(join(tmpdir(), 'reelside-recovery-'));
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}

/** Writes a crash state straight into the data folder, as the last run left it, through the ledger. */
function withStore<T>(dataDir: string, write: (w: { store: Store; ledger: Ledger; machines: MachineStore }) => T): T {
  const store = openStore({ dataDir, now: () => START_TIME });
  try {
    return write({ store, ledger: new Ledger(store, () => START_TIME), machines: new MachineStore(store) });
  } finally {
    store.close();
  }
}

/** What a restart must leave as it is, or change only as recovery says. */
function snapshot(store: Store) {
  const all = (sql: string) => store.database.prepare(sql).all();
  return {
    players: all('SELECT id, balance_minor FROM players ORDER BY id'),
    machines: all('SELECT id, status, occupant_id, reserved_until, credits FROM machines ORDER BY id'),
    sessions: all('SELECT * FROM game_sessions ORDER BY id'),
    transactions: all('SELECT * FROM transactions ORDER BY id'),
  };
}

function sessionRow(store: Store, id: number) {
  return store.database.prepare('SELECT * FROM game_sessions WHERE id = ?').get(id) as { ended_at: number | null; cash_out: number };
}

async function restart(dataDir: string): Promise<TestSimulator> {
  return startTestSimulator({ memory: false, dataDir, now: () => START_TIME, rngSeed: 'recovery' });
}

/** Holds what the session holds (cash in − cash out + wins − bets). */
function held(session: { cashIn: number; cashOut: number; winTotal: number; betTotal: number }): number {
  return session.cashIn - session.cashOut + session.winTotal - session.betTotal;
}

// ---- the crash states, one by one ------------------------------------------------------------

describe('a session row written without its occupant (an older version, killed between its two commits)', () => {
  it('is closed at the next start, with nothing to pay, and the machine can be joined', async () => {
    const dataDir = copyOfTemplate();
    try {
      const orphan = withStore(dataDir, ({ machines }) => machines.openSession(DEMO, 1, START_TIME).id);
      const t = await restart(dataDir);
      try {
        const before = t.sim.floor.context.ledger.balance(DEMO);
        expect(sessionRow(t.sim.store, orphan).ended_at).toBe(START_TIME);
        expect(recoveryLines()).toEqual([expect.stringContaining(`session ${orphan} (player ${DEMO}, machine 1): 0 paid back`)]);
        expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
        const machine = t.sim.floor.machine(1)!;
        expect(machine.occupantId).toBeNull();
        expect(machine.status).toBe('free');

        const token = await loginToken(t);
        const socket = await machineSocket(t.url, token);
        socket.send({ type: 'init', machineID: 1, token });
        const joined = await socket.next('joined');
        expect(joined.session.id).not.toBe(orphan);
        expect(t.sim.store.database.prepare('SELECT count(*) AS n FROM game_sessions WHERE ended_at IS NULL AND player_id = ?').get(DEMO)).toEqual({ n: 1 });
        socket.send({ type: 'cashout', requestId: 'out' });
        await socket.closed;
        expect(t.sim.floor.context.ledger.balance(DEMO)).toBe(before);
      } finally {
        await t.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('once the player sat at the machine again with credits, the audit broke its open-session rule; the start repairs it', async () => {
    const dataDir = copyOfTemplate();
    try {
      const { orphan, current, wallet } = withStore(dataDir, ({ ledger, machines }) => {
        const orphan = machines.openSession(DEMO, 1, START_TIME - 60_000).id;
        // The player came back to the machine: a new session, the occupant written, 5,000 on it.
        const current = machines.openSession(DEMO, 1, START_TIME - 30_000).id;
        machines.update(1, { occupantId: DEMO, reservedUntil: null, status: 'playing' });
        ledger.cashIn(DEMO, 1, current, 5_000, MAX_ALL_IN);
        // The bug as the audit saw it: the orphan is charged with the current session's credits.
        expect(ledger.auditPlayers()).toEqual([
          { rule: 'open session', playerId: DEMO, sessionId: orphan, machineId: 1, expected: 0, actual: 5_000 },
        ]);
        return { orphan, current, wallet: ledger.balance(DEMO) };
      });
      const t = await restart(dataDir);
      try {
        const ledger = t.sim.floor.context.ledger;
        expect(sessionRow(t.sim.store, orphan).ended_at).toBe(START_TIME);
        expect(sessionRow(t.sim.store, current).ended_at).toBeNull();
        expect(ledger.auditPlayers()).toEqual([]);
        expect(recoveryLines()).toHaveLength(1);
        // The current session is resumed as a dropped one: reserved, its credits on the machine.
        const machine = t.sim.floor.machine(1)!;
        expect(machine.occupantId).toBe(DEMO);
        expect(machine.status).toBe('waiting');
        expect(ledger.credits(1)).toBe(5_000);
        expect(ledger.balance(DEMO)).toBe(wallet);
      } finally {
        await t.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('credits left on a machine nobody occupies go back to the wallet once; a second start changes nothing', async () => {
    const dataDir = copyOfTemplate();
    try {
      const { orphan, wallet, expected } = withStore(dataDir, ({ ledger, machines }) => {
        const orphan = machines.openSession(DEMO, 2, START_TIME).id;
        ledger.cashIn(DEMO, 2, orphan, 5_000, MAX_ALL_IN);
        ledger.bookSpin({
          playerId: DEMO,
          machineId: 2,
          sessionId: orphan,
          brandId: 1,
          bet: 40,
          win: 100,
          handPay: 0,
          freeSpin: false,
          jackpotContribution: machines.jackpot(1),
          jackpotWin: 0,
        });
        const session = machines.session(orphan)!;
        expect(ledger.credits(2)).toBe(held(session));
        expect(ledger.auditPlayers()).toContainEqual(expect.objectContaining({ rule: 'free machine', machineId: 2, actual: 5_060 }));
        return { orphan, wallet: ledger.balance(DEMO), expected: held(session) };
      });
      expect(expected).toBe(5_060);
      const t = await restart(dataDir);
      let after: ReturnType<typeof snapshot>;
      try {
        const ledger = t.sim.floor.context.ledger;
        expect(ledger.balance(DEMO)).toBe(wallet + expected);
        expect(ledger.credits(2)).toBe(0);
        expect(sessionRow(t.sim.store, orphan)).toMatchObject({ ended_at: START_TIME, cash_out: expected });
        expect(ledger.transactions(DEMO).at(-1)).toMatchObject({ action: 4, amount: expected, sessionId: orphan, machineId: 2 });
        expect(ledger.auditPlayers()).toEqual([]);
        expect(ledger.audit().difference).toBe(0);
        expect(recoveryLines()).toEqual([expect.stringContaining(`${expected} paid back`)]);
        after = snapshot(t.sim.store);
      } finally {
        await t.close();
      }
      const again = await restart(dataDir);
      try {
        expect(snapshot(again.sim.store)).toEqual(after);
        expect(recoveryLines()).toEqual([]);
        expect(again.sim.floor.context.ledger.auditPlayers()).toEqual([]);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// ---- any crash state, as a property ----------------------------------------------------------

/** Machines with no occupant at the first start: free ones, one 'playing' by nobody, one in error. */
const MACHINES = [1, 2, 3, 4, 5, 6, 9, 10] as const;
/** The free ones, which a player may hold. */
const FREE_MACHINES: ReadonlySet<number> = new Set([1, 2, 5, 6, 9, 10]);

interface OrphanPlan {
  player: typeof DEMO | typeof PLAYER2;
  cashIns: number[];
  /** Spins: the bet as a share of the credits at that moment, and the win. */
  spins: Array<{ betShare: number; win: number }>;
}

interface MachinePlan {
  machineId: number;
  orphans: OrphanPlan[];
  /** The demo player sits at the machine again with a newer session holding this much. */
  resumed: number | null;
}

const orphanArbitrary: fc.Arbitrary<OrphanPlan> = fc.record({
  player: fc.constantFrom(DEMO, PLAYER2),
  cashIns: fc.array(fc.constantFrom(...DEFAULT_SETTINGS.HOT_COIN_PRICES.slice(0, 3)), { maxLength: 2 }),
  spins: fc.array(fc.record({ betShare: fc.double({ min: 0, max: 1, noNaN: true }), win: fc.nat({ max: 2_000 }) }), { maxLength: 4 }),
});

const planArbitrary: fc.Arbitrary<MachinePlan[]> = fc
  .uniqueArray(
    fc.record({
      machineId: fc.constantFrom(...MACHINES),
      orphans: fc.array(orphanArbitrary, { minLength: 1, maxLength: 3 }),
      resumed: fc.option(fc.constantFrom(0, 500, 5_000), { nil: null }),
    }),
    { selector: (plan) => plan.machineId, minLength: 1, maxLength: 4 },
  )
  .map((plans) => {
    // One free machine at most is held again, by the demo player (one player, one machine), and
    // the orphans there are the demo's too: the credits on a machine are only ever its occupant's.
    const resumedAt = plans.findIndex((plan) => plan.resumed !== null && FREE_MACHINES.has(plan.machineId));
    return plans.map((plan, index): MachinePlan =>
      index === resumedAt ? { ...plan, orphans: plan.orphans.map((o) => ({ ...o, player: DEMO })) } : { ...plan, resumed: null },
    );
  });

interface Written {
  orphans: Array<{ id: number; playerId: number; held: number }>;
  kept: Array<{ id: number; machineId: number; held: number }>;
  wallets: Map<number, number>;
}

function writeCrashState(dataDir: string, plans: MachinePlan[]): Written {
  return withStore(dataDir, ({ ledger, machines }) => {
    const written: Written = { orphans: [], kept: [], wallets: new Map() };
    for (const plan of plans) {
      const record = machines.get(plan.machineId)!;
      for (const orphan of plan.orphans) {
        const session = machines.openSession(orphan.player, plan.machineId, START_TIME - 60_000);
        for (const amount of orphan.cashIns) {
          if (ledger.balance(orphan.player) >= amount) ledger.cashIn(orphan.player, plan.machineId, session.id, amount, MAX_ALL_IN);
        }
        for (const spin of orphan.spins) {
          // A session bets only what it holds: the other credits on the machine are other sessions'.
          const bet = Math.floor(Math.max(0, held(machines.session(session.id)!)) * spin.betShare);
          if (bet === 0 && spin.win === 0) continue;
          ledger.bookSpin({
            playerId: orphan.player,
            machineId: plan.machineId,
            sessionId: session.id,
            brandId: record.brandId,
            bet,
            win: spin.win,
            handPay: 0,
            freeSpin: false,
            jackpotContribution: machines.jackpot(record.brandId),
            jackpotWin: 0,
          });
        }
        written.orphans.push({ id: session.id, playerId: orphan.player, held: held(machines.session(session.id)!) });
      }
      if (plan.resumed !== null) {
        const session = machines.openSession(DEMO, plan.machineId, START_TIME - 30_000);
        machines.update(plan.machineId, { occupantId: DEMO, reservedUntil: START_TIME + 60_000, status: 'waiting' });
        if (plan.resumed > 0) ledger.cashIn(DEMO, plan.machineId, session.id, plan.resumed, MAX_ALL_IN);
        written.kept.push({ id: session.id, machineId: plan.machineId, held: plan.resumed });
      }
    }
    for (const player of [DEMO, PLAYER2]) written.wallets.set(player, ledger.balance(player));
    return written;
  });
}

describe('any set of sessions a crash left open', () => {
  it('is paid back exactly once and closed at the next start; the kept sessions stay; a second start changes nothing', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(planArbitrary, async (plans) => {
        const dataDir = copyOfTemplate();
        try {
          const written = writeCrashState(dataDir, plans);
          recoveryLines();
          const first = await restart(dataDir);
          let after: ReturnType<typeof snapshot>;
          try {
            const ledger = first.sim.floor.context.ledger;
            for (const orphan of written.orphans) expect(sessionRow(first.sim.store, orphan.id).ended_at).toBe(START_TIME);
            for (const kept of written.kept) {
              expect(sessionRow(first.sim.store, kept.id).ended_at).toBeNull();
              expect(ledger.credits(kept.machineId)).toBe(kept.held);
              expect(first.sim.floor.machine(kept.machineId)?.occupantId).toBe(DEMO);
            }
            for (const player of [DEMO, PLAYER2]) {
              const owed = written.orphans.filter((o) => o.playerId === player).reduce((sum, o) => sum + o.held, 0);
              expect(ledger.balance(player)).toBe(written.wallets.get(player)! + owed);
            }
            for (const plan of plans) if (plan.resumed === null) expect(ledger.credits(plan.machineId)).toBe(0);
            expect(ledger.auditPlayers()).toEqual([]);
            expect(ledger.audit().difference).toBe(0);
            const lines = recoveryLines();
            expect(lines).toHaveLength(1);
            expect(lines[0]).toContain(`closed ${written.orphans.length} game session(s)`);
            after = snapshot(first.sim.store);
          } finally {
            await first.close();
          }
          const second = await restart(dataDir);
          try {
            expect(snapshot(second.sim.store)).toEqual(after);
            expect(recoveryLines()).toEqual([]);
          } finally {
            await second.close();
          }
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }),
      { numRuns: 50 },
    );
  });
});

// ---- a join or an end that fails half-way writes nothing ------------------------------------

describe('a join and a session end are each one transaction', () => {
  let t: TestSimulator;
  let token: string;
  let errors: MockInstance<typeof console.error>;
  beforeEach(async () => {
    t = await startTestSimulator({ now: Date.now, timerScale: 0.01, rngSeed: 'recovery-tx' });
    token = await loginToken(t);
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    errors.mockRestore();
    expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
    await t.close();
  });

  const openSessions = () =>
    (t.sim.store.database.prepare('SELECT count(*) AS n FROM game_sessions WHERE ended_at IS NULL AND player_id = ?').get(DEMO) as { n: number }).n;

  it('a join whose occupant write fails leaves no open session row, and the machine free', async () => {
    const machines = t.sim.floor.context.machines;
    const update = vi.spyOn(machines, 'update').mockImplementationOnce(() => {
      throw new Error('disk I/O error (test)');
    });
    const socket = await machineSocket(t.url, token);
    socket.send({ type: 'init', machineID: 1, token });
    expect((await socket.next('error')).code).toBe(50000);
    expect((await socket.closed).code).toBe(4004);
    expect(update).toHaveBeenCalledTimes(1);
    expect(openSessions()).toBe(0);
    const machine = t.sim.floor.machine(1)!;
    expect(machine.occupantId).toBeNull();
    expect(machine.status).toBe('free');
    expect(machines.get(1)).toMatchObject({ occupantId: null, status: 'free' });
    update.mockRestore();

    // The next join is an ordinary one: one session, the machine held.
    const again = await machineSocket(t.url, token);
    again.send({ type: 'init', machineID: 1, token });
    await again.next('joined');
    expect(openSessions()).toBe(1);
    again.send({ type: 'cashout', requestId: 'out' });
    await again.closed;
  });

  it('a cash out whose machine write fails pays nothing and closes nothing: the session goes on', async () => {
    const socket = await machineSocket(t.url, token);
    socket.send({ type: 'init', machineID: 1, token });
    await socket.next('joined');
    socket.send({ type: 'transfer', amount: 5_000, requestId: 'in' });
    await socket.next('ack', (a) => a.requestId === 'in');
    const ledger = t.sim.floor.context.ledger;
    const machines = t.sim.floor.context.machines;
    const write = machines.update.bind(machines);
    // The write that frees the machine fails (the last of the session's end).
    const update = vi.spyOn(machines, 'update').mockImplementation((id, patch) => {
      if ('occupantId' in patch && patch.occupantId === null) throw new Error('disk I/O error (test)');
      write(id, patch);
    });
    socket.send({ type: 'cashout', requestId: 'out-1' });
    expect(await socket.next('error')).toMatchObject({ code: 50000, requestId: 'out-1' });
    update.mockRestore();
    expect(ledger.credits(1)).toBe(5_000);
    expect(ledger.balance(DEMO)).toBe(95_000);
    expect(openSessions()).toBe(1);
    expect(machines.get(1)).toMatchObject({ occupantId: DEMO, status: 'playing' });
    expect(t.sim.floor.machine(1)?.status).toBe('playing');
    expect(socket.frames.some((f) => f.type === 'machine' && f.machine.status === 'tryingCashout')).toBe(false);

    socket.send({ type: 'cashout', requestId: 'out-2' });
    expect((await socket.closed).code).toBe(1000);
    expect(ledger.balance(DEMO)).toBe(100_000);
    expect(openSessions()).toBe(0);
  });
});
