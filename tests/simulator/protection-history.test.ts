import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMIT_COOLING_OFF_MS, PROTECTION_HISTORY_SIZE, ProtectionHistory, REALITY_CHECKS } from '../../protocol/protection.ts';
import { call, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket } from './sockets.ts';

/**
 * The player reads their own protection history (GET /api/player/protection/history): every limit
 * change, interval chosen, reality check answered, lock taken and lock the operator ended, newest
 * first — theirs only, and only with their login.
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
async function history(bearer = token) {
  const answer = await call(`${t.url}/api/player/protection/history`, { headers: auth(bearer) });
  expect(answer.status).toBe(200);
  return ProtectionHistory.parse(answer.body).entries;
}

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

  it(`answers the newest ${PROTECTION_HISTORY_SIZE} entries at most`, async () => {
    for (let i = 0; i < PROTECTION_HISTORY_SIZE + 5; i += 1) {
      t.sim.floor.context.protection.record(1, t.clock.now + i, 'realityCheckInterval', { minutes: 15 + i, before: null });
    }
    const entries = await history();
    expect(entries).toHaveLength(PROTECTION_HISTORY_SIZE);
    expect(entries[0]).toMatchObject({ kind: 'realityCheckInterval', minutes: 15 + PROTECTION_HISTORY_SIZE + 4 });
  });
});
