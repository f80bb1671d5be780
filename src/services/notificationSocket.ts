import { fromCallback } from 'xstate';
import type { AuthEvent } from '../../machines/auth.ts';
import { ErrorCode, SESSION_END_CODES } from '../protocol/errors.ts';
import { NotificationServerMessage, SESSION_ENDED_CLOSE } from '../protocol/sockets.ts';
import { socketUrl } from './sockets.ts';

const MAX_BACKOFF_MS = 15_000;
/**
 * Machine statuses are handed on together, at most this long after the first of a batch: a
 * busy floor sends hundreds a second, and each one alone would be a transition of the auth
 * machine and a wake-up for every listener. The last status of each machine wins.
 */
export const MACHINE_BATCH_MS = 100;

/**
 * The notification socket as a child actor of auth.loggedIn: opened with the token, `init`
 * with the player id, reconnecting with backoff until the login ends. An unusable token logs out.
 */
export interface NotificationSocketInput {
  token: string;
  playerId: string;
}

export function notificationSocketLogic(urlSetting: string) {
  return fromCallback<{ type: 'noop' }, NotificationSocketInput>(({ input, sendBack }) => openNotificationSocket(urlSetting, input, sendBack));
}

/** The socket's whole life: opens it and returns what closes it for good. */
export function openNotificationSocket(
  urlSetting: string,
  input: NotificationSocketInput,
  sendBack: (event: AuthEvent) => void,
): () => void {
  {
    // Typed: only the events the parent machine understands go back to it.
    const tell = (event: AuthEvent) => sendBack(event);
    let ws: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const statuses = new Map<number, string>();
    let batchTimer: ReturnType<typeof setTimeout> | undefined;
    const flushStatuses = () => {
      batchTimer = undefined;
      const changes = [...statuses].map(([id, status]) => ({ id, status }));
      statuses.clear();
      if (changes.length > 0) tell({ type: 'server.machines', changes });
    };

    const connect = () => {
      ws = new WebSocket(socketUrl(urlSetting, input.token));
      ws.addEventListener('open', () => {
        attempt = 0;
        ws?.send(JSON.stringify({ type: 'init', id: Number(input.playerId) }));
      });
      ws.addEventListener('message', (message) => {
        const parsed = NotificationServerMessage.safeParse(safeJson(String(message.data)));
        if (!parsed.success) return;
        const frame = parsed.data;
        if (frame.type === 'balance') tell({ type: 'server.balance', balance: frame.balance });
        else if (frame.type === 'session') {
          tell({
            type: 'server.session',
            status: frame.session.status,
            machineId: frame.session.id,
            machineName: frame.session.name,
            machineStatus: frame.session.machine_status,
          });
        } else if (frame.type === 'machine') {
          statuses.set(frame.machine.id, frame.machine.status);
          batchTimer ??= setTimeout(flushStatuses, MACHINE_BATCH_MS);
        }
        else if (frame.type === 'info') tell({ type: 'server.info', ...frame.info });
      });
      ws.addEventListener('close', (event) => {
        if (stopped) return;
        if (event.code === SESSION_ENDED_CLOSE) {
          tell({ type: 'server.unauthorized', failure: { code: sessionEndCode(event.reason), message: 'the session has ended', params: {} } });
          return;
        }
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt++);
        timer = setTimeout(connect, delay);
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(batchTimer);
      ws?.close(1000, 'logged out');
    };
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
