import { fromCallback } from 'xstate';
import type { NotificationSocketInput, SocketEvent } from '../../machines/notificationSocket.ts';
import { ErrorCode, SESSION_END_CODES } from '../../protocol/errors.ts';
import { NotificationServerMessage, SESSION_ENDED_CLOSE } from '../../protocol/sockets.ts';
import { socketUrl, watchLink } from './sockets.ts';

/**
 * One notification WebSocket as the notification socket machine's `socket`: opened with the
 * token, `init` with the player id once open, every frame checked against the protocol and
 * translated into the machine's terms, and its close told apart: 4401 (the login session ended,
 * the reason naming why) from any other. Stopped, it closes the socket (1000).
 */
export function notificationSocketLogic(urlSetting: string) {
  return fromCallback<{ type: 'noop' }, NotificationSocketInput>(({ input, sendBack }) => {
    // Typed: only the events the machine understands go back to it.
    const tell = (event: SocketEvent) => sendBack(event);
    let stopped = false;
    let lost = false;
    const ws = new WebSocket(socketUrl(urlSetting, input.token));
    // A silent or offline link is a dropped socket: the machine reconnects with its backoff.
    const stopWatching = watchLink(ws, () => {
      if (stopped || lost) return;
      lost = true;
      tell({ type: 'socket.closed', code: 4000 });
      ws.close(4000, 'the link went silent');
    });
    ws.addEventListener('open', () => {
      ws.send(JSON.stringify({ type: 'init', id: Number(input.playerId) }));
      tell({ type: 'socket.opened' });
    });
    ws.addEventListener('message', (message) => {
      const parsed = NotificationServerMessage.safeParse(safeJson(String(message.data)));
      if (!parsed.success) return;
      const event = toSocketEvent(parsed.data);
      if (event && !lost) tell(event);
    });
    ws.addEventListener('close', (event) => {
      if (stopped || lost) return;
      if (event.code === SESSION_ENDED_CLOSE) tell({ type: 'socket.sessionEnded', code: sessionEndCode(event.reason) });
      else tell({ type: 'socket.closed', code: event.code });
    });
    return () => {
      stopped = true;
      stopWatching();
      ws.close(1000, 'logged out');
    };
  });
}

/** One checked frame in the machine's terms (or nothing: ready, pong, errors come with a close). */
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
    case 'machine':
      return { type: 'socket.machine', id: frame.machine.id, status: frame.machine.status };
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
