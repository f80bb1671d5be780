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

/** Its code not downloaded (offline) or the browser refused it: no worker this visit; the next load tries again. */
const notRegistered = (error: unknown) => console.warn('The service worker was not registered', error);

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const start = () => {
    // The take-over comes with the worker's own code, after the first load: the login never waits on it.
    void Promise.all([import('virtual:pwa-register'), import('./takeOver.ts')])
      .then(([{ registerSW }, { reloadIntoUpdate }]) => {
        const update = registerSW({
          onNeedRefresh: () => offerUpdate(() => reloadIntoUpdate(() => void update(true), () => window.location.reload())),
          onRegisterError: notRegistered,
        });
      })
      .catch(notRegistered);
  };
  const afterLoad = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 500));
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
