import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JURISDICTIONS, REALITY_CHECKS, type Jurisdiction } from '../../protocol/protection.ts';
import { FloorCode, type MachineServerMessage } from '../../protocol/sockets.ts';
import { call, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket, type SocketClient } from './sockets.ts';

/**
 * The jurisdiction's rules of play are the floor's, not the client's: whatever a client sends,
 * a spin sooner than the game cycle, a bet above the stake and autoplay where it is banned are
 * refused with their code, and a refusal moves no money. The clock is the test's (movable), the
 * timers real and scaled: a spin turns 20 ms, the UK's 2.5 s cycle is 25 ms of the floor's time.
 */

const SCALE = 0.01;
const MACHINE = 1;

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator({ timerScale: SCALE, rngSeed: 'jurisdiction' });
  token = await loginToken(t);
});
afterEach(async () => {
  expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  await t.close();
});

async function setJurisdiction(jurisdiction: Jurisdiction) {
  const answer = await call(`${t.url}/sim/settings`, { method: 'PUT', body: { JURISDICTION: jurisdiction } });
  expect(answer.status).toBe(200);
}

type Socket = SocketClient<MachineServerMessage>;

async function join(): Promise<{ socket: Socket; joined: Extract<MachineServerMessage, { type: 'joined' }> }> {
  const socket = await machineSocket(t.url, token);
  socket.send({ type: 'init', machineID: MACHINE, token });
  const joined = await socket.next('joined');
  return { socket, joined };
}

/** Sends a request and waits for its answer: the ack, or the error frame with its code and params. */
async function ask(socket: Socket, request: Record<string, unknown>, requestId: string) {
  socket.send({ ...request, requestId });
  return Promise.race([
    socket.next('ack', (a) => a.requestId === requestId),
    socket.next('error', (e) => e.requestId === requestId),
  ]);
}

const spin = (socket: Socket, id: string) => ask(socket, { type: 'button', button: 'spin' }, id);
const lastState = (socket: Socket) => socket.frames.findLast((f) => f.type === 'state')!.state;

async function fund(socket: Socket) {
  expect(await ask(socket, { type: 'transfer', amount: 5000 }, 'fund')).toMatchObject({ type: 'ack' });
}

/** Waits until the reels of the last spin have stopped (its spin frame). */
async function stopped(socket: Socket) {
  await socket.next('spin');
}

describe('jurisdiction rules on the floor', () => {
  it('tells the rules with the join: none where the operator is under no jurisdiction', async () => {
    const { joined } = await join();
    // (and the reality checks' interval: the operator's default, in the floor's time)
    expect(joined.rules).toEqual({ ...JURISDICTIONS.default, realityCheckMs: REALITY_CHECKS.default.defaultMinutes * 60_000 * SCALE });
  });

  it('uk: a spin sooner than 2.5 s after the last one started is refused with 60017 and how long to wait, and moves no money', async () => {
    await setJurisdiction('uk');
    const { socket, joined } = await join();
    const cycle = JURISDICTIONS.uk.minSpinMs * SCALE;
    expect(joined.rules).toMatchObject({ jurisdiction: 'uk', minSpinMs: cycle, autoplay: false });
    await fund(socket);
    expect(await spin(socket, 's1')).toMatchObject({ type: 'ack' });
    await stopped(socket);
    const credits = lastState(socket).credits;
    const balance = t.sim.floor.context.ledger.balance(1);

    // The reels have stopped, but the game cycle has not run out: the floor's clock has not moved.
    const early = await spin(socket, 's2');
    expect(early).toMatchObject({ type: 'error', code: FloorCode.spinTooSoon, Params: { wait_ms: cycle, min_spin_ms: cycle } });
    t.clock.now += cycle - 1;
    expect(await spin(socket, 's3')).toMatchObject({ type: 'error', code: FloorCode.spinTooSoon, Params: { wait_ms: 1 } });
    expect(t.sim.floor.machine(MACHINE)!.state().credits).toBe(credits);
    expect(t.sim.floor.context.ledger.balance(1)).toBe(balance);

    t.clock.now += 1;
    expect(await spin(socket, 's4')).toMatchObject({ type: 'ack' });
    await stopped(socket);
    // The refused request never ran: its id, a cycle later, is a new spin (not a duplicate).
    t.clock.now += cycle;
    // (Read from the frames: the first try's wait for an ack of s2 is still there, and would take it.)
    socket.send({ type: 'button', button: 'spin', requestId: 's2' });
    const again = await vi.waitFor(() => {
      const ack = socket.frames.find((f) => f.type === 'ack' && f.requestId === 's2');
      if (!ack) throw new Error('no ack of s2 yet');
      return ack;
    });
    expect(again).not.toMatchObject({ duplicate: true });
  });

  it('uk: the cycle is the player\'s: neither a reconnect nor cashing out and sitting down at another machine starts it again', async () => {
    await setJurisdiction('uk');
    const first = await join();
    await fund(first.socket);
    expect(await spin(first.socket, 'first')).toMatchObject({ type: 'ack' });
    await stopped(first.socket);
    first.socket.close();
    await first.socket.closed;
    // A new connection (a reload, a second tab) does not start the cycle again.
    const again = await join();
    expect(await spin(again.socket, 'after-reload')).toMatchObject({ type: 'error', code: FloorCode.spinTooSoon });
    // Nor does another machine: cash out, sit down at machine 2, pay in, spin.
    again.socket.send({ type: 'cashout', requestId: 'out' });
    await again.socket.closed;
    const other = await machineSocket(t.url, token);
    other.send({ type: 'init', machineID: 2, token });
    await other.next('joined');
    expect(await ask(other, { type: 'transfer', amount: 5000 }, 'fund-2')).toMatchObject({ type: 'ack' });
    expect(await spin(other, 'elsewhere')).toMatchObject({ type: 'error', code: FloorCode.spinTooSoon });
    t.clock.now += JURISDICTIONS.uk.minSpinMs * SCALE;
    expect(await spin(other, 'elsewhere-later')).toMatchObject({ type: 'ack' });
    await stopped(other);
    other.send({ type: 'cashout', requestId: 'out-2' });
    await other.closed;
  });

  it('uk and de: autoplay is refused with 60019 and stays off', async () => {
    for (const jurisdiction of ['uk', 'de'] as const) {
      await setJurisdiction(jurisdiction);
      const { socket } = await join();
      expect(await ask(socket, { type: 'autoplay', on: true }, `auto-${jurisdiction}`)).toMatchObject({ type: 'error', code: FloorCode.autoplayNotAllowed });
      expect(t.sim.floor.machine(MACHINE)!.state().autoplay).toBe(false);
      expect(socket.frames.some((f) => f.type === 'spinStart')).toBe(false);
      socket.close();
      await socket.closed;
    }
  });

  it('a running autoplay stops after its spin when the operator moves to a jurisdiction that bans it', async () => {
    const { socket } = await join();
    await fund(socket);
    expect(await ask(socket, { type: 'autoplay', on: true }, 'auto')).toMatchObject({ type: 'ack' });
    await socket.next('spinStart');
    await setJurisdiction('uk');
    // Past the UK's cycle: only the ban, not the cycle, can stop the next spin.
    t.clock.now += 60_000;
    await socket.next('state', (s) => !s.state.autoplay);
    expect(socket.frames.some((f) => f.type === 'error')).toBe(false);
    const spins = socket.frames.filter((f) => f.type === 'spinStart').length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.frames.filter((f) => f.type === 'spinStart').length).toBe(spins);
  });

  it('de: the opening bet and Max bet stay within 1.00, Bet up above it is refused with 60018', async () => {
    await setJurisdiction('de');
    const { socket, joined } = await join();
    expect(joined.rules).toMatchObject({ jurisdiction: 'de', maxStake: 100, panicButton: true });
    expect(joined.state.bet).toBeLessThanOrEqual(100);
    expect(await ask(socket, { type: 'button', button: 'maxBet' }, 'max')).toMatchObject({ type: 'ack' });
    expect(lastState(socket)).toMatchObject({ bet: 100 });
    const up = await ask(socket, { type: 'button', button: 'betUp' }, 'up');
    expect(up).toMatchObject({ type: 'error', code: FloorCode.stakeAboveMax, Params: { max_stake: 100 } });
    expect(t.sim.floor.machine(MACHINE)!.state().bet).toBe(100);
  });

  it('de: a bet above 1.00 left from before is refused at the spin with 60018, and no money moves', async () => {
    const { socket } = await join();
    await fund(socket);
    expect(await ask(socket, { type: 'button', button: 'maxBet' }, 'max')).toMatchObject({ type: 'ack' });
    expect(lastState(socket).bet).toBeGreaterThan(100);
    await setJurisdiction('de');
    const credits = t.sim.floor.machine(MACHINE)!.state().credits;
    expect(await spin(socket, 'big')).toMatchObject({ type: 'error', code: FloorCode.stakeAboveMax, Params: { max_stake: 100 } });
    expect(t.sim.floor.machine(MACHINE)!.state().credits).toBe(credits);
    // Max bet brings it back within the stake, and the spin is taken.
    expect(await ask(socket, { type: 'button', button: 'maxBet' }, 'max-de')).toMatchObject({ type: 'ack' });
    expect(await spin(socket, 'capped')).toMatchObject({ type: 'ack' });
    expect(socket.frames.findLast((f) => f.type === 'spinStart')!.spin.bet).toBe(100);
  });

  it('de: a machine whose smallest bet is above 1.00 cannot be joined (60018 with its minimum), and nothing is reserved', async () => {
    await setJurisdiction('de');
    const expensive = t.sim.floor.context.machines.all().find((machine) => machine.minBet > 100 && machine.occupantId === null)!;
    const socket = await machineSocket(t.url, token);
    socket.send({ type: 'init', machineID: expensive.id, token });
    expect(await socket.next('error')).toMatchObject({ code: FloorCode.stakeAboveMax, Params: { max_stake: 100, min_bet: expensive.minBet } });
    expect((await socket.closed).code).toBe(4004);
    expect(t.sim.floor.machine(expensive.id)!.occupantId).toBeNull();
  });
});
