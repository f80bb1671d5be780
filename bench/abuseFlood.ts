/**
 * The abuser of the abuse bench (bench/abuse.ts), in a worker thread of its own so its sending
 * does not share an event loop with the honest players being timed. It floods until the parent
 * posts 'stop', then reports what it sent and how it was answered.
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { RTCPeerConnection } from 'werift';

export type FloodKind = 'frames' | 'logins' | 'whep';

export interface FloodInput {
  kind: FloodKind;
  url: string;
  /** The abuser's own login (frames and whep): it plays a machine like anyone. */
  token?: string;
  machineId?: number;
}

export interface FloodReport {
  kind: FloodKind;
  sent: number;
  /** Answers by status (REST) or close code (sockets). */
  answers: Record<string, number>;
}

const input = workerData as FloodInput;
let stopped = false;
const report: FloodReport = { kind: input.kind, sent: 0, answers: {} };
const count = (key: string | number) => (report.answers[String(key)] = (report.answers[String(key)] ?? 0) + 1);

parentPort!.on('message', (message) => {
  if (message === 'stop') stopped = true;
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Kept-alive connections, as many as requests in flight: an abuser reuses its connections too.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function post(path: string, body: string, headers: Record<string, string>, localAddress?: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${input.url}${path}`, { method: 'POST', headers, agent, ...(localAddress ? { localAddress } : {}) }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** A machine socket joined to the abuser's machine, resolved once 'joined' came. */
function joinMachine(): Promise<WebSocket> {
  const ws = new WebSocket(`${input.url.replace(/^http/, 'ws')}/ws/machine?token=${encodeURIComponent(input.token!)}`);
  return new Promise((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'init', machineID: input.machineId, token: input.token })));
    ws.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'joined') resolve(ws);
    });
    ws.on('error', reject);
    ws.on('close', () => reject(new Error('closed before joined')));
  });
}

/** betDown as fast as the socket takes them; closed for it, the abuser comes straight back. */
async function floodFrames(): Promise<void> {
  const frame = JSON.stringify({ type: 'button', button: 'betDown' });
  while (!stopped) {
    let ws: WebSocket;
    try {
      ws = await joinMachine();
    } catch {
      await pause(50);
      continue;
    }
    const closed = new Promise<void>((resolve) =>
      ws.on('close', (code) => {
        count(code);
        resolve();
      }),
    );
    while (!stopped && ws.readyState === ws.OPEN) {
      for (let i = 0; i < 200 && ws.readyState === ws.OPEN; i++) {
        ws.send(frame);
        report.sent += 1;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    ws.terminate();
    await closed;
  }
}

/** 200 logins with unknown usernames kept in flight from one address. */
async function floodLogins(): Promise<void> {
  let n = 0;
  const one = async () => {
    while (!stopped) {
      n += 1;
      report.sent += 1;
      const body = JSON.stringify({ username: `nobody-${n}`, password: 'guess-guess', site_id: 0 });
      count(await post('/api/login', body, { 'content-type': 'application/json' }, '127.0.0.200'));
    }
  };
  await Promise.all(Array.from({ length: 200 }, one));
}

/** WHEP offers for the abuser's own machine, 8 in flight, never DELETEd. */
async function floodWhep(): Promise<void> {
  const ws = await joinMachine();
  const pc = new RTCPeerConnection({ iceServers: [], iceUseIpv6: false });
  pc.addTransceiver('video', { direction: 'recvonly' });
  await pc.setLocalDescription(await pc.createOffer());
  const offer = pc.localDescription!.sdp;
  await pc.close();
  const one = async () => {
    while (!stopped) {
      report.sent += 1;
      count(await post(`/whep/${input.machineId}/hd`, offer, { 'content-type': 'application/sdp', authorization: `Bearer ${input.token}` }));
    }
  };
  await Promise.all(Array.from({ length: 8 }, one));
  ws.close();
}

const floods = { frames: floodFrames, logins: floodLogins, whep: floodWhep } satisfies Record<FloodKind, () => Promise<void>>;
await floods[input.kind]();
agent.destroy();
parentPort!.postMessage(report);
