/**
 * The service worker (vite-plugin-pwa: Workbox precaching the app shell, nothing else). It is
 * registered after the page's first load, so it never competes with /login's own requests; a
 * new build waits until the player agrees to reload (`pendingUpdate`), so no stale shell stays.
 */

type Listener = () => void;

let apply: (() => void) | null = null;
const listeners = new Set<Listener>();

/** A new version is installed and waiting: its `apply` reloads into it (null: none). */
export const pendingUpdate = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): (() => void) | null => apply,
};

function offerUpdate(next: () => void): void {
  apply = next;
  listeners.forEach((listener) => listener());
}

/** How long the waiting worker has to take over after each ask: the Reload reloads after the last. */
export const TAKE_OVER_WAITS_MS = [2000, 4000] as const;

/**
 * The player pressed Reload: the waiting worker is asked to take over (`skipWaiting`; the page
 * reloads under it when it does). Asked again if it has not after a while, then the page reloads
 * anyway: a Reload pressed never does nothing (seen once in a loaded browser: the new worker stayed
 * waiting). Under the old worker the prompt comes back, the new version still waiting.
 */
export function reloadIntoUpdate(askTakeOver: () => void, reload: () => void, later: (run: () => void, ms: number) => void = setTimeout): void {
  askTakeOver();
  const next = (attempt: number) => {
    const wait = TAKE_OVER_WAITS_MS[attempt];
    if (wait === undefined) {
      reload();
      return;
    }
    later(() => {
      if (attempt + 1 < TAKE_OVER_WAITS_MS.length) askTakeOver();
      next(attempt + 1);
    }, wait);
  };
  next(0);
}

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const start = () => {
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const update = registerSW({
        onNeedRefresh: () => offerUpdate(() => reloadIntoUpdate(() => void update(true), () => window.location.reload())),
      });
    });
  };
  const afterLoad = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 500));
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
