import type { MachineChange } from '../../machines/lobby.ts';
import type { SocketEvent } from '../../machines/notificationSocket.ts';
import { ErrorCode, SESSION_END_CODES } from '../../protocol/errors.ts';
import { NotificationServerMessage, SESSION_ENDED_CLOSE } from '../../protocol/sockets.ts';
import { watchLink } from './sockets.ts';

/** Machine statuses are handed on together, at most this long after the first of a batch. */
export const MACHINE_BATCH_MS = 400;

export interface NotificationLink {
  /** The browser went offline: the link is dead at once (a worker hears it from its page). */
  offline: () => void;
  /** Closes the socket (1000); `closed` is called once it is (or at once if it never opened). */
  stop: (closed?: () => void) => void;
}

/**
 * One notification WebSocket to `url` (the token in it): `init` with the player id once open,
 * every frame checked against the protocol and translated into the notification socket
 * machine's terms, and its close told apart: 4401 (the login session ended, the reason naming
 * why) from any other. It runs in a worker of its own in the browser (notificationWorker.ts), or
 * in place where there is none (src/services/notificationSocket.ts).
 *
 * Machine statuses are gathered, not told one by one: a busy floor sends hundreds a second, and
 * each as an event was a transition of the chart (and a snapshot for everyone following it). The
 * first status of a batch starts a MACHINE_BATCH_MS timer; when it fires, the statuses gathered
 * (the last of each machine winning) are told as one `socket.machines`. A batch gathered when the
 * link dies or closes is told before that.
 */
export function openNotificationLink(url: string, playerId: string, tell: (event: SocketEvent) => void): NotificationLink {
  const statuses = new Map<number, MachineChange['status']>();
  let batch: ReturnType<typeof setTimeout> | null = null;
  const handOn = () => {
    if (batch !== null) clearTimeout(batch);
    batch = null;
    if (statuses.size === 0) return;
    const changes = Array.from(statuses, ([id, status]) => ({ id, status }));
    statuses.clear();
    tell({ type: 'socket.machines', changes });
  };
  let stopped = false;
  let lost = false;
  let onClosed: (() => void) | null = null;
  const ws = new WebSocket(url);
  // A silent or offline link is a dropped socket: the machine reconnects with its backoff.
  const link = watchLink(ws, () => {
    if (stopped || lost) return;
    handOn();
    lost = true;
    tell({ type: 'socket.closed', code: 4000 });
    ws.close(4000, 'the link went silent');
  });
  ws.addEventListener('open', () => {
    ws.send(JSON.stringify({ type: 'init', id: Number(playerId) }));
    tell({ type: 'socket.opened' });
  });
  ws.addEventListener('message', (message) => {
    link.heard();
    const parsed = NotificationServerMessage.safeParse(safeJson(String(message.data)));
    if (!parsed.success || lost || stopped) return;
    if (parsed.data.type === 'machine') {
      statuses.set(parsed.data.machine.id, parsed.data.machine.status);
      batch ??= setTimeout(handOn, MACHINE_BATCH_MS);
      return;
    }
    const event = toSocketEvent(parsed.data);
    if (event) tell(event);
  });
  ws.addEventListener('close', (event) => {
    if (stopped) {
      onClosed?.();
      onClosed = null;
      return;
    }
    if (lost) return;
    handOn();
    if (event.code === SESSION_ENDED_CLOSE) tell({ type: 'socket.sessionEnded', code: sessionEndCode(event.reason) });
    else tell({ type: 'socket.closed', code: event.code });
  });
  return {
    offline: link.offline,
    stop(closed) {
      if (stopped) return;
      stopped = true;
      if (batch !== null) clearTimeout(batch);
      link.stop();
      if (ws.readyState === WebSocket.CLOSED) closed?.();
      else onClosed = closed ?? null;
      ws.close(1000, 'logged out');
    },
  };
}

/**
 * One checked frame in the machine's terms (or nothing: ready, pong, errors come with a close;
 * machine statuses are gathered into `socket.machines`).
 */
export function toSocketEvent(frame: NotificationServerMessage): SocketEvent | null {
  switch (frame.type) {
    case 'balance':
      return { type: 'socket.balance', balance: frame.balance };
    case 'session':
      return {
        type: 'socket.session',
        status: frame.session.status,
        machineId: frame.session.id,
        machineName: frame.session.name,
        machineStatus: frame.session.machine_status,
        credits: frame.session.credits ?? null,
      };
    case 'info':
      return { type: 'socket.info', ...frame.info };
    default:
      return null;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The close reason names why the session ended (docs/protocol.md); anything else reads as 50100. */
function sessionEndCode(reason: string): number {
  const code = Number(reason);
  return SESSION_END_CODES.has(code) ? code : ErrorCode.sessionTerminated;
}
