import WebSocket from 'ws';
import { MachineServerMessage, NotificationServerMessage } from '../../protocol/sockets.ts';

/** A test client of one of the simulator's sockets: collects frames, waits for the one wanted. */
export interface SocketClient<T extends { type: string }> {
  ws: WebSocket;
  frames: T[];
  send(message: unknown): void;
  sendRaw(data: string): void;
  next<K extends T['type']>(type: K, predicate?: (m: Extract<T, { type: K }>) => boolean, timeoutMs?: number): Promise<Extract<T, { type: K }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

function connect<T extends { type: string }>(url: string, parse: (v: unknown) => T): Promise<SocketClient<T>> {
  const ws = new WebSocket(url);
  const frames: T[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    frames.push(parse(JSON.parse(String(data))));
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: String(reason) });
      waiters.splice(0).forEach((w) => w());
    }),
  );
  // Each frame is handed out once; a wait looks at every frame not yet handed out, in order.
  const taken = new Set<number>();
  const client: SocketClient<T> = {
    ws,
    frames,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    sendRaw: (data) => ws.send(data),
    close: () => ws.close(),
    next(type, predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const rest = () => JSON.stringify(frames.filter((_, i) => !taken.has(i)));
        const timer = setTimeout(() => reject(new Error(`no ${type} frame within ${timeoutMs} ms; got ${rest()}`)), timeoutMs);
        const look = () => {
          for (let i = 0; i < frames.length; i++) {
            const frame = frames[i]!;
            if (!taken.has(i) && frame.type === type && (!predicate || predicate(frame as never))) {
              taken.add(i);
              clearTimeout(timer);
              resolve(frame as never);
              return;
            }
          }
          if (ws.readyState === ws.CLOSED) {
            clearTimeout(timer);
            reject(new Error(`socket closed before a ${type} frame; got ${rest()}`));
            return;
          }
          waiters.push(look);
        };
        look();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
  });
}

export function wsUrl(httpUrl: string, path: string, token: string): string {
  return `${httpUrl.replace(/^http/, 'ws')}${path}?token=${encodeURIComponent(token)}`;
}

export const machineSocket = (url: string, token: string) =>
  connect(wsUrl(url, '/ws/machine', token), (v) => MachineServerMessage.parse(v));

export const notificationSocket = (url: string, token: string) =>
  connect(wsUrl(url, '/ws/notification', token), (v) => NotificationServerMessage.parse(v));
