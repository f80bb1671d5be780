/**
 * A new build's worker taking over (src/app/serviceWorker.ts loads this with the worker's
 * registration, after the page's first load).
 */

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
