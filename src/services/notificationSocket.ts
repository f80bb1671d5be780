import { fromCallback } from 'xstate';
import type { NotificationSocketInput, SocketEvent } from '../../machines/notificationSocket.ts';
import { openNotificationLink } from './notificationLink.ts';
import type { ToNotificationWorker } from './notificationWorker.ts';
import { socketUrl } from './sockets.ts';

/**
 * The notification socket machine's `socket`: the player's notification WebSocket
 * (notificationLink.ts), opened with the token, in a worker of its own (notificationWorker.ts) so
 * a floor's storm of statuses is received, checked and gathered off the page's main thread. The
 * page forwards the browser's offline event to it. Stopped, the socket closes (1000) and the
 * worker ends. Where there is no Worker (the simulator's client tests in Node), the link runs
 * in place. A worker that cannot start (its script failed to load) is a dropped socket: the
 * machine retries with its backoff.
 */
export function notificationSocketLogic(urlSetting: string) {
  return fromCallback<{ type: 'noop' }, NotificationSocketInput>(({ input, sendBack }) => {
    let stopped = false;
    // Typed: only the events the machine understands go back to it.
    const tell = (event: SocketEvent) => {
      if (!stopped) sendBack(event);
    };
    const url = socketUrl(urlSetting, input.token);
    if (typeof Worker !== 'function') {
      const link = openNotificationLink(url, input.playerId, tell);
      return () => {
        stopped = true;
        link.stop();
      };
    }
    const worker = new Worker(new URL('./notificationWorker.ts', import.meta.url), { type: 'module', name: 'notifications' });
    const post = (message: ToNotificationWorker) => worker.postMessage(message);
    worker.addEventListener('message', (message: MessageEvent<SocketEvent>) => tell(message.data));
    worker.addEventListener('error', () => {
      tell({ type: 'socket.closed', code: 1006 });
      stopped = true;
      worker.terminate();
    });
    post({ type: 'open', url, playerId: input.playerId });
    const offline = () => post({ type: 'offline' });
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('offline', offline);
      if (stopped) return;
      stopped = true;
      post({ type: 'close' });
    };
  });
}
