import { fromCallback } from 'xstate';
import type { NotificationSocketInput, SocketEvent } from '../../machines/notificationSocket.ts';
import { openNotificationLink, type NotificationLink } from './notificationLink.ts';
import type { ToNotificationWorker } from './notificationWorker.ts';
import { socketUrl } from './sockets.ts';

/**
 * The notification socket machine's `socket`: the player's notification WebSocket
 * (notificationLink.ts), opened with the token, in a worker of its own (notificationWorker.ts) so
 * a floor's storm of statuses is received, checked and gathered off the page's main thread. The
 * page forwards the browser's offline event to it. Stopped, the socket closes (1000) and the
 * worker ends.
 *
 * Where there is no Worker (the simulator's client tests in Node), or the worker cannot run (its
 * script failed to load, a Content-Security-Policy without it), the same link runs in the page:
 * the player still hears the floor, at the main thread's cost.
 */
export function notificationSocketLogic(urlSetting: string) {
  return fromCallback<{ type: 'noop' }, NotificationSocketInput>(({ input, sendBack }) => {
    let stopped = false;
    // Typed: only the events the machine understands go back to it.
    const tell = (event: SocketEvent) => {
      if (!stopped) sendBack(event);
    };
    const url = socketUrl(urlSetting, input.token);
    let inPlace: NotificationLink | null = null;
    const runInPlace = () => {
      inPlace ??= openNotificationLink(url, input.playerId, tell);
    };
    const page = typeof window === 'object' && typeof window.addEventListener === 'function' ? window : null;
    let worker: Worker | null = null;
    if (typeof Worker === 'function') {
      try {
        worker = new Worker(new URL('./notificationWorker.ts', import.meta.url), { type: 'module', name: 'notifications' });
      } catch (error) {
        console.warn('notification socket: no worker, listening in the page', error);
      }
    }
    const post = (message: ToNotificationWorker) => worker?.postMessage(message);
    if (worker) {
      worker.addEventListener('message', (message: MessageEvent<SocketEvent>) => tell(message.data));
      worker.addEventListener('error', (error) => {
        console.warn('notification socket: the worker failed, listening in the page', error.message);
        worker?.terminate();
        worker = null;
        if (!stopped) runInPlace();
      });
      post({ type: 'open', url, playerId: input.playerId });
    } else {
      runInPlace();
    }
    const offline = () => {
      post({ type: 'offline' });
      inPlace?.offline();
    };
    page?.addEventListener('offline', offline);
    return () => {
      page?.removeEventListener('offline', offline);
      stopped = true;
      post({ type: 'close' });
      inPlace?.stop();
    };
  });
}
