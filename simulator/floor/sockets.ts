import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ErrorCode } from '../../src/protocol/errors.ts';
import {
  MachineClientMessage,
  type MachineServerMessage,
  NotificationClientMessage,
  type NotificationServerMessage,
} from '../../src/protocol/sockets.ts';
import { authenticateToken, type Authenticated } from '../api/authenticate.ts';
import type { ApiDeps } from '../api/deps.ts';
import { ApiFailure } from '../http/errors.ts';
import { LedgerError } from '../store/ledger.ts';
import type { PlayerConnection } from './context.ts';
import type { Floor } from './floor.ts';
import { Refusal } from './machine.ts';

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

/**
 * The two WebSocket channels on the simulator's port: /ws/notification and /ws/machine, each
 * opened with ?token=. Every frame is validated; a bad one gets an error frame, never a crash.
 */
export function attachSockets(server: Server, deps: ApiDeps, floor: Floor): SocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const byPlayer = new Map<number, Set<WebSocket>>();
  const channel = new WeakMap<WebSocket, 'notification' | 'machine'>();
  // Once the server shuts down, closing sockets must not touch the (closing) floor and store.
  let shuttingDown = false;

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
    const playerId = auth.player.id;
    let sockets = byPlayer.get(playerId);
    if (!sockets) byPlayer.set(playerId, (sockets = new Set()));
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('error', () => ws.terminate());
    ws.off('message', hold);
    if (kind === 'notification') notificationChannel(ws, playerId);
    else machineChannel(ws, playerId);
    for (const data of early) ws.emit('message', data, false);
  }

  function notificationChannel(ws: WebSocket, playerId: number) {
    let remove: (() => void) | null = null;
    ws.on('close', () => remove?.());
    ws.on('message', (data) => {
      const message = parse(ws, data, NotificationClientMessage);
      if (!message) return;
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

  function machineChannel(ws: WebSocket, playerId: number) {
    const conn: PlayerConnection = {
      playerId,
      send: (m) => sendFrame(ws, m),
      close: (code, reason) => ws.close(code, reason),
    };
    let joinedId: number | null = null;
    ws.on('close', () => {
      if (joinedId !== null && !shuttingDown) floor.machine(joinedId)?.dropped(conn);
    });
    ws.on('message', async (data) => {
      if (shuttingDown) return;
      const message = parse(ws, data, MachineClientMessage);
      if (!message) return;
      if (message.type === 'ping') return sendFrame(ws, { type: 'pong' });
      const requestId = 'requestId' in message ? message.requestId : undefined;
      try {
        if (message.type === 'init') {
          if (joinedId !== null) throw new Refusal(ErrorCode.invalidRequest, 'already joined');
          const auth = await authenticateToken(message.token, deps);
          if (auth.player.id !== playerId) throw new Refusal(ErrorCode.signatureNotVerified, 'token of another player');
          floor.require(message.machineID).join(conn);
          joinedId = message.machineID;
          return;
        }
        if (joinedId === null) throw new Refusal(40000, 'join a machine first (init)');
        floor.require(joinedId).handle(conn, message);
        sendFrame(ws, { type: 'ack', request: message.type === 'button' ? message.button : message.type, ...(requestId ? { requestId } : {}) });
      } catch (error) {
        const code = codeOf(error);
        if (code === null) {
          console.error('simulator: machine socket request failed', error);
        }
        sendFrame(ws, {
          type: 'error',
          code: code ?? 50000,
          ErrorMessage: error instanceof Error ? error.message : 'internal error',
          ...(requestId ? { requestId } : {}),
        });
        // A join that was refused ends the connection; other refusals leave it open.
        if (message.type === 'init') ws.close(4000 + 4, 'join refused');
      }
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
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

function codeOf(error: unknown): number | null {
  if (error instanceof Refusal || error instanceof LedgerError) return error.code;
  if (error instanceof ApiFailure) return error.code;
  return null;
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
