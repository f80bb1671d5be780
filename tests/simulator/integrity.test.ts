import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { FloorCode, SESSION_ENDED_CLOSE } from '../../protocol/sockets.ts';
import { call, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket, notificationSocket } from './sockets.ts';

/**
 * Money and session integrity, as an attacker would try it on the wire: request ids reused
 * across operations, a socket that outlives its login session, two joins on one socket.
 */

const SCALE = 0.01;
const DEMO = 1;

let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator({ now: Date.now, timerScale: SCALE, rngSeed: 'integrity-tests' });
  token = await loginToken(t);
});
afterEach(async () => {
  expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  await t.close();
});

const ledger = () => t.sim.floor.context.ledger;

async function joined(machineId: number, withToken = token) {
  const socket = await machineSocket(t.url, withToken);
  socket.send({ type: 'init', machineID: machineId, token: withToken });
  await socket.next('joined');
  return socket;
}

describe('request ids are scoped to the operation and the session', () => {
  it('a cashout that reuses a transfer id still pays every credit back before the machine is freed', async () => {
    const socket = await joined(1);
    socket.send({ type: 'transfer', amount: 500, requestId: 'r1' });
    await socket.next('ack', (a) => a.requestId === 'r1');
    socket.send({ type: 'cashout', requestId: 'r1' });
    expect((await socket.closed).code).toBe(1000);
    expect(ledger().credits(1)).toBe(0);
    expect(ledger().balance(DEMO)).toBe(100_000);
    expect(t.sim.floor.machine(1)?.status).toBe('free');
  });

  it('a true duplicate answers the first result without moving money again', async () => {
    const socket = await joined(1);
    socket.send({ type: 'transfer', amount: 500, requestId: 'same' });
    socket.send({ type: 'transfer', amount: 500, requestId: 'same' });
    expect((await socket.next('ack')).duplicate).toBeUndefined();
    expect((await socket.next('ack')).duplicate).toBe(true);
    expect(ledger().credits(1)).toBe(500);
    expect(ledger().balance(DEMO)).toBe(99_500);
  });

  it('an id reused for a different transfer is refused with 60015 and moves nothing', async () => {
    const socket = await joined(1);
    socket.send({ type: 'transfer', amount: 500, requestId: 'x' });
    await socket.next('ack');
    socket.send({ type: 'transfer', amount: 5000, requestId: 'x' });
    const error = await socket.next('error');
    expect(error).toMatchObject({ code: FloorCode.requestIdReused, requestId: 'x' });
    expect(ledger().credits(1)).toBe(500);
  });

  it('a duplicate spin id spins once', async () => {
    const socket = await joined(1);
    socket.send({ type: 'transfer', amount: 500, requestId: 't' });
    await socket.next('ack');
    socket.send({ type: 'button', button: 'spin', requestId: 's1' });
    socket.send({ type: 'button', button: 'spin', requestId: 's1' });
    await socket.next('ack', (a) => a.requestId === 's1' && a.duplicate === undefined);
    await socket.next('ack', (a) => a.requestId === 's1' && a.duplicate === true);
    expect(socket.frames.filter((f) => f.type === 'spinStart')).toHaveLength(1);
    // One outcome, at the stop.
    await socket.next('spin');
    expect(socket.frames.filter((f) => f.type === 'spin')).toHaveLength(1);
  });

  it('the same id in a later session is a new request', async () => {
    const first = await joined(1);
    first.send({ type: 'transfer', amount: 500, requestId: 'again' });
    await first.next('ack');
    first.send({ type: 'cashout', requestId: 'out' });
    await first.closed;
    const second = await joined(1);
    second.send({ type: 'transfer', amount: 500, requestId: 'again' });
    expect((await second.next('ack')).duplicate).toBeUndefined();
    expect(ledger().credits(1)).toBe(500);
  });
});

describe('a session is one thing everywhere', () => {
  async function bothSockets() {
    const machine = await joined(1);
    const notes = await notificationSocket(t.url, token);
    notes.send({ type: 'init', id: DEMO });
    await notes.next('ready');
    return { machine, notes };
  }

  it('logout closes the machine and notification sockets with the code, and a frame sent after it moves nothing', async () => {
    const { machine, notes } = await bothSockets();
    const logout = await call(`${t.url}/api/player/logout`, { method: 'POST', token });
    expect(logout.status).toBe(200);
    machine.send({ type: 'transfer', amount: 500, requestId: 'late' });
    machine.send({ type: 'button', button: 'spin' });
    expect(await machine.closed).toEqual({ code: SESSION_ENDED_CLOSE, reason: String(ErrorCode.sessionTerminated) });
    expect(await notes.closed).toEqual({ code: SESSION_ENDED_CLOSE, reason: String(ErrorCode.sessionTerminated) });
    expect(machine.frames.some((f) => f.type === 'ack')).toBe(false);
    expect(ledger().credits(1)).toBe(0);
    expect(ledger().balance(DEMO)).toBe(100_000);
    // The machine waits for the player's return, with a reservation that will free it.
    await vi.waitFor(() => expect(t.sim.floor.machine(1)?.status).toBe('waiting'));
    expect(t.sim.floor.machine(1)?.record.reservedUntil).not.toBeNull();
  });

  it('a login elsewhere ends the older session: 10706 on its sockets, 401 on its token', async () => {
    const { machine, notes } = await bothSockets();
    await loginToken(t);
    expect((await machine.closed).reason).toBe(String(ErrorCode.loggedInElsewhere));
    expect((await notes.closed).reason).toBe(String(ErrorCode.loggedInElsewhere));
    const answer = await call(`${t.url}/api/player/balance`, { token });
    expect(answer.status).toBe(401);
  });

  it('a ban and an operator kick close the sockets with 10704 and 10707', async () => {
    const { machine, notes } = await bothSockets();
    const ban = await call(`${t.url}/sim/ban`, { method: 'POST', body: { username: 'demo', banned: true } });
    expect(ban.status).toBe(200);
    expect((await machine.closed).reason).toBe(String(ErrorCode.banned));
    expect((await notes.closed).reason).toBe(String(ErrorCode.banned));
    await call(`${t.url}/sim/ban`, { method: 'POST', body: { username: 'demo', banned: false } });

    token = await loginToken(t);
    const again = await bothSockets();
    const kick = await call(`${t.url}/sim/end-session`, { method: 'POST', body: { username: 'demo' } });
    expect(kick.status).toBe(200);
    expect((await again.machine.closed).reason).toBe(String(ErrorCode.sessionEndedByOperator));
    expect((await again.notes.closed).reason).toBe(String(ErrorCode.sessionEndedByOperator));
  });

  it('a socket opened after its login ended closes as the live ones did: error and 4401 with the reason, 10704 after a ban', async () => {
    await call(`${t.url}/sim/ban`, { method: 'POST', body: { username: 'demo', banned: true } });
    const notes = await notificationSocket(t.url, token);
    expect(await notes.closed).toEqual({ code: SESSION_ENDED_CLOSE, reason: String(ErrorCode.banned) });
    expect(notes.frames).toContainEqual(expect.objectContaining({ type: 'error', code: ErrorCode.banned }));
    await call(`${t.url}/sim/ban`, { method: 'POST', body: { username: 'demo', banned: false } });
    // A login that logged out: 50100.
    const next = await loginToken(t);
    await call(`${t.url}/api/player/logout`, { method: 'POST', token: next });
    const late = await notificationSocket(t.url, next);
    expect(await late.closed).toEqual({ code: SESSION_ENDED_CLOSE, reason: String(ErrorCode.sessionTerminated) });
  });

  it("an ended login ends its machine sockets before its notification sockets, so a game hears why it ends before its page logs out", async () => {
    // As a page opens them: the notification socket at login, the machine socket when a game starts.
    const notes = await notificationSocket(t.url, token);
    notes.send({ type: 'init', id: DEMO });
    await notes.next('ready');
    const machine = await joined(1);
    // Each is told why (the error frame) right before its close: the order they are told in.
    const order: string[] = [];
    const ended = ErrorCode.sessionEndedByOperator;
    const both = Promise.all([
      machine.next('error', (frame) => frame.code === ended).then(() => order.push('machine')),
      notes.next('error', (frame) => frame.code === ended).then(() => order.push('notification')),
    ]);
    await call(`${t.url}/sim/end-session`, { method: 'POST', body: { username: 'demo' } });
    await both;
    expect(order).toEqual(['machine', 'notification']);
  });

  it('token expiry closes open sockets within a second', async () => {
    const clock = { now: Date.now() };
    await t.close();
    // Real floor timers (reservation 120 s, idle 180 s): only the token's 60 s may run out.
    t = await startTestSimulator({ now: () => clock.now, jwtTtlSeconds: 60 });
    token = await loginToken(t);
    const { machine, notes } = await bothSockets();
    clock.now += 61_000;
    const started = Date.now();
    expect((await machine.closed).code).toBe(SESSION_ENDED_CLOSE);
    expect((await notes.closed).code).toBe(SESSION_ENDED_CLOSE);
    expect(Date.now() - started).toBeLessThan(1000);
    clock.now += 10 * 60_000; // the reservation lapses: the floor cashes out
    t.sim.floor.tick();
  });
});

describe('one socket, one machine', () => {
  it('two init frames back to back: one joins, the other is refused with 60009, and closing frees nothing but the reservation', async () => {
    const socket = await machineSocket(t.url, token);
    socket.send({ type: 'init', machineID: 2, token });
    socket.send({ type: 'init', machineID: 5, token });
    const error = await socket.next('error');
    expect(error.code).toBe(FloorCode.alreadyJoined);
    await socket.next('joined');
    const held = [2, 5].filter((id) => t.sim.floor.machine(id)?.occupantId === DEMO);
    expect(held).toHaveLength(1);
    socket.close();
    await socket.closed;
    await vi.waitFor(() => expect(t.sim.floor.machine(held[0]!)?.status).toBe('waiting'));
    expect(t.sim.floor.machine(held[0]!)?.record.reservedUntil).not.toBeNull();
    expect(t.sim.floor.machine(held[0] === 2 ? 5 : 2)?.occupantId).toBeNull();
  });

  it('one player on two sockets cannot hold two machines', async () => {
    const a = await machineSocket(t.url, token);
    const b = await machineSocket(t.url, token);
    a.send({ type: 'init', machineID: 2, token });
    b.send({ type: 'init', machineID: 5, token });
    const outcomes = await Promise.all([a, b].map((s) => Promise.race([s.next('joined').then(() => 'joined'), s.next('error').then((e) => e.code)])));
    expect(outcomes.sort()).toEqual([FloorCode.alreadyJoined, 'joined'].sort());
    expect(t.sim.floor.sessionsOf(DEMO)).toHaveLength(1);
  });

  it('a socket closed as its join arrives leaves no machine taken without the player and a timer', async () => {
    const socket = await machineSocket(t.url, token);
    socket.send({ type: 'init', machineID: 2, token });
    socket.ws.terminate();
    await socket.closed;
    await new Promise((r) => setTimeout(r, 100));
    // The token check is synchronous now, so the join may land before the close is seen: then
    // the machine is reserved for this player (a drop), with the timer that frees it; otherwise
    // it is free. Never taken by nobody, never held without a timer.
    const machine = t.sim.floor.machine(2)!;
    if (machine.occupantId === null) expect(machine.status).toBe('free');
    else {
      expect(machine.occupantId).toBe(t.sim.store.playerByUsername('demo')!.id);
      expect(machine.status).toBe('waiting');
      expect(machine.record.reservedUntil).not.toBeNull();
    }
    expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  });
});

describe('the video goes with the player', () => {
  it('a cashout, a logout and a drop each close the viewers of the machine the player leaves', async () => {
    const endVideo = vi.spyOn(t.sim.video, 'endVideo');
    const first = await joined(1);
    first.send({ type: 'cashout', requestId: 'out' });
    await first.closed;
    expect(endVideo).toHaveBeenCalledWith('1');

    endVideo.mockClear();
    const second = await joined(2);
    await call(`${t.url}/api/player/logout`, { method: 'POST', token });
    await second.closed;
    await vi.waitFor(() => expect(endVideo).toHaveBeenCalledWith('2'));
    expect(endVideo.mock.calls.every(([id]) => id === '2')).toBe(true);
  });
});

describe('no machine is held without a player or a timer that frees it', () => {
  it('after a restart, a machine whose player was connected is reserved, and its credits come back when the reservation lapses', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelside-restart-'));
    try {
      const clock = { now: Date.now() };
      const first = await startTestSimulator({ memory: false, dataDir, now: () => clock.now, rngSeed: 'restart' });
      const firstToken = await loginToken(first);
      const socket = await machineSocket(first.url, firstToken);
      socket.send({ type: 'init', machineID: 1, token: firstToken });
      await socket.next('joined');
      socket.send({ type: 'transfer', amount: 5000, requestId: 'in' });
      await socket.next('ack');
      // The process goes away with the player still on the machine (as a crash would leave it).
      await first.close();

      const second = await startTestSimulator({ memory: false, dataDir, now: () => clock.now, rngSeed: 'restart' });
      try {
        const machine = second.sim.floor.machine(1)!;
        expect(machine.occupantId).toBe(DEMO);
        expect(machine.status).toBe('waiting');
        expect(machine.record.reservedUntil).toBe(clock.now + 120_000);
        clock.now += 120_000;
        second.sim.floor.tick();
        expect(machine.status).toBe('free');
        expect(second.sim.floor.context.ledger.credits(1)).toBe(0);
        expect(second.sim.floor.context.ledger.balance(DEMO)).toBe(100_000);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a session survives its machine going out of service', () => {
  it('malfunction: the player is sent back (quit outOfService, 4005) with the credits kept; no one plays it; a cancel pays back and the machine stays out of service', async () => {
    const notes = await notificationSocket(t.url, token);
    notes.send({ type: 'init', id: DEMO });
    await notes.next('ready');
    const socket = await joined(1);
    socket.send({ type: 'transfer', amount: 5000, requestId: 'in' });
    await socket.next('ack');

    const forced = await call(`${t.url}/sim/machine-status`, { body: { machineId: 1, status: 'malfunction' } });
    expect(forced.status).toBe(200);
    expect((await socket.next('quit')).reason).toBe('outOfService');
    expect((await socket.closed).code).toBe(4005);
    await notes.next('session', (s) => s.session.id === 1 && s.session.status === 'open' && s.session.machine_status === 'malfunction');
    const machine = t.sim.floor.machine(1)!;
    expect(machine.occupantId).toBe(DEMO);
    expect(machine.status).toBe('malfunction');
    expect(ledger().credits(1)).toBe(5000);

    // Continue is refused while it is out of service.
    const again = await machineSocket(t.url, token);
    again.send({ type: 'init', machineID: 1, token });
    expect((await again.next('error')).code).toBe(FloorCode.machineUnavailable);

    const cancel = await call(`${t.url}/api/player/cancel`, { body: { machineId: 1 }, token });
    expect(cancel.status).toBe(200);
    expect(ledger().balance(DEMO)).toBe(100_000);
    expect(machine.occupantId).toBeNull();
    expect(machine.status).toBe('malfunction');
  });
});
