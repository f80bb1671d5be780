/** Where a socket setting points: an absolute ws(s) URL, or a path on this site. */
export function socketUrl(setting: string, token: string): string {
  const base = new URL(setting, window.location.href);
  if (base.protocol === 'http:') base.protocol = 'ws:';
  if (base.protocol === 'https:') base.protocol = 'wss:';
  base.searchParams.set('token', token);
  return base.toString();
}

/** How often the client pings a socket, and how long a link that says nothing lives. */
export const LINK_PING_MS = 1000;
export const LINK_DEAD_MS = 4000;
const PING = JSON.stringify({ type: 'ping' });

/**
 * The link's heartbeat on one socket: a `ping` frame every LINK_PING_MS once open; a link that
 * has said nothing (no frame at all) for LINK_DEAD_MS is dead, and so is one the browser reports
 * offline — `onDead` is called once, at once. The socket's own message listener calls `heard` for
 * each frame (one listener a frame, not two: the notification socket takes hundreds a second).
 * In a page the link listens for the browser's offline event itself; elsewhere (a worker, whose
 * page forwards the event, or the simulator's client tests) `offline` is the way to say it.
 */
export function watchLink(ws: WebSocket, onDead: () => void): { heard: () => void; offline: () => void; stop: () => void } {
  let lastHeard = performance.now();
  let dead = false;
  const die = () => {
    if (dead) return;
    dead = true;
    onDead();
  };
  const heard = () => {
    lastHeard = performance.now();
  };
  ws.addEventListener('open', heard);
  const timer = setInterval(() => {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (performance.now() - lastHeard > LINK_DEAD_MS) die();
    else ws.send(PING);
  }, LINK_PING_MS);
  const browser = typeof window === 'object' && typeof window.addEventListener === 'function' ? window : null;
  browser?.addEventListener('offline', die);
  return {
    heard,
    offline: die,
    stop: () => {
      clearInterval(timer);
      browser?.removeEventListener('offline', die);
    },
  };
}
