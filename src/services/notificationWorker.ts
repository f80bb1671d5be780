/**
 * The notification socket's worker: the player's notification WebSocket lives here, off the
 * page's main thread (notificationLink.ts). A busy floor sends hundreds of machine statuses a
 * second; in the page, receiving, parsing and checking them alone kept its main thread ~6 % busy
 * (the lobby stress bench, DESIGN §7). Here they are gathered, and the page hears one message per
 * batch, and each balance, session and info frame as it comes.
 *
 * From the page: `open` (the socket's URL with the token, the player id), `offline` (the
 * browser's event, which a worker may not hear), `close` (logging out: the socket closes with
 * 1000, then the worker ends). To the page: the machine's SocketEvents.
 */
import type { SocketEvent } from '../../machines/notificationSocket.ts';
import { openNotificationLink, type NotificationLink } from './notificationLink.ts';

export type ToNotificationWorker = { type: 'open'; url: string; playerId: string } | { type: 'offline' } | { type: 'close' };

/** The worker's side of the channel (the DOM's `self` types are the page's). */
const scope = self as unknown as {
  postMessage: (event: SocketEvent) => void;
  close: () => void;
  addEventListener: (type: 'message', listener: (message: MessageEvent<ToNotificationWorker>) => void) => void;
};

/** How long a closing socket may take before the worker ends anyway. */
const CLOSE_GRACE_MS = 2000;

let link: NotificationLink | null = null;
scope.addEventListener('message', ({ data }) => {
  switch (data.type) {
    case 'open':
      link ??= openNotificationLink(data.url, data.playerId, (event) => scope.postMessage(event));
      break;
    case 'offline':
      link?.offline();
      break;
    case 'close': {
      const end = () => scope.close();
      setTimeout(end, CLOSE_GRACE_MS);
      if (link) link.stop(end);
      else end();
      break;
    }
  }
});
