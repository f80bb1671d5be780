import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../protocol/account.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { LIMIT_COOLING_OFF_MS, ProtectionHistoryPage, REALITY_CHECKS } from '../../protocol/protection.ts';
import { call, errorOf, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket } from './sockets.ts';

/**
 * The player reads their own protection history (GET /api/player/protection/history): every limit
 * change, interval chosen, reality check answered, lock taken and lock the operator ended, newest
 * first — theirs only, and only with their login; paged and windowed as the account's lists.
 */

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator({ rngSeed: 'protection-history' });
  token = await loginToken(t);
});
afterEach(async () => {
  expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  await t.close();
});

const auth = (bearer = token) => ({ authorization: `Bearer ${bearer}` });
const post = (path: string, body: unknown) => call(`${t.url}/api/player/protection/${path}`, { method: 'POST', headers: auth(), body });
const historyCall = (query: Record<string, string | number> = {}, bearer = token) => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return call(`${t.url}/api/player/protection/history?${search}`, { headers: auth(bearer) });
};
async function historyPage(query: Record<string, string | number> = {}, bearer = token) {
  const answer = await historyCall(query, bearer);
  expect(answer.status).toBe(200);
  return ProtectionHistoryPage.parse(answer.body);
}
const history = async (bearer = token) => (await historyPage({}, bearer)).items;

describe("the player's protection history", () => {
  it('lists limit changes (a raise with when it counts), the interval chosen and a reality check answered, newest first', async () => {
    const start = t.clock.now;
    expect((await post('limit', { kind: 'lossDay', amount: 5000 })).status).toBe(200);
    t.clock.now += 1000;
    expect((await post('limit', { kind: 'lossDay', amount: 20_000 })).status).toBe(200);
    t.clock.now += 1000;
    expect((await post('reality-check', { minutes: REALITY_CHECKS.default.choices[0] })).status).toBe(200);

    const socket = await machineSocket(t.url, token);
    socket.send({ type: 'init', machineID: 1, token });
    await socket.next('joined');
    expect((await call(`${t.url}/sim/reality-check`, { method: 'POST', body: { machineId: 1 } })).status).toBe(200);
    await socket.next('realityCheck');
    socket.send({ type: 'realityCheck', answer: 'continue', requestId: 'answer' });
    await socket.next('ack', (a) => a.requestId === 'answer');
    socket.close();

    const entries = await history();
    expect(entries.map((entry) => entry.kind)).toEqual(['realityCheck', 'realityCheckInterval', 'limit', 'limit']);
    expect(entries[0]).toMatchObject({ kind: 'realityCheck', answer: 'continue', bets: 0, wins: 0 });
    expect(entries[1]).toMatchObject({ kind: 'realityCheckInterval', minutes: REALITY_CHECKS.default.choices[0], before: null });
    expect(entries[2]).toEqual({
      id: expect.any(Number),
      at: start + 1000,
      kind: 'limit',
      limit: 'lossDay',
      amount: 20_000,
      before: 5000,
      from: start + 1000 + LIMIT_COOLING_OFF_MS,
    });
    expect(entries[3]).toMatchObject({ kind: 'limit', limit: 'lossDay', amount: 5000, before: null, from: start });
    // Newest first, by id as well as by time.
    expect(entries.map((entry) => entry.id)).toEqual([...entries.map((entry) => entry.id)].sort((a, b) => b - a));
  });

  it('keeps a break and the operator ending it: read after the next login', async () => {
    const taken = await post('lock', { kind: 'break', period: '24h' });
    expect(taken.status).toBe(200);
    const until = (taken.body as { until: number }).until;
    // Locked out: the token no longer reads anything.
    expect((await call(`${t.url}/api/player/protection/history`, { headers: auth() })).status).toBe(401);
    expect((await call(`${t.url}/sim/players/demo/protection/lock`, { method: 'DELETE' })).status).toBe(200);
    token = await loginToken(t);
    const entries = await history();
    expect(entries.slice(0, 2)).toEqual([
      { id: expect.any(Number), at: t.clock.now, kind: 'lockEnded', lock: 'break' },
      { id: expect.any(Number), at: t.clock.now, kind: 'lock', lock: 'break', until },
    ]);
  });

  it("is the player's own: another player's choices are not in it, and no login reads none", async () => {
    await post('limit', { kind: 'transferDay', amount: 1000 });
    const other = await loginToken(t, 'player2', 'player2pass');
    expect(await history(other)).toEqual([]);
    expect((await call(`${t.url}/api/player/protection/history`)).status).toBe(401);
    expect((await call(`${t.url}/api/player/protection/history`, { headers: auth('not-a-token') })).status).toBe(401);
  });

  it('pages the entries newest first (by time, then by id), 10 a page unless asked, with the total over all pages', async () => {
    const start = t.clock.now;
    // 25 intervals a minute apart, written out of time order: the page goes by `at`, not by id.
    for (let i = 0; i < 25; i += 1) {
      const minute = i === 0 ? 30 : i;
      t.sim.floor.context.protection.record(1, start + minute * 60_000, 'realityCheckInterval', { minutes: 15 + minute, before: null });
    }
    const first = await historyPage();
    expect(first).toMatchObject({ total: 25, page: 1, size: 10 });
    expect(first.items[0]).toMatchObject({ kind: 'realityCheckInterval', at: start + 30 * 60_000 });
    expect(first.items.slice(1, 3).map((entry) => entry.at)).toEqual([start + 24 * 60_000, start + 23 * 60_000]);
    const pages = await Promise.all([1, 2, 3].map((page) => historyPage({ page, size: 10 })));
    expect(pages.map((page) => page.items.length)).toEqual([10, 10, 5]);
    const ats = pages.flatMap((page) => page.items.map((entry) => entry.at));
    expect(ats).toEqual([...ats].sort((a, b) => b - a));
    expect(new Set(pages.flatMap((page) => page.items.map((entry) => entry.id))).size).toBe(25);
    // Past the end: no items, the total still told (the client goes to the last page).
    expect(await historyPage({ page: 4, size: 10 })).toMatchObject({ items: [], total: 25, page: 4 });
    // The largest page holds them all.
    expect((await historyPage({ size: MAX_PAGE_SIZE })).items).toHaveLength(25);
  });

  it('windows on the entry\'s time, both ends inclusive; the total counts the window only', async () => {
    const start = t.clock.now;
    for (let i = 0; i < 6; i += 1) t.sim.floor.context.protection.record(1, start + i * 1000, 'realityCheckInterval', { minutes: 15 + i, before: null });
    const window = await historyPage({ from: start + 1000, to: start + 3000 });
    expect(window.total).toBe(3);
    expect(window.items.map((entry) => entry.at)).toEqual([start + 3000, start + 2000, start + 1000]);
    expect((await historyPage({ from: start + 5000 })).items.map((entry) => entry.at)).toEqual([start + 5000]);
    expect((await historyPage({ to: start - 1 })).total).toBe(0);
  });

  it('counts and pages only the kinds the player is shown: an operator-only record is in neither the items nor the total', async () => {
    const start = t.clock.now;
    t.sim.floor.context.protection.record(1, start, 'realityCheckInterval', { minutes: 15, before: null });
    t.sim.floor.context.protection.record(1, start + 1000, 'operatorNote', { text: 'called the player' });
    t.sim.floor.context.protection.record(1, start + 2000, 'realityCheckInterval', { minutes: 30, before: 15 });
    const page = await historyPage({ size: 1 });
    expect(page.total).toBe(2);
    expect(page.items).toEqual([expect.objectContaining({ minutes: 30 })]);
    expect((await historyPage({ page: 2, size: 1 })).items).toEqual([expect.objectContaining({ minutes: 15 })]);
    // The operator still sees every record.
    expect(t.sim.floor.context.protection.recordsOf(1).map((record) => record.kind)).toContain('operatorNote');
  });

  it('answers 400 40000 for bad paging or a window ending before it starts, as the other lists', async () => {
    const bad: Record<string, string | number>[] = [{ page: 0 }, { size: 0 }, { size: MAX_PAGE_SIZE + 1 }, { page: 'abc' }, { from: -1 }, { from: 20, to: 10 }];
    for (const query of bad) {
      const answer = await historyCall(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(errorOf(answer).code).toBe(ErrorCode.invalidRequest);
    }
  });
});
