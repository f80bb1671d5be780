import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ErrorCode, SESSION_END_CODES } from '../../protocol/errors.ts';
import { SESSION_TIME_WARNING_MS } from '../../protocol/protection.ts';
import {
  MachineClientMessage,
  type MachineServerMessage,
  NotificationClientMessage,
  type NotificationServerMessage,
  SESSION_ENDED_CLOSE,
} from '../../protocol/sockets.ts';
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
  /** Connected sockets, per channel: all of them, or one player's (once its token is checked). */
  counts(playerId?: number): { notification: number; machine: number };
  /** Control API: drop every socket of a player, as a network failure would. */
  dropPlayer(playerId: number): number;
  /**
   * Control API: a link that goes silent without closing, for `ms` — nothing the player's sockets
   * send is heard (frames, pongs) and nothing is sent to them; past FAIR_SHARE.bufferedBytes or
   * HELD_FRAMES held one way, a socket is cut. Returns the sockets affected.
   */
  silencePlayer(playerId: number, ms: number): number;
  /**
   * Control API: a slow, lossy link for `ms` without closing — every frame of the player's sockets,
   * either way, is delayed `delayMs` (in order) and every `dropEvery`-th one each way is lost. It
   * replaces the player's last link fault. Returns the sockets affected.
   */
  linkPlayer(playerId: number, fault: LinkFault): number;
  /**
   * Control API: the player's next machine request of `request`'s type is handled `ms` late (a
   * slow machine controller); pings and every other frame go on as usual.
   */
  holdPlayer(playerId: number, request: string, ms: number): void;
  close(): void;
}

/** A link fault's shape (POST /sim/link). */
export interface LinkFault {
  ms: number;
  delayMs: number;
  dropEvery?: number | undefined;
}

type ServerMessage = MachineServerMessage | NotificationServerMessage;

/**
 * Frames held for one socket by a silence or a delay, each way, beyond which it is cut as a socket
 * that does not read is (FAIR_SHARE.bufferedBytes of bytes, or this many frames).
 */
export const HELD_FRAMES = 4096;

/**
 * One direction of one socket under the control API's faults: frames on their way, in order, each
 * due at its delay's end and none while the link is silenced.
 */
interface Lane<T> {
  queue: Array<{ item: T; bytes: number; due: number }>;
  bytes: number;
  timer: ReturnType<typeof setTimeout> | null;
  deliver: (item: T) => void;
  /** The link fault the frames are counted for (for dropEvery), and how many it has seen. */
  fault: ActiveLinkFault | null;
  count: number;
}

interface ActiveLinkFault {
  until: number;
  delayMs: number;
  dropEvery: number | null;
}

function lane<T>(deliver: (item: T) => void): Lane<T> {
  return { queue: [], bytes: 0, timer: null, deliver, fault: null, count: 0 };
}

/** A closed socket's lane: what it still held is gone. */
function stop<T>(lane: Lane<T>): void {
  if (lane.timer) clearTimeout(lane.timer);
  lane.timer = null;
  lane.queue.length = 0;
  lane.bytes = 0;
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
  // Notification sockets past their init, and those told their login nears its time limit.
  const readied = new WeakSet<WebSocket>();
  /** Each notification socket told of its login's session-time end: the end it was told. */
  const warned = new WeakMap<WebSocket, number>();
  const playerFrames = new KeyedBuckets<number>(FAIR_SHARE.playerFrames);
  // When each socket was last heard from (monotonic ms), and whose it is.
  const lastHeard = new WeakMap<WebSocket, number>();
  const ownerOf = new WeakMap<WebSocket, number>();
  // The control API's faults, per player (monotonic ms). Like a stalled TCP connection, a silenced
  // link loses nothing: what either side sends meanwhile waits in the socket's lanes and arrives
  // when the silence ends (unless the socket has been closed by then). A link fault delays frames
  // and loses some; what it delayed still arrives after it ends.
  const silencedUntil = new Map<number, number>();
  // /sim/hold: per player, the next request of a type handled this many ms late.
  const holds = new Map<number, Map<string, number>>();
  const takeHold = (playerId: number, type: string) => {
    const ms = holds.get(playerId)?.get(type) ?? 0;
    if (ms > 0) holds.get(playerId)!.delete(type);
    return ms;
  };
  const linkFaults = new Map<number, ActiveLinkFault>();
  const lanes = new WeakMap<WebSocket, { in: Lane<Buffer | ArrayBuffer | Buffer[]>; out: Lane<string> }>();
  /** When the socket's silence ends, or 0 when it is not silenced. */
  const silenceEnd = (ws: WebSocket) => {
    const owner = ownerOf.get(ws);
    const until = owner === undefined ? undefined : silencedUntil.get(owner);
    if (until === undefined) return 0;
    if (until > performance.now()) return until;
    silencedUntil.delete(owner!);
    return 0;
  };
  const silenced = (ws: WebSocket) => silenceEnd(ws) > 0;
  const linkFaultOf = (ws: WebSocket) => {
    const owner = ownerOf.get(ws);
    const fault = owner === undefined ? undefined : linkFaults.get(owner);
    if (fault === undefined) return null;
    if (fault.until > performance.now()) return fault;
    linkFaults.delete(owner!);
    return null;
  };
  /** Delivers a lane's frames that are due, in order, and wakes up for the next one. */
  const pump = <T>(ws: WebSocket, lane: Lane<T>) => {
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = null;
    while (lane.queue.length > 0) {
      if (ws.readyState !== ws.OPEN) return stop(lane);
      const wait = Math.max(lane.queue[0]!.due, silenceEnd(ws)) - performance.now();
      if (wait > 0) {
        lane.timer = setTimeout(() => pump(ws, lane), Math.ceil(wait));
        lane.timer.unref();
        return;
      }
      const { item, bytes } = lane.queue.shift()!;
      lane.bytes -= bytes;
      lane.deliver(item);
    }
  };
  /**
   * A frame onto the link, one way: lost if the link fault drops it, else delivered once its delay
   * has passed, no silence holds the link and every frame before it is through. What is held is
   * capped as a non-reading socket's queue is (sendFrame): past it the socket is cut.
   */
  const enter = <T>(ws: WebSocket, lane: Lane<T>, item: T, bytesOf: () => number, alsoQueued = 0) => {
    const fault = linkFaultOf(ws);
    if (fault !== lane.fault) {
      lane.fault = fault;
      lane.count = 0;
    }
    if (fault) {
      lane.count += 1;
      if (fault.dropEvery !== null && lane.count % fault.dropEvery === 0) return;
    }
    const delayMs = fault?.delayMs ?? 0;
    if (lane.queue.length === 0 && delayMs === 0 && !silenced(ws)) {
      lane.deliver(item);
      return;
    }
    const bytes = bytesOf();
    if (lane.queue.length >= HELD_FRAMES || lane.bytes + bytes + alsoQueued > FAIR_SHARE.bufferedBytes) {
      ws.terminate();
      return;
    }
    lane.queue.push({ item, bytes, due: performance.now() + delayMs });
    lane.bytes += bytes;
    // A lane with frames ahead is already awake for its head; this one goes after them.
    if (lane.queue.length === 1) pump(ws, lane);
  };
  /** A frame to a socket, through the link's faults. */
  const send = (ws: WebSocket, message: ServerMessage) => {
    if (ws.readyState !== ws.OPEN) return;
    const text = JSON.stringify(message);
    const link = lanes.get(ws);
    if (!link) sendFrame(ws, text);
    else enter(ws, link.out, text, () => Buffer.byteLength(text), ws.bufferedAmount);
  };
  const heartbeat = setInterval(() => {
    const now = performance.now();
    for (const ws of wss.clients) {
      if (ws.readyState !== ws.OPEN) continue;
      if (now - (lastHeard.get(ws) ?? now) > silentCloseMs) ws.terminate();
      else if (!silenced(ws)) ws.ping();
    }
  }, pingMs);
  heartbeat.unref();
  // Once the server shuts down, closing sockets must not touch the (closing) floor and store.
  let shuttingDown = false;

  // A login's sockets end machine sockets first: a game hears why it ends (and leaves as such)
  // before the login's page does, and does not end half-way as the page logs out.
  const machinesFirst = (sockets: Iterable<WebSocket>) => [...sockets].sort((a, b) => Number(channel.get(a) !== 'machine') - Number(channel.get(b) !== 'machine'));
  const stopListening = deps.sessions.onEnded((jti, code) => {
    for (const ws of machinesFirst(byJti.get(jti) ?? [])) endSocket(ws, code);
  });
  const sweep = setInterval(() => {
    for (const [jti, sockets] of byJti) {
      const code = deps.sessions.endedCode(jti);
      if (code !== null) machinesFirst(sockets).forEach((ws) => endSocket(ws, code));
      else warnOfTimeLimit(jti, sockets);
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
    // ws's own pings and pongs stay outside the link faults: a silenced link hears no pong (so a
    // silence past SILENT_CLOSE_MS cuts the socket), but a slow or lossy one is still alive to the
    // heartbeat. Its frames count as heard when they are delivered, after their delay; a lost
    // frame never does.
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
    const receive = (data: Buffer | ArrayBuffer | Buffer[]) => {
      if (ws.readyState !== ws.OPEN) return;
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
    };
    const link = { in: lane(receive), out: lane((text: string) => sendFrame(ws, text)) };
    lanes.set(ws, link);
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
      if (ws.readyState === ws.OPEN) enter(ws, link.in, data, () => byteLength(data));
    });
    ws.on('close', () => {
      stop(link.in);
      stop(link.out);
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
        // A login that has ended closes as its live sockets did, the reason naming why (a socket
        // opened just after a ban says "banned", not only "not authorized").
        ws.close(UNAUTHORIZED, SESSION_END_CODES.has(code) ? String(code) : 'not authorized');
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

  /**
   * A login nearing the session-time limit its player set: each of its ready notification
   * sockets (each page) is told once, SESSION_TIME_WARNING_MS before, how many minutes are left —
   * and told again, as that time comes, if the end moved since (the player lowered the limit).
   * A login without a limit costs no database read (timeLimitAt).
   */
  function warnOfTimeLimit(jti: string, sockets: Set<WebSocket>) {
    let page: WebSocket | undefined;
    for (const ws of sockets) if (readied.has(ws)) page = ws;
    if (!page) return;
    const until = deps.sessions.timeLimitAt(jti, ownerOf.get(page)!);
    if (until === null) return;
    const left = until - deps.now();
    if (left > SESSION_TIME_WARNING_MS) return;
    const minutes = Math.max(1, Math.ceil(left / 60_000));
    const info = {
      code: ErrorCode.sessionTimeWarning,
      params: { minutes, until },
      message: `your session time limit ends this login in ${minutes} min`,
      action: 'none' as const,
    };
    for (const ws of sockets) {
      if (!readied.has(ws)) continue;
      const told = warned.get(ws);
      if (told === until) continue;
      warned.set(ws, until);
      send(ws, { type: 'info', info });
    }
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
      const message = parse(data, NotificationClientMessage, (m) => send(ws, m));
      if (!message || !live(ws, jti)) return;
      if (message.type === 'ping') return send(ws, { type: 'pong' });
      if (message.id !== playerId) {
        return send(ws, { type: 'error', code: ErrorCode.invalidRequest, ErrorMessage: 'init id is not yours' });
      }
      remove?.();
      remove = floor.context.hub.add(playerId, (m) => send(ws, m));
      send(ws, { type: 'ready' });
      readied.add(ws);
      send(ws, { type: 'balance', balance: deps.ledger.balance(playerId) });
      for (const machine of floor.sessionsOf(playerId)) {
        send(ws, { type: 'session', session: machine.sessionInfo('open') });
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
    return async (data) => {
      if (shuttingDown) return;
      const message = parse(data, MachineClientMessage, (m) => send(ws, m));
      if (!message) return;
      const held = takeHold(playerId, message.type);
      if (held > 0) {
        await new Promise((resolve) => setTimeout(resolve, held).unref());
        // A socket gone meanwhile took its request with it.
        if (shuttingDown || ws.readyState !== ws.OPEN) return;
      }
      return machine.receive(message);
    };
  }

  return {
    counts(playerId) {
      let notification = 0;
      let machine = 0;
      for (const ws of playerId === undefined ? wss.clients : (byPlayer.get(playerId) ?? [])) {
        if (channel.get(ws) === 'machine') machine += 1;
        else notification += 1;
      }
      return { notification, machine };
    },
    holdPlayer(playerId, request, ms) {
      holds.set(playerId, (holds.get(playerId) ?? new Map<string, number>()).set(request, ms));
    },
    silencePlayer(playerId, ms) {
      silencedUntil.set(playerId, performance.now() + ms);
      const sockets = byPlayer.get(playerId) ?? new Set<WebSocket>();
      // A silence shorter than the last lets what is held through sooner.
      for (const ws of sockets) {
        const link = lanes.get(ws);
        if (link) {
          pump(ws, link.in);
          pump(ws, link.out);
        }
      }
      return sockets.size;
    },
    linkPlayer(playerId, { ms, delayMs, dropEvery }) {
      linkFaults.set(playerId, { until: performance.now() + ms, delayMs, dropEvery: dropEvery ?? null });
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
function sendFrame(ws: WebSocket, text: string): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > FAIR_SHARE.bufferedBytes) {
    ws.terminate();
    return;
  }
  ws.send(text);
}

function byteLength(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

/** A client frame through its schema, or null: a bad one is answered through the link, as any frame. */
function parse<T>(
  data: unknown,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  answer: (message: ServerMessage) => void,
): T | null {
  let value: unknown;
  try {
    value = JSON.parse(String(data));
  } catch {
    answer({ type: 'error', code: ErrorCode.invalidRequest, ErrorMessage: 'frames are JSON objects' });
    return null;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    answer({ type: 'error', code: ErrorCode.invalidRequest, ErrorMessage: 'unknown or malformed message' });
    return null;
  }
  return parsed.data;
}
