import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMIT_COOLING_OFF_MS, limitPeriod, ProtectionReport, ProtectionSettings } from '../../protocol/protection.ts';
import { FloorCode, type MachineServerMessage } from '../../protocol/sockets.ts';
import { call, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket, type SocketClient } from './sockets.ts';

/**
 * The player's own money limits are the operator's to keep: a transfer onto a machine past one is
 * refused with 60021 (the limit, what is used, when it resets) and moves nothing; a lower limit
 * counts at once, a higher one only after 24 hours; a limit the jurisdiction requires (Sweden's
 * deposit limit) must be set before any money goes onto a machine (60022).
 */

const MACHINE = 1;

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator({ rngSeed: 'limits' });
  // Two months on from the seeded history (demo's past visits count towards a limit's period too).
  t.clock.now += 60 * 24 * 60 * 60 * 1000;
  token = await loginToken(t);
});
afterEach(async () => {
  expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  await t.close();
});

type Socket = SocketClient<MachineServerMessage>;

async function join(): Promise<Socket> {
  const socket = await machineSocket(t.url, token);
  socket.send({ type: 'init', machineID: MACHINE, token });
  await socket.next('joined');
  return socket;
}

let seq = 0;
async function coin(socket: Socket, amount: number) {
  const requestId = `coin-${(seq += 1)}`;
  socket.send({ type: 'transfer', amount, requestId });
  return Promise.race([socket.next('ack', (a) => a.requestId === requestId), socket.next('error', (e) => e.requestId === requestId)]);
}

const auth = () => ({ authorization: `Bearer ${token}` });
async function setLimit(kind: string, amount: number | null) {
  const answer = await call(`${t.url}/api/player/protection/limit`, { method: 'POST', headers: auth(), body: { kind, amount } });
  return { status: answer.status, body: answer.body };
}
const limitOf = async (kind: string) =>
  ProtectionSettings.parse((await call(`${t.url}/api/player/protection`, { headers: auth() })).body).limits.find((limit) => limit.kind === kind)!;

describe('limit periods', () => {
  it('are calendar days, weeks from Monday and months, UTC, across a year end', () => {
    const at = Date.UTC(2026, 11, 31, 23, 59); // Thursday 31 December 2026, 23:59 UTC
    expect(limitPeriod('lossDay', at)).toEqual({ from: Date.UTC(2026, 11, 31), resetsAt: Date.UTC(2027, 0, 1) });
    expect(limitPeriod('transferDay', at)).toEqual({ from: Date.UTC(2026, 11, 31), resetsAt: Date.UTC(2027, 0, 1) });
    expect(limitPeriod('lossWeek', at)).toEqual({ from: Date.UTC(2026, 11, 28), resetsAt: Date.UTC(2027, 0, 4) });
    expect(limitPeriod('lossMonth', at)).toEqual({ from: Date.UTC(2026, 11, 1), resetsAt: Date.UTC(2027, 0, 1) });
    // A Sunday belongs to the week that began on the Monday before; Monday 00:00 starts the next.
    expect(limitPeriod('lossWeek', Date.UTC(2027, 0, 3, 23, 59)).from).toBe(Date.UTC(2026, 11, 28));
    expect(limitPeriod('lossWeek', Date.UTC(2027, 0, 4)).from).toBe(Date.UTC(2027, 0, 4));
  });
});

describe("the player's own limits on the floor", () => {
  it('a daily loss limit refuses the transfer that would pass it, with the limit, what is used and when it resets; what came back counts', async () => {
    expect((await setLimit('lossDay', 10_000)).status).toBe(200);
    expect(await limitOf('lossDay')).toEqual({ kind: 'lossDay', amount: 10_000, pending: null });
    const socket = await join();
    expect(await coin(socket, 5000)).toMatchObject({ type: 'ack' });
    expect(await coin(socket, 5000)).toMatchObject({ type: 'ack' });
    const balance = t.sim.floor.context.ledger.balance(1);
    const refused = await coin(socket, 500);
    expect(refused).toEqual({
      type: 'error',
      code: FloorCode.limitReached,
      ErrorMessage: expect.any(String),
      requestId: expect.any(String),
      Params: { limit_kind: 'lossDay', limit: 10_000, used: 10_000, until: limitPeriod('lossDay', t.clock.now).resetsAt },
    });
    expect([t.sim.floor.context.ledger.balance(1), t.sim.floor.context.ledger.credits(MACHINE)]).toEqual([balance, 10_000]);

    // Collecting the credits back to the wallet: nothing lost, the limit has room again.
    socket.send({ type: 'button', button: 'collect', requestId: 'collect' });
    await socket.next('ack', (a) => a.requestId === 'collect');
    expect(await coin(socket, 5000)).toMatchObject({ type: 'ack' });

    // A new day starts a new count (a new login: the token is a day older).
    socket.close();
    t.clock.now = limitPeriod('lossDay', t.clock.now).resetsAt;
    token = await loginToken(t);
    const later = await join();
    expect(await coin(later, 5000)).toMatchObject({ type: 'ack' });
    later.close();
  });

  it('a daily transfer limit counts every coin put on a machine, whatever came back', async () => {
    await setLimit('transferDay', 5000);
    const socket = await join();
    expect(await coin(socket, 5000)).toMatchObject({ type: 'ack' });
    socket.send({ type: 'button', button: 'collect', requestId: 'collect' });
    await socket.next('ack', (a) => a.requestId === 'collect');
    expect(await coin(socket, 500)).toMatchObject({ type: 'error', code: FloorCode.limitReached, Params: { limit_kind: 'transferDay', used: 5000 } });
    socket.close();
  });

  it('lowering counts at once; raising and removing wait 24 hours, the limit in force meanwhile; each change is recorded', async () => {
    await setLimit('lossWeek', 50_000);
    await setLimit('lossWeek', 5000);
    expect(await limitOf('lossWeek')).toEqual({ kind: 'lossWeek', amount: 5000, pending: null });

    const raised = await setLimit('lossWeek', 100_000);
    expect(raised.status).toBe(200);
    const from = t.clock.now + LIMIT_COOLING_OFF_MS;
    expect(await limitOf('lossWeek')).toEqual({ kind: 'lossWeek', amount: 5000, pending: { amount: 100_000, from } });
    const socket = await join();
    expect(await coin(socket, 5000)).toMatchObject({ type: 'ack' });
    expect(await coin(socket, 500)).toMatchObject({ type: 'error', code: FloorCode.limitReached });

    socket.close();
    t.clock.now = from - 1;
    token = await loginToken(t);
    expect((await limitOf('lossWeek')).amount).toBe(5000);
    t.clock.now = from;
    expect(await limitOf('lossWeek')).toEqual({ kind: 'lossWeek', amount: 100_000, pending: null });
    const later = await join();
    expect(await coin(later, 500)).toMatchObject({ type: 'ack' });
    later.close();

    // The same raise asked again keeps its wait (a retry does not push it out).
    await setLimit('lossMonth', 5000);
    await setLimit('lossMonth', 9000);
    const waiting = (await limitOf('lossMonth')).pending;
    t.clock.now += 60_000;
    token = await loginToken(t);
    await setLimit('lossMonth', 9000);
    expect((await limitOf('lossMonth')).pending).toEqual(waiting);

    // Removing waits too; setting the one in force again drops what was waiting.
    await setLimit('lossWeek', null);
    expect((await limitOf('lossWeek')).pending).toEqual({ amount: null, from: t.clock.now + LIMIT_COOLING_OFF_MS });
    await setLimit('lossWeek', 100_000);
    expect((await limitOf('lossWeek')).pending).toBeNull();

    const report = ProtectionReport.parse((await call(`${t.url}/sim/players/demo/protection`)).body);
    expect(report.records.filter((r) => r.kind === 'limit' && r.detail.kind === 'lossWeek').map((r) => [r.detail.amount, r.detail.before])).toEqual([
      [100_000, 100_000],
      [null, 100_000],
      [100_000, 5000],
      [5000, 50_000],
      [50_000, null],
    ]);
  });

  it('a body that is no limit is refused and changes nothing', async () => {
    for (const body of [{ kind: 'lossYear', amount: 100 }, { kind: 'lossDay', amount: 0 }, { kind: 'lossDay', amount: 1.5 }, { kind: 'lossDay' }]) {
      const answer = await call(`${t.url}/api/player/protection/limit`, { method: 'POST', headers: auth(), body });
      expect(answer.status).toBe(400);
    }
    expect((await limitOf('lossDay')).amount).toBeNull();
    expect((await call(`${t.url}/api/player/protection/limit`, { method: 'POST', body: { kind: 'lossDay', amount: 100 } })).status).toBe(401);
  });

  it('se: no money onto a machine before a daily deposit limit is set (60022); once set it may change but not go', async () => {
    await call(`${t.url}/sim/settings`, { method: 'PUT', body: { JURISDICTION: 'se' } });
    const settings = ProtectionSettings.parse((await call(`${t.url}/api/player/protection`, { headers: auth() })).body);
    expect(settings.mandatory).toEqual(['transferDay']);
    const socket = await join();
    expect(await coin(socket, 500)).toMatchObject({ type: 'error', code: FloorCode.limitRequired, Params: { limit_kind: 'transferDay' } });
    expect(t.sim.floor.context.ledger.credits(MACHINE)).toBe(0);
    await setLimit('transferDay', 20_000);
    expect(await coin(socket, 500)).toMatchObject({ type: 'ack' });
    expect((await setLimit('transferDay', null)).status).toBe(400);
    socket.close();
  });
});
