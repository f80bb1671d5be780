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
import { authenticateToken } from '../api/authenticate.ts';
import type { ApiDeps } from '../api/deps.ts';
import { ApiFailure } from '../http/errors.ts';
import { KeyedBuckets, TokenBucket } from '../limits/bucket.ts';
import { FAIR_SHARE } from '../limits/policy.ts';
import type { Floor } from './floor.ts';
import { MachineChannel, type Transport } from './channel.ts';

/** Close code for an unusable token. */
const UNAUTHORIZED = 4401;
/** Close code of a client past its fair share (RFC 6455 §7.4.1: policy violation); the reason is 10708. */
export const POLICY_CLOSE = 1008;
/** How long a socket closed for its fair share may take to finish the closing handshake. */
const CLOSE_GRACE_MS = 1000;

type Kind = 'notification' | 'machine';

export interface SocketServer {
  /** Connected sockets, per channel. */
  counts(): { notification: number; machine: number };
  /** Control API: drop every socket of a player, as a network failure would. */
  dropPlayer(playerId: number): number;
  /**
   * Control API: a link that goes silent without closing, for `ms` — nothing the player's sockets
   * send is heard (frames, pongs) and nothing is sent to them. Returns the sockets affected.
   */
  silencePlayer(playerId: number, ms: number): number;
  close(): void;
}

/** How often open sockets are checked against their login session (expiry, a revoke by SQL). */
const SESSION_SWEEP_MS = 250;
/**
 * The link's heartbeat: every socket is pinged (WebSocket ping frames, which browsers answer by
 * themselves) this often, and one that has sent nothing — no frame, no pong — for
 * SILENT_CLOSE_MS is a dead link: it is cut, so a machine's autoplay stops and its session is
 * held (reserved) as after any drop. Clients send their own `ping` frames to see the link too.
 */
export const HEARTBEAT_MS = 2000;
export const SILENT_CLOSE_MS = 10_000;

/**
 * The two WebSocket channels on the simulator's port: /ws/notification and /ws/machine, each
 * opened with ?token=. Every frame is validated; a bad one gets an error frame, never a crash.
 *
 * A socket belongs to the login session of its token: when that session ends (logout, ban, an
 * operator's kick, a login elsewhere, expiry) the socket gets an error frame with the code and
 * is closed with 4401 at once (expiry within SESSION_SWEEP_MS), and every frame re-checks the
 * session before it is run.
 */
export interface SocketOptions {
  /** The heartbeat's ping interval and how long a silent socket lives (tests shorten them). */
  heartbeat?: { pingMs: number; silentCloseMs: number };
}

export function attachSockets(server: Server, deps: ApiDeps, floor: Floor, options: SocketOptions = {}): SocketServer {
  const { pingMs, silentCloseMs } = options.heartbeat ?? { pingMs: HEARTBEAT_MS, silentCloseMs: SILENT_CLOSE_MS };
  // Frames beyond frameBytes, invalid UTF-8, unmasked frames and unknown opcodes are ws's own
  // errors: it closes that socket with 1009, 1007 or 1002 and emits 'error', which every socket
  // listens for from its first moment (below), so nothing a client sends reaches the process.
  const wss = new WebSocketServer({ noServer: true, maxPayload: FAIR_SHARE.frameBytes });
  const byPlayer = new Map<number, Set<WebSocket>>();
  const byPlayerKind = new Map<string, Set<WebSocket>>();
  const byJti = new Map<string, Set<WebSocket>>();
  const channel = new WeakMap<WebSocket, Kind>();
  const playerFrames = new KeyedBuckets<number>(FAIR_SHARE.playerFrames);
  // When each socket was last heard from (monotonic ms), and whose it is.
  const lastHeard = new WeakMap<WebSocket, number>();
  const ownerOf = new WeakMap<WebSocket, number>();
  // Players whose link the control API has silenced, until when (monotonic ms). Like a stalled
  // TCP connection, a silenced link loses nothing: what either side sends meanwhile is held and
  // arrives when the silence ends (unless the socket has been closed by then).
  const silencedUntil = new Map<number, number>();
  const heldIn = new WeakMap<WebSocket, unknown[]>();
  const heldOut = new WeakMap<WebSocket, Array<MachineServerMessage | NotificationServerMessage>>();
  const hold = <T>(held: WeakMap<WebSocket, T[]>, ws: WebSocket, item: T) => {
    const list = held.get(ws) ?? [];
    list.push(item);
    held.set(ws, list);
  };
  const silenced = (ws: WebSocket) => {
    const owner = ownerOf.get(ws);
    if (owner === undefined) return false;
    const until = silencedUntil.get(owner);
    if (until === undefined) return false;
    if (until > performance.now()) return true;
    silencedUntil.delete(owner);
    return false;
  };
  /** A frame to a socket; held while its link is silenced. */
  const send = (ws: WebSocket, message: MachineServerMessage | NotificationServerMessage) => {
    if (silenced(ws)) hold(heldOut, ws, message);
    else sendFrame(ws, message);
  };
  /** A silence that has ended: what was held goes through, in order. */
  const release = (ws: WebSocket) => {
    const incoming = heldIn.get(ws);
    const outgoing = heldOut.get(ws);
    heldIn.delete(ws);
    heldOut.delete(ws);
    outgoing?.forEach((message) => sendFrame(ws, message));
    incoming?.forEach((data) => ws.emit('message', data, false));
  };
  const heartbeat = setInterval(() => {
    const now = performance.now();
    for (const ws of wss.clients) {
      if (ws.readyState !== ws.OPEN) continue;
      if (now - (lastHeard.get(ws) ?? now) > silentCloseMs) ws.terminate();
      else if (!silenced(ws)) {
        release(ws);
        ws.ping();
      }
    }
  }, pingMs);
  heartbeat.unref();
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
    // The raw socket's own failures (a reset mid-upgrade) end only it.
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    const kind: Kind | null = url.pathname === '/ws/notification' ? 'notification' : url.pathname === '/ws/machine' ? 'machine' : null;
    if (!kind) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      channel.set(ws, kind);
      open(ws, kind, url.searchParams.get('token') ?? undefined);
    });
  };
  server.on('upgrade', onUpgrade);

  /**
   * A new socket. Synchronously, before anything is awaited: its error path and its one frame
   * listener, which holds every frame to the socket's fair share (a token bucket of frames per
   * second, frames and bytes whose handling has not finished) and keeps frames that arrive while
   * the token is checked, to run them in order once it is.
   */
  function open(ws: WebSocket, kind: Kind, token: string | undefined): void {
    lastHeard.set(ws, performance.now());
    ws.on('pong', () => {
      if (!silenced(ws)) lastHeard.set(ws, performance.now());
    });
    ws.on('error', () => {
      // ws has already begun closing with the protocol's code (1002/1007/1009); a socket that
      // never answers that close is cut after the grace.
      setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    });
    const frames = new TokenBucket(FAIR_SHARE.socketFrames, performance.now());
    let inFlight = 0;
    let bytesInFlight = 0;
    let playerId: number | null = null;
    let run: ((data: unknown) => void | Promise<void>) | null = null;
    const early: Array<{ data: unknown; bytes: number }> = [];
    const settle = (bytes: number) => {
      inFlight -= 1;
      bytesInFlight -= bytes;
    };
    const dispatch = (data: unknown, bytes: number) => {
      let done: void | Promise<void>;
      try {
        done = run!(data);
      } catch (error) {
        settle(bytes);
        throw error;
      }
      if (done instanceof Promise) void done.finally(() => settle(bytes));
      else settle(bytes);
    };
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
      if (ws.readyState !== ws.OPEN) return;
      if (silenced(ws)) {
        hold(heldIn, ws, data);
        return;
      }
      lastHeard.set(ws, performance.now());
      const bytes = byteLength(data);
      // Rates run on the monotonic clock: the simulator's own clock may be a test's, standing still.
      const now = performance.now();
      const overRate = frames.take(now) > 0 || (playerId !== null && playerFrames.take(playerId, now) > 0);
      if (overRate || inFlight + 1 > FAIR_SHARE.framesInFlight || bytesInFlight + bytes > FAIR_SHARE.bytesInFlight) {
        refuse(ws, overRate ? 'too many frames per second' : 'too many frames in flight');
        return;
      }
      inFlight += 1;
      bytesInFlight += bytes;
      if (run) dispatch(data, bytes);
      else early.push({ data, bytes });
    });

    authenticateToken(token, deps).then(
      (auth) => {
        if (ws.readyState !== ws.OPEN || shuttingDown) return;
        playerId = auth.player.id;
        ownerOf.set(ws, playerId);
        const jti = auth.session.jti;
        track(byPlayer, playerId, ws);
        track(byJti, jti, ws);
        track(byPlayerKind, `${playerId}:${kind}`, ws);
        closeOldest(byPlayerKind.get(`${playerId}:${kind}`)!);
        run = kind === 'notification' ? notificationChannel(ws, playerId, jti) : machineChannel(ws, playerId, jti);
        for (const frame of early.splice(0)) {
          if (ws.readyState !== ws.OPEN) break;
          dispatch(frame.data, frame.bytes);
        }
      },
      (error: unknown) => {
        const code = error instanceof ApiFailure ? error.code : ErrorCode.signatureNotVerified;
        send(ws, { type: 'error', code, ErrorMessage: 'not authorized' });
        ws.close(UNAUTHORIZED, 'not authorized');
      },
    );
  }

  /** More sockets of one player and channel than the fair share: the oldest goes. */
  function closeOldest(sockets: Set<WebSocket>): void {
    const excess = sockets.size - FAIR_SHARE.socketsPerPlayer;
    if (excess <= 0) return;
    [...sockets].slice(0, excess).forEach((ws) => refuse(ws, 'too many sockets of this player'));
  }

  /** Past the fair share: say so (10708), close with 1008, and cut the socket after the grace. */
  function refuse(ws: WebSocket, why: string): void {
    if (ws.readyState !== ws.OPEN) return;
    send(ws, { type: 'error', code: ErrorCode.tooManyRequests, ErrorMessage: why });
    ws.close(POLICY_CLOSE, String(ErrorCode.tooManyRequests));
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
  }

  /** The session ended: say why, then close. Frames after this are not run. */
  function endSocket(ws: WebSocket, code: number) {
    if (ws.readyState !== ws.OPEN) return;
    send(ws, { type: 'error', code, ErrorMessage: 'the session has ended' });
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

  function notificationChannel(ws: WebSocket, playerId: number, jti: string): (data: unknown) => void {
    let remove: (() => void) | null = null;
    ws.on('close', () => remove?.());
    return (data) => {
      const message = parse(ws, data, NotificationClientMessage);
      if (!message || !live(ws, jti)) return;
      if (message.type === 'ping') return send(ws, { type: 'pong' });
      if (message.id !== playerId) {
        return send(ws, { type: 'error', code: ErrorCode.invalidRequest, ErrorMessage: 'init id is not yours' });
      }
      remove?.();
      remove = floor.context.hub.add(playerId, (m) => send(ws, m));
      send(ws, { type: 'ready' });
      send(ws, { type: 'balance', balance: deps.ledger.balance(playerId) });
      for (const machine of floor.sessionsOf(playerId)) {
        send(ws, {
          type: 'session',
          session: { status: 'open', id: machine.id, name: machine.name, machine_status: machine.status },
        });
      }
    };
  }

  function machineChannel(ws: WebSocket, playerId: number, jti: string): (data: unknown) => Promise<void> | void {
    const transport: Transport = {
      get open() {
        return ws.readyState === ws.OPEN;
      },
      send: (m) => send(ws, m),
      close: (code, reason) => ws.close(code, reason),
    };
    const machine = new MachineChannel(deps, floor, { playerId, jti }, transport);
    ws.on('close', () => {
      if (!shuttingDown) machine.closed();
    });
    return (data) => {
      if (shuttingDown) return;
      const message = parse(ws, data, MachineClientMessage);
      return message ? machine.receive(message) : undefined;
    };
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
    silencePlayer(playerId, ms) {
      silencedUntil.set(playerId, performance.now() + ms);
      return byPlayer.get(playerId)?.size ?? 0;
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
      clearInterval(heartbeat);
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

/**
 * Sends one frame. A client that stops reading is not buffered for without end: past
 * FAIR_SHARE.bufferedBytes its socket is cut (it would never read a close frame either).
 */
function sendFrame(ws: WebSocket, message: MachineServerMessage | NotificationServerMessage): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > FAIR_SHARE.bufferedBytes) {
    ws.terminate();
    return;
  }
  ws.send(JSON.stringify(message));
}

function byteLength(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
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
