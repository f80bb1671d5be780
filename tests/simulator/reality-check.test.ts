import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProtectionReport, ProtectionSettings, REALITY_CHECKS } from '../../protocol/protection.ts';
import { FloorCode, type MachineServerMessage } from '../../protocol/sockets.ts';
import { call, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket, type SocketClient } from './sockets.ts';

/**
 * Reality checks are the operator's: the floor times them on its own clock (the test's, moved by
 * hand; the floor's tick is real and scaled), pauses play while one waits (presses, coins and
 * autoplay refused with 60020, autoplay stopped, free spins held) and lifts the pause only on the
 * player's `continue`. A reload, a second socket or the client's clock cannot skip one.
 */

const SCALE = 0.01;
const MACHINE = 1;
/** The default interval (60 minutes) in the floor's scaled time. */
const EVERY = REALITY_CHECKS.default.defaultMinutes * 60_000 * SCALE;
/** Long enough for the floor's tick (scaled: 10 ms) to have run at least once. */
const TICKS = 60;

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator({ timerScale: SCALE, rngSeed: 'reality-check' });
  token = await loginToken(t);
});
afterEach(async () => {
  expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  await t.close();
});

type Socket = SocketClient<MachineServerMessage>;

async function join(): Promise<{ socket: Socket; joined: Extract<MachineServerMessage, { type: 'joined' }> }> {
  const socket = await machineSocket(t.url, token);
  socket.send({ type: 'init', machineID: MACHINE, token });
  return { socket, joined: await socket.next('joined') };
}

async function ask(socket: Socket, request: Record<string, unknown>, requestId: string) {
  socket.send({ ...request, requestId });
  return Promise.race([
    socket.next('ack', (a) => a.requestId === requestId),
    socket.next('error', (e) => e.requestId === requestId),
  ]);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, TICKS));
const lastState = (socket: Socket) => socket.frames.findLast((f) => f.type === 'state')!.state;
const report = async () => ProtectionReport.parse((await call(`${t.url}/sim/players/demo/protection`)).body);

describe('reality checks on the floor', () => {
  it('comes a whole interval into the session, by the operator’s clock, with the session’s books; play waits for the answer', async () => {
    const { socket, joined } = await join();
    expect(joined.rules?.realityCheckMs).toBe(EVERY);
    expect(await ask(socket, { type: 'transfer', amount: 5000 }, 'fund')).toMatchObject({ type: 'ack' });
    expect(await ask(socket, { type: 'button', button: 'spin' }, 's1')).toMatchObject({ type: 'ack' });
    await socket.next('spin');

    t.clock.now += EVERY - 1;
    await settle();
    expect(socket.frames.some((f) => f.type === 'realityCheck')).toBe(false);
    t.clock.now += 1;
    const check = await socket.next('realityCheck');
    expect(check.session).toMatchObject({ spins: 1, playedMs: EVERY, bets: expect.any(Number), wins: expect.any(Number) });
    expect(check.session.bets).toBeGreaterThan(0);
    // The player's time to answer counts from the check: a close warning under way (nothing was
    // pressed for the interval) stops, and no other comes while the player reads.
    await settle();
    const since = socket.frames.slice(socket.frames.findIndex((f) => f.type === 'realityCheck'));
    expect(since.filter((f) => f.type === 'info')).toEqual([]);

    const credits = lastState(socket).credits;
    const balance = t.sim.floor.context.ledger.balance(1);
    for (const [id, request] of [
      ['spin', { type: 'button', button: 'spin' }],
      ['bet', { type: 'button', button: 'betUp' }],
      ['coin', { type: 'transfer', amount: 1000 }],
      ['auto', { type: 'autoplay', on: true }],
    ] as const) {
      expect(await ask(socket, request, id)).toMatchObject({ type: 'error', code: FloorCode.realityCheckDue });
    }
    expect([lastState(socket).credits, t.sim.floor.context.ledger.balance(1)]).toEqual([credits, balance]);

    // Only `continue` lifts the pause; the answers are the player's record.
    expect(await ask(socket, { type: 'realityCheck', answer: 'history' }, 'a1')).toMatchObject({ type: 'ack' });
    expect(await ask(socket, { type: 'button', button: 'spin' }, 'still')).toMatchObject({ type: 'error', code: FloorCode.realityCheckDue });
    expect(await ask(socket, { type: 'realityCheck', answer: 'continue' }, 'a2')).toMatchObject({ type: 'ack' });
    expect(await ask(socket, { type: 'button', button: 'spin' }, 's2')).toMatchObject({ type: 'ack' });
    const answers = (await report()).records.filter((r) => r.kind === 'realityCheck');
    expect(answers.map((r) => r.detail.answer)).toEqual(['continue', 'history']);
    expect(answers[1]!.detail).toMatchObject({ machineId: MACHINE, playedMs: EVERY, bets: check.session.bets });

    // An answer with nothing waiting (one that came late) changes nothing and is not recorded; the
    // same answer again (its id) is not run twice.
    expect(await ask(socket, { type: 'realityCheck', answer: 'continue' }, 'a3')).toMatchObject({ type: 'ack', request: 'realityCheck' });
    expect(await ask(socket, { type: 'realityCheck', answer: 'continue' }, 'a2')).toMatchObject({ type: 'ack', duplicate: true });
    expect((await report()).records.filter((r) => r.kind === 'realityCheck')).toHaveLength(2);

    // The next one is a whole interval after the answer.
    await socket.next('spin');
    t.clock.now += EVERY - 1;
    await settle();
    expect(socket.frames.filter((f) => f.type === 'realityCheck')).toHaveLength(1);
    t.clock.now += 1;
    await socket.next('realityCheck');
    socket.close();
  });

  it('stops a running autoplay; a cash out still goes through (the check brought on by the control API)', async () => {
    const { socket } = await join();
    expect(await ask(socket, { type: 'transfer', amount: 5000 }, 'fund')).toMatchObject({ type: 'ack' });
    expect(await ask(socket, { type: 'autoplay', on: true }, 'auto')).toMatchObject({ type: 'ack' });
    await socket.next('spinStart');
    expect((await call(`${t.url}/sim/reality-check`, { method: 'POST', body: { machineId: MACHINE } })).status).toBe(200);
    await socket.next('realityCheck');
    expect(lastState(socket).autoplay).toBe(false);
    const spins = socket.frames.filter((f) => f.type === 'spinStart').length;
    await settle();
    await settle();
    expect(socket.frames.filter((f) => f.type === 'spinStart').length).toBeLessThanOrEqual(spins);
    socket.send({ type: 'cashout', requestId: 'out' });
    expect((await socket.closed).code).toBe(1000);
    expect(t.sim.floor.context.ledger.credits(MACHINE)).toBe(0);
  });

  it('holds free spins while it waits; they go on by themselves after Continue', async () => {
    const { socket } = await join();
    expect(await ask(socket, { type: 'transfer', amount: 50_000 }, 'fund')).toMatchObject({ type: 'ack' });
    expect(await ask(socket, { type: 'autoplay', on: true }, 'auto')).toMatchObject({ type: 'ack' });
    // Autoplay until a spin awards free spins (the machine's own maths, seeded).
    await socket.next('spin', (s) => s.outcome.freeSpinsAwarded > 0, 60_000);
    // At once, in the floor's own process (a control call's round trip is near a scaled free spin).
    t.sim.floor.machine(MACHINE)!.checkNow();
    await socket.next('realityCheck');
    expect(lastState(socket).autoplay).toBe(false);
    expect(lastState(socket).freeSpinsLeft).toBeGreaterThan(0);
    // A free spin already turning lands; then nothing starts while the check waits.
    const count = (type: string) => socket.frames.filter((f) => f.type === type).length;
    while (count('spin') < count('spinStart')) await settle();
    await settle();
    const starts = count('spinStart');
    const held = lastState(socket).freeSpinsLeft;
    for (let i = 0; i < 5; i++) await settle();
    expect(count('spinStart')).toBe(starts);
    expect(lastState(socket).freeSpinsLeft).toBe(held);

    const answeredAt = socket.frames.length;
    expect(await ask(socket, { type: 'realityCheck', answer: 'continue' }, 'go')).toMatchObject({ type: 'ack' });
    const next = await socket.next('spinStart', (s) => socket.frames.indexOf(s) >= answeredAt);
    expect(next.spin.freeSpin).toBe(true);
    socket.close();
  });

  it('a reload or a second socket finds the check waiting: it is told again with the join and still refuses play', async () => {
    const first = await join();
    t.clock.now += EVERY;
    await first.socket.next('realityCheck');
    first.socket.close();
    await first.socket.closed;

    const again = await join();
    expect(again.joined.rules?.realityCheckMs).toBe(EVERY);
    await again.socket.next('realityCheck');
    expect(await ask(again.socket, { type: 'button', button: 'betUp' }, 'b')).toMatchObject({ type: 'error', code: FloorCode.realityCheckDue });

    // A second tab takes the machine over: the check is still there.
    const tab = await join();
    await tab.socket.next('realityCheck');
    expect(await ask(tab.socket, { type: 'realityCheck', answer: 'continue' }, 'c')).toMatchObject({ type: 'ack' });
    expect(await ask(tab.socket, { type: 'button', button: 'betUp' }, 'b2')).toMatchObject({ type: 'ack' });
    tab.socket.close();
    again.socket.close();
  });

  it('a cash out and a join elsewhere do not skip a check waiting, nor start the count again; a collect still goes through the pause', async () => {
    const first = await join();
    expect(await ask(first.socket, { type: 'transfer', amount: 5000 }, 'fund')).toMatchObject({ type: 'ack' });
    t.clock.now += EVERY;
    await first.socket.next('realityCheck');
    expect(await ask(first.socket, { type: 'button', button: 'collect' }, 'collect')).toMatchObject({ type: 'ack' });
    expect(t.sim.floor.context.ledger.credits(MACHINE)).toBe(0);
    first.socket.send({ type: 'cashout', requestId: 'out' });
    await first.socket.closed;

    // Another machine: the check is told with the join and still pauses play.
    const socket = await machineSocket(t.url, token);
    socket.send({ type: 'init', machineID: 2, token });
    await socket.next('joined');
    await socket.next('realityCheck');
    expect(await ask(socket, { type: 'transfer', amount: 500 }, 'coin')).toMatchObject({ type: 'error', code: FloorCode.realityCheckDue });
    expect(await ask(socket, { type: 'realityCheck', answer: 'continue' }, 'go')).toMatchObject({ type: 'ack' });
    expect(await ask(socket, { type: 'transfer', amount: 500 }, 'coin2')).toMatchObject({ type: 'ack' });

    // Leaving and sitting down again at once does not start a new interval either.
    socket.send({ type: 'cashout', requestId: 'out2' });
    await socket.closed;
    t.clock.now += EVERY / 2;
    const again = await join();
    t.clock.now += EVERY / 2;
    await again.socket.next('realityCheck');
    again.socket.close();
  });

  it('a shorter interval chosen mid-session brings the next check forward', async () => {
    const { socket } = await join();
    t.clock.now += 20 * 60_000 * SCALE;
    await settle();
    const chosen = await call(`${t.url}/api/player/protection/reality-check`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: { minutes: 15 } });
    expect(chosen.status).toBe(200);
    await socket.next('realityCheck');
    socket.close();
  });

  it('the player chooses the interval from the operator’s list; another is refused; the machine asks at the chosen one', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const before = ProtectionSettings.parse((await call(`${t.url}/api/player/protection`, { headers: auth })).body);
    expect(before.realityCheck).toEqual({ minutes: 60, defaultMinutes: 60, choices: [...REALITY_CHECKS.default.choices] });

    const refused = await call(`${t.url}/api/player/protection/reality-check`, { method: 'POST', headers: auth, body: { minutes: 7 } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 40000, Params: { choices: [...REALITY_CHECKS.default.choices] } });
    const chosen = await call(`${t.url}/api/player/protection/reality-check`, { method: 'POST', headers: auth, body: { minutes: 15 } });
    expect(ProtectionSettings.parse(chosen.body).realityCheck.minutes).toBe(15);
    expect((await report()).records[0]).toMatchObject({ kind: 'realityCheckInterval', detail: { minutes: 15, before: null } });

    const { socket, joined } = await join();
    expect(joined.rules?.realityCheckMs).toBe(15 * 60_000 * SCALE);
    t.clock.now += 15 * 60_000 * SCALE;
    await socket.next('realityCheck');
    socket.close();
  });

  it('a choice the jurisdiction does not offer falls back to its default', async () => {
    const auth = { authorization: `Bearer ${token}` };
    await call(`${t.url}/api/player/protection/reality-check`, { method: 'POST', headers: auth, body: { minutes: 120 } });
    await call(`${t.url}/sim/settings`, { method: 'PUT', body: { JURISDICTION: 'uk' } });
    const settings = ProtectionSettings.parse((await call(`${t.url}/api/player/protection`, { headers: auth })).body);
    expect(settings.realityCheck).toMatchObject({ minutes: REALITY_CHECKS.uk.defaultMinutes, choices: [...REALITY_CHECKS.uk.choices] });
  });

  it('the operator sets the default and the list (REALITY_CHECK_MINUTES, REALITY_CHECK_CHOICES): the player sees them, chooses among them, and the machine asks at the default', async () => {
    const auth = { authorization: `Bearer ${token}` };
    // The default need not be in the operator's list: it is always one of the choices.
    const put = await call(`${t.url}/sim/settings`, { method: 'PUT', body: { REALITY_CHECK_MINUTES: 20, REALITY_CHECK_CHOICES: [40, 10] } });
    expect(put.status).toBe(200);
    const settings = ProtectionSettings.parse((await call(`${t.url}/api/player/protection`, { headers: auth })).body);
    expect(settings.realityCheck).toEqual({ minutes: 20, defaultMinutes: 20, choices: [10, 20, 40] });

    const { socket, joined } = await join();
    expect(joined.rules?.realityCheckMs).toBe(20 * 60_000 * SCALE);
    t.clock.now += 20 * 60_000 * SCALE;
    await socket.next('realityCheck');
    socket.close();

    const refused = await call(`${t.url}/api/player/protection/reality-check`, { method: 'POST', headers: auth, body: { minutes: 60 } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 40000, Params: { choices: [10, 20, 40] } });
    const chosen = await call(`${t.url}/api/player/protection/reality-check`, { method: 'POST', headers: auth, body: { minutes: 40 } });
    expect(ProtectionSettings.parse(chosen.body).realityCheck).toEqual({ minutes: 40, defaultMinutes: 20, choices: [10, 20, 40] });

    // An interval the operator no longer offers falls back to its default; a bad setting is refused and changes nothing.
    await call(`${t.url}/sim/settings`, { method: 'PUT', body: { REALITY_CHECK_CHOICES: [15, 30] } });
    const after = ProtectionSettings.parse((await call(`${t.url}/api/player/protection`, { headers: auth })).body);
    expect(after.realityCheck).toEqual({ minutes: 20, defaultMinutes: 20, choices: [15, 20, 30] });
    const bad = await call(`${t.url}/sim/settings`, { method: 'PUT', body: { REALITY_CHECK_MINUTES: 0 } });
    expect(bad.status).toBe(400);
    expect(ProtectionSettings.parse((await call(`${t.url}/api/player/protection`, { headers: auth })).body).realityCheck.defaultMinutes).toBe(20);
  });
});
