import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import type { NotificationServerMessage } from '../../protocol/sockets.ts';
import { HELD_FRAMES } from '../../simulator/floor/sockets.ts';
import { FAIR_SHARE } from '../../simulator/limits/policy.ts';
import { call, errorOf, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { notificationSocket, type SocketClient } from './sockets.ts';

/**
 * Issue 21: the control API's per-frame network faults. POST /sim/link delays and loses frames on a
 * player's sockets without closing them; POST /sim/silence holds them, within a cap.
 */

let t: TestSimulator;
let token: string;
beforeAll(async () => {
  t = await startTestSimulator({ now: Date.now, timerScale: 0.01, rngSeed: 'link-faults' });
  token = await loginToken(t);
});
afterAll(async () => {
  await t.close();
});
// One simulator for the file: each test's faults are replaced by 1 ms ones when it ends.
afterEach(async () => {
  await link({ dropEvery: 1000, ms: 1 });
  await silence(1);
  await sleep(5);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const link = (body: Record<string, unknown>) => call(`${t.url}/sim/link`, { body: { username: 'demo', ...body } });
const silence = (ms: number) => call(`${t.url}/sim/silence`, { body: { username: 'demo', ms } });
type Frame = NotificationServerMessage;
/** The frame's kind, and an error frame's text: enough to tell the answers below apart. */
const label = (f: Frame) => (f.type === 'error' ? `error: ${f.ErrorMessage}` : f.type);
/** Waits for `n` frames after the first `from`, then a little more, and returns those that came. */
async function framesAfter(socket: SocketClient<Frame>, from: number, n: number, settleMs = 150): Promise<string[]> {
  await expect.poll(() => socket.frames.length - from, { timeout: 3000 }).toBeGreaterThanOrEqual(n);
  await sleep(settleMs);
  return socket.frames.slice(from).map(label);
}
/** Resolves with the close code if the socket closes within `ms`, else null. */
const closedWithin = (socket: SocketClient<Frame>, ms: number) =>
  Promise.race([socket.closed.then((c) => c.code), sleep(ms).then(() => null)]);

describe('POST /sim/link', () => {
  it('delays every frame both ways by delayMs, in order, and answers {affected}', async () => {
    const socket = await notificationSocket(t.url, token);
    const DELAY = 150;
    expect((await link({ delayMs: DELAY, ms: 5000 })).body).toEqual({ affected: 1 });
    const sent = performance.now();
    socket.send({ type: 'ping' });
    socket.sendRaw('not json');
    socket.send({ type: 'ping' });
    socket.send({ type: 'nonsense' });
    const arrived: number[] = [];
    socket.ws.on('message', () => arrived.push(performance.now()));
    expect(await framesAfter(socket, 0, 4)).toEqual(['pong', 'error: frames are JSON objects', 'pong', 'error: unknown or malformed message']);
    // Delayed on the way in and again on the way out (the error answers of malformed frames too).
    for (const at of arrived) expect(at - sent).toBeGreaterThanOrEqual(2 * DELAY);
    socket.close();
  });

  it('a frame never overtakes an earlier one, even when a shorter delay replaces the link fault', async () => {
    const socket = await notificationSocket(t.url, token);
    await link({ delayMs: 300, ms: 5000 });
    socket.send({ type: 'ping' });
    await sleep(20);
    await link({ delayMs: 1, ms: 5000 });
    socket.sendRaw('not json');
    expect(await framesAfter(socket, 0, 2)).toEqual(['pong', 'error: frames are JSON objects']);
    socket.close();
  });

  it('dropEvery: 2 loses every second frame each way; the socket stays open', async () => {
    const socket = await notificationSocket(t.url, token);
    await link({ dropEvery: 2, ms: 5000 });
    // In: pings 2, 4 and 6 are lost; out: the second of the three pongs is.
    for (let i = 0; i < 6; i++) socket.send({ type: 'ping' });
    expect(await framesAfter(socket, 0, 2, 300)).toEqual(['pong', 'pong']);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    // The error answers of malformed frames are frames like any other: of 4, 2 are read, 1 arrives.
    for (let i = 0; i < 4; i++) socket.sendRaw('not json');
    expect(await framesAfter(socket, 2, 1, 300)).toEqual(['error: frames are JSON objects']);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.close();
  });

  it('ends after ms; what it delayed still arrives, and nothing overtakes it', async () => {
    const socket = await notificationSocket(t.url, token);
    const DELAY = 400;
    await link({ delayMs: DELAY, dropEvery: 2, ms: 150 });
    const arrived: number[] = [];
    socket.ws.on('message', () => arrived.push(performance.now()));
    const sent = performance.now();
    socket.send({ type: 'ping' });
    await sleep(250);
    // The fault is over: none of these is lost, and they wait behind the delayed ping.
    for (let i = 0; i < 4; i++) socket.sendRaw('not json');
    expect(await framesAfter(socket, 0, 5)).toEqual(['pong', ...Array<string>(4).fill('error: frames are JSON objects')]);
    expect(arrived[0]! - sent).toBeGreaterThanOrEqual(DELAY);
    // And the link is fast again.
    const again = performance.now();
    socket.send({ type: 'ping' });
    await socket.next('pong');
    expect(performance.now() - again).toBeLessThan(DELAY);
    socket.close();
  });

  it('answers 400 with what is wrong for a bad payload, 404 for an unknown player', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp?]> = [
      [{ ms: 1000 }, '', /needs delayMs or dropEvery/],
      [{ delayMs: 0, ms: 1000 }, '', /needs delayMs or dropEvery/],
      [{ dropEvery: 1, ms: 1000 }, 'dropEvery'],
      [{ dropEvery: 2.5, ms: 1000 }, 'dropEvery'],
      [{ delayMs: 10_001, ms: 1000 }, 'delayMs'],
      [{ delayMs: -1, ms: 1000 }, 'delayMs'],
      [{ delayMs: 100 }, 'ms'],
      [{ delayMs: 100, ms: 0 }, 'ms'],
      [{ delayMs: 100, ms: 120_001 }, 'ms'],
      [{ delayMs: 100, ms: 1000, username: '' }, 'username'],
      [{ delay: 100, ms: 1000 }, ''],
    ];
    for (const [body, path, message] of cases) {
      const answer = await link(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const error = errorOf(answer);
      expect(error.code).toBe(ErrorCode.invalidRequest);
      const issues = error.Params.issues as Array<{ path: string; message: string }>;
      expect(issues.map((i) => i.path), JSON.stringify(body)).toContain(path);
      if (message) expect(issues.map((i) => i.message).join('\n')).toMatch(message);
    }
    const unknown = await call(`${t.url}/sim/link`, { body: { username: 'nobody-here', delayMs: 100, ms: 1000 } });
    expect(unknown.status).toBe(404);
    // A player without sockets: nothing affected.
    const other = await call(`${t.url}/sim/link`, { body: { username: 'player2', delayMs: 100, ms: 1 } });
    expect(other.body).toEqual({ affected: 0 });
  });
});

describe('POST /sim/silence', () => {
  it("holds a malformed frame's error answer until the silence is over", async () => {
    const socket = await notificationSocket(t.url, token);
    await silence(400);
    socket.sendRaw('not json');
    await sleep(300);
    expect(socket.frames).toEqual([]);
    expect((await socket.next('error')).ErrorMessage).toBe('frames are JSON objects');
    socket.close();
  });

  it('cuts a socket whose held frames from the client pass the cap (bytes), as a socket that does not read', async () => {
    const socket = await notificationSocket(t.url, token);
    await silence(3000);
    const frame = 'x'.repeat(15_000);
    expect(frame.length).toBeLessThan(FAIR_SHARE.frameBytes);
    for (let i = 0; i * frame.length <= FAIR_SHARE.bufferedBytes + frame.length; i++) socket.sendRaw(frame);
    // Cut (1006) at once, not answered (or refused with 1008) when the silence ends.
    expect(await closedWithin(socket, 1500)).toBe(1006);
  });

  it('cuts a socket whose held frames from the client pass the cap (count)', async () => {
    const socket = await notificationSocket(t.url, token);
    await silence(3000);
    for (let i = 0; i <= HELD_FRAMES; i++) socket.sendRaw('{}');
    expect(await closedWithin(socket, 1500)).toBe(1006);
  });

  it('cuts a socket whose held frames to the client pass the cap', async () => {
    const socket = await notificationSocket(t.url, token);
    const player = t.sim.store.playerByUsername('demo')!;
    socket.send({ type: 'init', id: player.id });
    await socket.next('ready');
    await silence(3000);
    const info = { code: 70000, params: {}, message: 'x'.repeat(15_000), action: 'none' } as const;
    for (let i = 0; i * info.message.length <= FAIR_SHARE.bufferedBytes + info.message.length; i++) {
      t.sim.floor.context.hub.toPlayer(player.id, { type: 'info', info });
    }
    expect(await closedWithin(socket, 1500)).toBe(1006);
  });

  it('below the cap, what was held arrives after the silence, in order', async () => {
    const socket = await notificationSocket(t.url, token);
    await silence(300);
    socket.send({ type: 'ping' });
    socket.sendRaw('not json');
    socket.send({ type: 'ping' });
    expect(await framesAfter(socket, 0, 3)).toEqual(['pong', 'error: frames are JSON objects', 'pong']);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.close();
  });
});
