import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ErrorCode } from '../../src/protocol/errors.ts';
import {
  MachineClientMessage,
  type MachineServerMessage,
  NotificationClientMessage,
  type NotificationServerMessage,
  SESSION_ENDED_CLOSE,
} from '../../src/protocol/sockets.ts';
import { authenticateToken, type Authenticated } from '../api/authenticate.ts';
import type { ApiDeps } from '../api/deps.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Floor } from './floor.ts';
import { MachineChannel, type Transport } from './channel.ts';

/** Frames larger than this are refused by ws itself (the socket closes with 1009). */
const MAX_FRAME_BYTES = 16 * 1024;
/** Close code for an unusable token. */
const UNAUTHORIZED = 4401;

export interface SocketServer {
  /** Connected sockets, per channel. */
  counts(): { notification: number; machine: number };
  /** Control API: drop every socket of a player, as a network failure would. */
  dropPlayer(playerId: number): number;
  close(): void;
}

/** How often open sockets are checked against their login session (expiry, a revoke by SQL). */
const SESSION_SWEEP_MS = 250;

/**
 * The two WebSocket channels on the simulator's port: /ws/notification and /ws/machine, each
 * opened with ?token=. Every frame is validated; a bad one gets an error frame, never a crash.
 *
 * A socket belongs to the login session of its token: when that session ends (logout, ban, an
 * operator's kick, a login elsewhere, expiry) the socket gets an error frame with the code and
 * is closed with 4401 at once (expiry within SESSION_SWEEP_MS), and every frame re-checks the
 * session before it is run.
 */
export function attachSockets(server: Server, deps: ApiDeps, floor: Floor): SocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const byPlayer = new Map<number, Set<WebSocket>>();
  const byJti = new Map<string, Set<WebSocket>>();
  const channel = new WeakMap<WebSocket, 'notification' | 'machine'>();
  // Once the server shuts down, closing sockets must not touch the (closing) floor and store.
  let shuttingDown = false;

  const stopListening = deps.sessions.onEnded((jti, code) => {
    for (const ws of byJti.get(jti) ?? []) endSocket(ws, code);
  });
  const sweep = setInterval(() => {
    for (const [jti, sockets] of byJti) {
      const code = deps.sessions.endedCode(jti);
      if (code !== null) sockets.forEach((ws) => endSocket(ws, code));
    }
  }, SESSION_SWEEP_MS);
  sweep.unref();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    const kind = url.pathname === '/ws/notification' ? 'notification' : url.pathname === '/ws/machine' ? 'machine' : null;
    if (!kind) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      channel.set(ws, kind);
      void open(ws, kind, url.searchParams.get('token') ?? undefined);
    });
  };
  server.on('upgrade', onUpgrade);

  async function open(ws: WebSocket, kind: 'notification' | 'machine', token: string | undefined) {
    // Frames may arrive while the token is being checked: keep them and replay them in order.
    const early: unknown[] = [];
    const hold = (data: unknown) => early.push(data);
    ws.on('message', hold);
    let auth: Authenticated;
    try {
      auth = await authenticateToken(token, deps);
    } catch (error) {
      const code = error instanceof ApiFailure ? error.code : ErrorCode.signatureNotVerified;
      sendFrame(ws, { type: 'error', code, ErrorMessage: 'not authorized' });
      ws.close(UNAUTHORIZED, 'not authorized');
      return;
    }
    if (ws.readyState !== ws.OPEN) return;
    const playerId = auth.player.id;
    const jti = auth.session.jti;
    track(byPlayer, playerId, ws);
    track(byJti, jti, ws);
    ws.on('error', () => ws.terminate());
    ws.off('message', hold);
    if (kind === 'notification') notificationChannel(ws, playerId, jti);
    else machineChannel(ws, playerId, jti);
    for (const data of early) ws.emit('message', data, false);
  }

  /** The session ended: say why, then close. Frames after this are not run. */
  function endSocket(ws: WebSocket, code: number) {
    if (ws.readyState !== ws.OPEN) return;
    sendFrame(ws, { type: 'error', code, ErrorMessage: 'the session has ended' });
    ws.close(SESSION_ENDED_CLOSE, String(code));
  }

  /** Re-checks the login session before a frame is run; false (and the socket closed) when it ended. */
  function live(ws: WebSocket, jti: string): boolean {
    if (ws.readyState !== ws.OPEN) return false;
    const code = deps.sessions.endedCode(jti);
    if (code === null) return true;
    endSocket(ws, code);
    return false;
  }

  function notificationChannel(ws: WebSocket, playerId: number, jti: string) {
    let remove: (() => void) | null = null;
    ws.on('close', () => remove?.());
    ws.on('message', (data) => {
      const message = parse(ws, data, NotificationClientMessage);
      if (!message || !live(ws, jti)) return;
      if (message.type === 'ping') return sendFrame(ws, { type: 'pong' });
      if (message.id !== playerId) {
        return sendFrame(ws, { type: 'error', code: ErrorCode.invalidRequest, ErrorMessage: 'init id is not yours' });
      }
      remove?.();
      remove = floor.context.hub.add(playerId, (m) => sendFrame(ws, m));
      sendFrame(ws, { type: 'ready' });
      sendFrame(ws, { type: 'balance', balance: deps.ledger.balance(playerId) });
      for (const machine of floor.sessionsOf(playerId)) {
        sendFrame(ws, {
          type: 'session',
          session: { status: 'open', id: machine.id, name: machine.name, machine_status: machine.status },
        });
      }
    });
  }

  function machineChannel(ws: WebSocket, playerId: number, jti: string) {
    const transport: Transport = {
      get open() {
        return ws.readyState === ws.OPEN;
      },
      send: (m) => sendFrame(ws, m),
      close: (code, reason) => ws.close(code, reason),
    };
    const machine = new MachineChannel(deps, floor, { playerId, jti }, transport);
    ws.on('close', () => {
      if (!shuttingDown) machine.closed();
    });
    ws.on('message', (data) => {
      if (shuttingDown) return;
      const message = parse(ws, data, MachineClientMessage);
      if (message) void machine.receive(message);
    });
  }

  return {
    counts() {
      let notification = 0;
      let machine = 0;
      for (const ws of wss.clients) {
        if (channel.get(ws) === 'machine') machine += 1;
        else notification += 1;
      }
      return { notification, machine };
    },
    dropPlayer(playerId) {
      const sockets = [...(byPlayer.get(playerId) ?? [])];
      sockets.forEach((ws) => ws.terminate());
      return sockets.length;
    },
    close() {
      shuttingDown = true;
      stopListening();
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

/** Adds a socket to a keyed set that forgets it (and the key, once empty) when it closes. */
function track<K>(sets: Map<K, Set<WebSocket>>, key: K, ws: WebSocket): void {
  let set = sets.get(key);
  if (!set) sets.set(key, (set = new Set()));
  set.add(ws);
  ws.on('close', () => {
    set.delete(ws);
    if (set.size === 0 && sets.get(key) === set) sets.delete(key);
  });
}

function sendFrame(ws: WebSocket, message: MachineServerMessage | NotificationServerMessage): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

function parse<T>(ws: WebSocket, data: unknown, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }): T | null {
  let value: unknown;
  try {
    value = JSON.parse(String(data));
  } catch {
    sendFrame(ws, { type: 'error', code: ErrorCode.invalidRequest, ErrorMessage: 'frames are JSON objects' });
    return null;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    sendFrame(ws, { type: 'error', code: ErrorCode.invalidRequest, ErrorMessage: 'unknown or malformed message' });
    return null;
  }
  return parsed.data;
}
