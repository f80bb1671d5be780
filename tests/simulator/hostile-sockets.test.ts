import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { POLICY_CLOSE } from '../../simulator/floor/sockets.ts';
import { FAIR_SHARE } from '../../simulator/limits/policy.ts';
import { call, loginToken, startTestSimulator, type TestSimulator } from './helpers.ts';
import { machineSocket, notificationSocket } from './sockets.ts';

/**
 * Issue 20 (1, 5): nothing one client sends over a WebSocket may end the process or starve the
 * others. The simulator runs in this test's process, so a frame that made `ws` emit an 'error'
 * nobody listened for would end the run itself.
 */

let t: TestSimulator;
let token: string;
beforeAll(async () => {
  t = await startTestSimulator({ now: Date.now, timerScale: 0.01, rngSeed: 'hostile' });
  token = await loginToken(t, 'player2', 'player2pass');
});
afterAll(async () => {
  expect(t.sim.floor.context.ledger.auditPlayers()).toEqual([]);
  await t.close();
});

/** One client frame, masked as a client's must be (unless `masked` is false). */
function frame(opcode: number, payload: Buffer, options: { masked?: boolean; announce?: number; fin?: boolean } = {}): Buffer {
  const { masked = true, fin = true } = options;
  const length = options.announce ?? payload.length;
  const head: number[] = [(fin ? 0x80 : 0) | opcode];
  const mask = masked ? 0x80 : 0;
  if (length < 126) head.push(mask | length);
  else if (length < 65536) head.push(mask | 126, length >> 8, length & 0xff);
  else {
    head.push(mask | 127);
    const big = Buffer.alloc(8);
    big.writeBigUInt64BE(BigInt(length));
    head.push(...big);
  }
  if (!masked) return Buffer.concat([Buffer.from(head), payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload.map((byte, i) => byte ^ key[i % 4]!));
  return Buffer.concat([Buffer.from(head), key, body]);
}

interface RawOutcome {
  /** The HTTP status line's code (101 when upgraded). */
  status: number;
  /** The code of the server's close frame, if one came. */
  closeCode: number | null;
}

/**
 * Upgrades `path` and, in the same packet, sends `bytes`; resolves once the server has closed
 * the connection (or after `waitMs`, with what came).
 */
function rawUpgrade(path: string, bytes: Buffer, waitMs = 3000): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket: Socket = connect(t.sim.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(readOutcome(Buffer.concat(chunks)));
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', finish);
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      const request = [
        `GET ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${t.sim.port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n');
      socket.write(Buffer.concat([Buffer.from(request), bytes]));
    });
  });
}

function readOutcome(all: Buffer): RawOutcome {
  const end = all.indexOf('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(all.toString('latin1'))?.[1] ?? 0);
  if (end < 0) return { status, closeCode: null };
  let rest = all.subarray(end + 4);
  // Server frames are unmasked: walk them to the close frame (opcode 8).
  while (rest.length >= 2) {
    const opcode = rest[0]! & 0x0f;
    let length = rest[1]! & 0x7f;
    let offset = 2;
    if (length === 126) {
      length = rest.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      length = Number(rest.readBigUInt64BE(2));
      offset = 10;
    }
    if (opcode === 8) return { status, closeCode: length >= 2 ? rest.readUInt16BE(offset) : null };
    rest = rest.subarray(offset + length);
  }
  return { status, closeCode: null };
}

/** The machine player2 holds (the seed may have left them one), else a free one. */
function heldOrFree(): number {
  const playerId = t.sim.store.playerByUsername('player2')!.id;
  return t.sim.floor.sessionsOf(playerId)[0]?.id ?? 1;
}

async function stillServing(): Promise<void> {
  const answer = await call(`${t.url}/Settings.json`);
  expect(answer.status).toBe(200);
}

const text = (value: string) => Buffer.from(value, 'utf8');
const KNOWN_BAD: Array<{ name: string; bytes: () => Buffer; code: number }> = [
  { name: 'a header announcing 5 MB', bytes: () => frame(1, Buffer.alloc(16), { announce: 5 * 1024 * 1024 }), code: 1009 },
  { name: 'invalid UTF-8 in a text frame', bytes: () => frame(1, Buffer.from([0xc3, 0x28, 0xff, 0xfe])), code: 1007 },
  { name: 'an unmasked frame', bytes: () => frame(1, text('{"type":"ping"}'), { masked: false }), code: 1002 },
  { name: 'reserved opcode 3', bytes: () => frame(3, text('x')), code: 1002 },
  { name: 'a continuation with nothing to continue', bytes: () => frame(0, text('x')), code: 1002 },
  { name: 'a fragmented ping', bytes: () => frame(9, text('x'), { fin: false }), code: 1002 },
];

describe('malformed frames close only their own connection, with the protocol code', () => {
  for (const path of ['/ws/notification', '/ws/machine']) {
    for (const auth of ['no token', 'a bad token', 'a valid token'] as const) {
      for (const bad of KNOWN_BAD) {
        it(`${path} with ${auth}: ${bad.name} → ${bad.code}`, async () => {
          const query = auth === 'no token' ? '' : `?token=${auth === 'a valid token' ? encodeURIComponent(token) : 'not-a-token'}`;
          const outcome = await rawUpgrade(`${path}${query}`, bad.bytes());
          expect(outcome.status).toBe(101);
          // Without a usable token the server may say 4401 first; either way the process lives.
          if (auth === 'a valid token') expect(outcome.closeCode).toBe(bad.code);
          else expect([bad.code, 4401]).toContain(outcome.closeCode);
          await stillServing();
        });
      }
    }
  }

  it('a logged-in client sending 1 MB right after opening is closed with 1009', async () => {
    const socket = await notificationSocket(t.url, token);
    socket.sendRaw('x'.repeat(1024 * 1024));
    expect((await socket.closed).code).toBe(1009);
    await stillServing();
  });

  it('survives random bytes and random frames, before and after the token is checked', async () => {
    const anyFrame = fc.record({
      opcode: fc.integer({ min: 0, max: 15 }),
      payload: fc.uint8Array({ maxLength: 300 }),
      masked: fc.boolean(),
      fin: fc.boolean(),
      announce: fc.option(fc.oneof(fc.integer({ min: 0, max: 70_000 }), fc.constant(2 ** 40)), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/ws/notification', '/ws/machine'),
        fc.boolean(),
        fc.oneof(
          fc.uint8Array({ minLength: 1, maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
          fc.array(anyFrame, { minLength: 1, maxLength: 4 }).map((frames) =>
            Buffer.concat(frames.map((f) => frame(f.opcode, Buffer.from(f.payload), { masked: f.masked, fin: f.fin, announce: f.announce }))),
          ),
        ),
        async (path, withToken, bytes) => {
          const outcome = await rawUpgrade(`${path}${withToken ? `?token=${encodeURIComponent(token)}` : ''}`, bytes, 200);
          expect(outcome.status).toBe(101);
          await stillServing();
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('fair share per socket and per player', () => {
  it('a socket flooding frames is told 10708 and closed with 1008 after its burst; the others are served', async () => {
    const other = await loginToken(t);
    const bystander = await notificationSocket(t.url, other);
    const flooder = await machineSocket(t.url, token);
    flooder.send({ type: 'init', machineID: heldOrFree(), token });
    await flooder.next('joined');
    const flood = JSON.stringify({ type: 'button', button: 'betDown' });
    for (let i = 0; i < 20_000 && flooder.ws.readyState === flooder.ws.OPEN; i++) flooder.sendRaw(flood);
    const closed = await flooder.closed;
    expect(closed).toEqual({ code: POLICY_CLOSE, reason: String(ErrorCode.tooManyRequests) });
    expect(flooder.frames.some((f) => f.type === 'error' && f.code === ErrorCode.tooManyRequests)).toBe(true);
    // Only the burst (and what refilled meanwhile) was run, not the flood.
    const answered = flooder.frames.filter((f) => f.type === 'ack' || (f.type === 'error' && f.code !== ErrorCode.tooManyRequests));
    expect(answered.length).toBeLessThanOrEqual(FAIR_SHARE.socketFrames.burst + 20);
    bystander.send({ type: 'ping' });
    await bystander.next('pong');
    await stillServing();
    bystander.close();
  });

  it('a player opening more sockets of one channel than the fair share loses the oldest (1008)', async () => {
    const sockets = [];
    for (let i = 0; i < FAIR_SHARE.socketsPerPlayer; i++) sockets.push(await notificationSocket(t.url, token));
    const newest = await notificationSocket(t.url, token);
    expect(await sockets[0]!.closed).toEqual({ code: POLICY_CLOSE, reason: String(ErrorCode.tooManyRequests) });
    newest.send({ type: 'ping' });
    await newest.next('pong');
    for (const socket of [...sockets.slice(1), newest]) expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    [...sockets, newest].forEach((socket) => socket.close());
  });

  it('frames of one player over several sockets share one budget', async () => {
    const a = await notificationSocket(t.url, token);
    const b = await notificationSocket(t.url, token);
    const ping = JSON.stringify({ type: 'ping' });
    // Each socket stays under its own burst; together they pass the player's.
    const each = Math.ceil(FAIR_SHARE.playerFrames.burst / 2) + 5;
    expect(each).toBeLessThan(FAIR_SHARE.socketFrames.burst);
    for (let i = 0; i < each; i++) {
      a.sendRaw(ping);
      b.sendRaw(ping);
    }
    const closes = await Promise.race([
      Promise.any([a.closed, b.closed]),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
    ]);
    expect(closes).toEqual({ code: POLICY_CLOSE, reason: String(ErrorCode.tooManyRequests) });
    a.close();
    b.close();
  });
});
