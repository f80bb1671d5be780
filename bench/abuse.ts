/**
 * The abuse figure of `npm run bench` (issue 20, DESIGN §7: honest players' p95 round trip
 * ≤ 50 ms while one client floods). The simulator runs in a child process of its own, as an
 * operator runs it; 20 honest players, each from its own loopback address, time a REST call
 * (GET /api/player/balance) and a socket round trip (ping → pong on the notification socket)
 * every 100 ms — first alone, then while one client (a worker thread) floods machine-socket
 * frames, logins, or WHEP offers. Budget per flood: p95 ≤ 2× alone and ≤ 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import type { FloodKind, FloodReport } from './abuseFlood.ts';
import { percentile } from './inputLatency.ts';

const HONEST = 20;
const PERIOD_MS = 100;

export interface AbuseWindow {
  name: 'alone' | FloodKind;
  restP95: number;
  socketP95: number;
  samples: number;
  /** Honest calls that failed (a refused or lost call is worse than a slow one). */
  failures: number;
  flood?: FloodReport;
}

interface Honest {
  token: string;
  address: string;
  socket: WebSocket;
}

function startSimulator(dist: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['simulator/main.ts', '--memory', '--port', '0', '--host', '127.0.0.1', '--static', dist, '--seed', 'abuse-bench'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const port = /http:\/\/localhost:(\d+)\//.exec(out)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child });
    });
    child.on('exit', (code) => reject(new Error(`the simulator exited (${code}) before it listened`)));
  });
}

function json(url: string, path: string, init: { body?: unknown; token?: string; from?: string }): Promise<{ status: number; body: unknown }> {
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        method: payload === undefined ? 'GET' : 'POST',
        ...(init.from ? { localAddress: init.from } : {}),
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function login(url: string, username: string, password: string, from?: string): Promise<string> {
  const answer = await json(url, '/api/login', { body: { username, password, site_id: 0 }, ...(from ? { from } : {}) });
  if (answer.status !== 200) throw new Error(`login of ${username} answered ${answer.status}`);
  return (answer.body as { token: string }).token;
}

/** A registered player of its own address, logged in, with its notification socket open. */
async function honestPlayer(url: string, i: number): Promise<Honest> {
  const address = `127.0.1.${i + 1}`;
  const username = `honest${i}`;
  const registered = await json(url, '/api/auth/register', {
    from: address,
    body: { username, password: 'honest-password', email: `${username}@example.com`, name: 'Honest', lastname: `Player ${i}` },
  });
  if (registered.status !== 200) throw new Error(`register of ${username} answered ${registered.status}`);
  const token = await login(url, username, 'honest-password', address);
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws/notification?token=${encodeURIComponent(token)}`, { localAddress: address });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { token, address, socket };
}

function ping(socket: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no pong in 5 s')), 5000);
    const onMessage = (data: WebSocket.RawData) => {
      if ((JSON.parse(String(data)) as { type: string }).type !== 'pong') return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve();
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ type: 'ping' }));
  });
}

/** Every honest player, every PERIOD_MS for `ms`: one REST call and one socket round trip. */
async function measure(url: string, players: Honest[], ms: number): Promise<Omit<AbuseWindow, 'name'>> {
  const rest: number[] = [];
  const sockets: number[] = [];
  let failures = 0;
  const until = performance.now() + ms;
  await Promise.all(
    players.map(async (player, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * PERIOD_MS) / players.length));
      while (performance.now() < until) {
        const started = performance.now();
        try {
          const answer = await json(url, '/api/player/balance', { token: player.token, from: player.address });
          if (answer.status === 200) rest.push(performance.now() - started);
          else failures += 1;
          const pinged = performance.now();
          await ping(player.socket);
          sockets.push(performance.now() - pinged);
        } catch {
          failures += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, PERIOD_MS - (performance.now() - started))));
      }
    }),
  );
  return { restP95: percentile(rest, 0.95), socketP95: percentile(sockets, 0.95), samples: rest.length + sockets.length, failures };
}

/** The abuser's machine: the one it holds already, else a free one (the lobby's list, as a player finds one). */
async function abusersMachine(url: string, token: string): Promise<number> {
  const answer = await json(url, '/api/machine/all', { token });
  const machines = answer.body as Array<{ id: number; status: string; reservation: { mine: boolean } | null }>;
  const machine = machines.find((m) => m.reservation?.mine) ?? machines.find((m) => m.status === 'free' && m.reservation === null);
  if (!machine) throw new Error('no machine for the abuser');
  return machine.id;
}

export async function abuseFigures(dist: string, seconds = 5): Promise<AbuseWindow[]> {
  const { url, child } = await startSimulator(dist);
  // Interrupted, the bench leaves no simulator behind.
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  try {
    const players: Honest[] = [];
    for (let i = 0; i < HONEST; i++) players.push(await honestPlayer(url, i));
    console.log(`abuse: ${HONEST} honest players logged in`);
    // A first window only warms up (the simulator's and the players' code paths), then alone.
    await measure(url, players, 1000);
    const windows: AbuseWindow[] = [{ name: 'alone', ...(await measure(url, players, seconds * 1000)) }];
    for (const kind of ['frames', 'logins', 'whep'] as const) {
      const token = kind === 'logins' ? undefined : await login(url, kind === 'frames' ? 'demo' : 'player2', kind === 'frames' ? 'demo1234' : 'player2pass', '127.0.0.201');
      const machineId = token ? await abusersMachine(url, token) : undefined;
      const worker = new Worker(new URL('./abuseFlood.ts', import.meta.url), { workerData: { kind, url, token, machineId } });
      const reported = new Promise<FloodReport>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      // A second for the flood to build up, then the window.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const during = await measure(url, players, seconds * 1000);
      worker.postMessage('stop');
      windows.push({ name: kind, ...during, flood: await reported });
      console.log(`abuse: ${kind} flood measured`);
      await worker.terminate();
      // Let the simulator settle (encoders closing) before the next flood.
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    for (const player of players) player.socket.close();
    return windows;
  } finally {
    process.off('exit', kill);
    kill();
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
