import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket, notificationSocket, wsUrl } from './sockets.ts';

/**
 * Issue 21 (6): a link that goes silent is seen by the server too. Every socket is pinged; one
 * that answers nothing for the cut-off is cut, so autoplay stops and the session is held.
 */

const HEARTBEAT = { pingMs: 100, silentCloseMs: 600 };
let t: TestSimulator;
let token: string;
beforeEach(async () => {
  t = await startTestSimulator({ now: Date.now, timerScale: 0.01, rngSeed: 'heartbeat', socketHeartbeat: HEARTBEAT });
  token = await loginToken(t);
});
afterEach(async () => {
  expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  await t.close();
});

describe('the sockets heartbeat', () => {
  it('a client that answers nothing (no pongs, no frames) is cut; its autoplay stops and the machine is held with its credits', async () => {
    // A client whose link died: it does not even answer the protocol's pings.
    const ws = new WebSocket(wsUrl(t.url, '/ws/machine', token), { autoPong: false });
    const frames: Array<{ type: string }> = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as { type: string }));
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ type: 'init', machineID: 1, token }));
    await expect.poll(() => frames.some((f) => f.type === 'joined')).toBe(true);
    ws.send(JSON.stringify({ type: 'transfer', amount: 5000, requestId: 'in' }));
    ws.send(JSON.stringify({ type: 'autoplay', on: true, requestId: 'auto' }));
    await expect.poll(() => t.sim.floor.machine(1)?.state().autoplay).toBe(true);
    // 1006: cut, not closed — the server did not wait for a dead peer's handshake.
    expect(await closed).toBe(1006);
    await expect.poll(() => t.sim.floor.machine(1)!.status).toBe('waiting');
    const machine = t.sim.floor.machine(1)!;
    expect(machine.state().autoplay).toBe(false);
    // A spin already turning when the link was cut still lands (its win is paid); none follows it.
    await expect.poll(() => machine.screen().spinning).toBeNull();
    const credits = machine.state().credits;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.sim.floor.machine(1)!.state().credits).toBe(credits);
  });

  it('a client that answers pings keeps its socket however quiet it is', async () => {
    const socket = await notificationSocket(t.url, token);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT.silentCloseMs * 2));
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.close();
  });

  it('/sim/silence: nothing gets through for its time; what was sent meanwhile arrives after it, as on a stalled link', async () => {
    const socket = await machineSocket(t.url, token);
    socket.send({ type: 'ping' });
    await socket.next('pong');
    await call(`${t.url}/sim/silence`, { body: { username: 'demo', ms: 400 } });
    const heard = socket.frames.length;
    socket.send({ type: 'ping' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.frames.slice(heard)).toEqual([]);
    // The held ping is answered once the silence is over.
    await socket.next('pong');
    socket.close();
  });

  it('/sim/hold: the next join is answered late while the link stays alive (pings answered meanwhile); the one after it at once', async () => {
    await call(`${t.url}/sim/hold`, { body: { username: 'demo', request: 'init', ms: 500 } });
    const socket = await machineSocket(t.url, token);
    const started = performance.now();
    socket.send({ type: 'init', machineID: 1, token });
    socket.send({ type: 'ping' });
    await socket.next('pong');
    // The ping went by the held join.
    expect(socket.frames.some((frame) => frame.type === 'joined')).toBe(false);
    await socket.next('joined');
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
    socket.close();
    await expect.poll(() => t.sim.floor.machine(1)!.status).toBe('waiting');
    const again = await machineSocket(t.url, token);
    const quick = performance.now();
    again.send({ type: 'init', machineID: 1, token });
    await again.next('joined');
    expect(performance.now() - quick).toBeLessThan(490);
    again.close();
  });

  it('/sim/hold: a join held past its socket is dropped with it (nothing joins a closed socket)', async () => {
    await call(`${t.url}/sim/hold`, { body: { username: 'demo', request: 'init', ms: 300 } });
    const socket = await machineSocket(t.url, token);
    socket.send({ type: 'init', machineID: 1, token });
    socket.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(t.sim.floor.machine(1)!.status).toBe('free');
  });
});
