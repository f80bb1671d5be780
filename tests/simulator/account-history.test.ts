import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GameSessionPage, LoginLogPage, TransactionPage } from '../../protocol/account.ts';
import { LoginLogType } from '../../protocol/auth.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { PastPlay } from '../../simulator/store/past-play.ts';
import { call, errorOf, login, loginToken, MINUTE, startTestSimulator, START_TIME, type TestSimulator } from './helpers.ts';

/** The account lists: login log, game sessions, transactions (paging, filters, ownership). */

const DAY = 24 * 60 * MINUTE;

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator();
  token = await loginToken(t);
});
afterEach(async () => {
  await t.close();
});

const list = (path: string, query: Record<string, string | number> = {}, as: string | null = token) => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return call(`${t.url}${path}?${search}`, as === null ? {} : { token: as });
};

describe('GET /api/player/login-log', () => {
  it('pages the player’s own entries newest first, filtered by type and time', async () => {
    t.clock.now += MINUTE;
    await login(t, 'demo', 'wrong-password');
    t.clock.now += MINUTE;
    token = await loginToken(t); // a new login ends the earlier session
    t.clock.now += MINUTE;
    await loginToken(t, 'player2', 'player2pass'); // someone else's entry

    const all = LoginLogPage.parse((await list('/api/player/login-log')).body);
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.type)).toEqual([LoginLogType.success, LoginLogType.loginFail, LoginLogType.success]);
    expect(all.items[0]).toMatchObject({ ip: '127.0.0.1', country: 'TR', at: new Date(START_TIME + 2 * MINUTE).toISOString() });
    expect({ page: all.page, size: all.size }).toEqual({ page: 1, size: 10 });

    const second = LoginLogPage.parse((await list('/api/player/login-log', { page: 2, size: 2 })).body);
    expect(second).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(second.items.map((item) => item.at)).toEqual([new Date(START_TIME).toISOString()]);

    const failures = LoginLogPage.parse((await list('/api/player/login-log', { type: LoginLogType.loginFail })).body);
    expect(failures.items.map((item) => item.type)).toEqual([LoginLogType.loginFail]);

    const window = LoginLogPage.parse((await list('/api/player/login-log', { from: START_TIME + MINUTE, to: START_TIME + MINUTE })).body);
    expect(window.total).toBe(1);
    expect(window.items[0]?.type).toBe(LoginLogType.loginFail);
  });
});

describe('GET /api/player/game-sessions', () => {
  it('lists the seeded sessions newest first with their money and spins', async () => {
    const page = GameSessionPage.parse((await list('/api/player/game-sessions')).body);
    expect(page.total).toBe(4);
    expect(page.items.map((item) => item.machineId)).toEqual([15, 12, 9, 1]);
    const latest = page.items[0];
    const row = t.sim.store.database.prepare('SELECT * FROM game_sessions WHERE id = ?').get(latest?.id ?? 0);
    expect(latest).toEqual({
      id: row?.id,
      machineId: 15,
      machineName: 'Pharaoh Gold Sphinx',
      brand: 'Pharaoh Gold',
      start: new Date(Number(row?.started_at)).toISOString(),
      end: new Date(Number(row?.ended_at)).toISOString(),
      durationSeconds: Math.floor((Number(row?.ended_at) - Number(row?.started_at)) / 1000),
      amount: -2400,
      cashIn: 6000,
      cashOut: 3600,
      betTotal: 4800,
      winTotal: 2400,
      spinCount: 60,
      freeSpinCount: 0,
    });
    for (const item of page.items) expect(item.amount).toBe(item.winTotal - item.betTotal);
  });

  it('filters by machine and time, and pages', async () => {
    const byMachine = GameSessionPage.parse((await list('/api/player/game-sessions', { machineId: 12 })).body);
    expect(byMachine.items.map((item) => item.machineId)).toEqual([12]);
    const recent = GameSessionPage.parse((await list('/api/player/game-sessions', { from: START_TIME - 4 * DAY })).body);
    expect(recent.items.map((item) => item.machineId)).toEqual([15, 12]);
    const older = GameSessionPage.parse((await list('/api/player/game-sessions', { to: START_TIME - 4 * DAY })).body);
    expect(older.items.map((item) => item.machineId)).toEqual([9, 1]);
    const lastPage = GameSessionPage.parse((await list('/api/player/game-sessions', { page: 2, size: 3 })).body);
    expect(lastPage).toMatchObject({ total: 4, page: 2, size: 3 });
    expect(lastPage.items.map((item) => item.machineId)).toEqual([1]);
    const beyond = GameSessionPage.parse((await list('/api/player/game-sessions', { page: 9 })).body);
    expect(beyond).toMatchObject({ total: 4, items: [] });
  });

  it('shows an open session with no end and its duration so far', async () => {
    new PastPlay(t.sim.store).openSession(1, 2, t.clock.now - 10 * MINUTE);
    const [open] = GameSessionPage.parse((await list('/api/player/game-sessions')).body).items;
    expect(open).toMatchObject({ machineId: 2, end: null, durationSeconds: 600, amount: 0, spinCount: 0 });
  });

  it("shows only the player's own sessions", async () => {
    const player2 = await loginToken(t, 'player2', 'player2pass');
    const page = GameSessionPage.parse((await list('/api/player/game-sessions', {}, player2)).body);
    expect(page.items.map((item) => item.machineId)).toEqual([10, 5]);
    expect(GameSessionPage.parse((await list('/api/player/game-sessions', { machineId: 15 }, player2)).body).total).toBe(0);
  });
});

describe('GET /api/player/transactions', () => {
  it('lists every wallet move newest first, with the machine and the balance after', async () => {
    const page = TransactionPage.parse((await list('/api/player/transactions', { size: 100 })).body);
    expect(page.total).toBe(13);
    const times = page.items.map((item) => Date.parse(item.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.items[0]).toMatchObject({ action: 2, tag: 'bank withdrawal', machineId: null, machineName: null, balanceAfter: 100_000 });
    expect(page.items.at(-1)).toMatchObject({ action: 1, tag: 'opening balance', amount: 100_000, balanceAfter: 100_000 });
    const cashIn = page.items.find((item) => item.action === 3 && item.machineId === 15);
    expect(cashIn).toMatchObject({ amount: 6000, machineName: 'Pharaoh Gold Sphinx' });
  });

  it('filters by action and time, and pages', async () => {
    const withdrawals = TransactionPage.parse((await list('/api/player/transactions', { action: 2 })).body);
    expect(withdrawals.total).toBe(2);
    expect(withdrawals.items.every((item) => item.action === 2)).toBe(true);
    const lastDay = TransactionPage.parse((await list('/api/player/transactions', { from: START_TIME - DAY, to: START_TIME })).body);
    expect(lastDay.items.map((item) => item.action)).toEqual([2, 4, 3]);
    const pages = await Promise.all([1, 2, 3].map(async (page) => TransactionPage.parse((await list('/api/player/transactions', { page, size: 5 })).body)));
    expect(pages.map((page) => page.items.length)).toEqual([5, 5, 3]);
    expect(new Set(pages.flatMap((page) => page.items.map((item) => item.id))).size).toBe(13);
  });
});

describe('paging and filter validation', () => {
  const bad: [string, Record<string, string | number>][] = [
    ['/api/player/login-log', { page: 0 }],
    ['/api/player/login-log', { size: 0 }],
    ['/api/player/login-log', { size: 101 }],
    ['/api/player/login-log', { size: 1.5 }],
    ['/api/player/login-log', { page: 'abc' }],
    ['/api/player/login-log', { type: 9 }],
    ['/api/player/login-log', { from: -1 }],
    ['/api/player/login-log', { from: 20, to: 10 }],
    ['/api/player/game-sessions', { machineId: 0 }],
    ['/api/player/game-sessions', { machineId: 'x' }],
    ['/api/player/game-sessions', { from: '' }],
    ['/api/player/transactions', { action: 7 }],
    ['/api/player/transactions', { action: 0 }],
    ['/api/player/transactions', { to: '1e9' }],
  ];

  it('answers 400 40000 for bad paging or filters', async () => {
    for (const [path, query] of bad) {
      const answer = await list(path, query);
      expect(answer.status, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(errorOf(answer).code).toBe(ErrorCode.invalidRequest);
    }
  });

  it('accepts the largest page size', async () => {
    expect((await list('/api/player/transactions', { size: 100 })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    for (const path of ['/api/player/login-log', '/api/player/game-sessions', '/api/player/transactions']) {
      const answer = await list(path, {}, null);
      expect(answer.status, path).toBe(401);
    }
  });
});
