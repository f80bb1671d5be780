import { fromCallback } from 'xstate';

/**
 * Keeps the screen awake while it runs (a player watching the reels should not see the phone
 * dim): a Screen Wake Lock, taken again whenever the page becomes visible (the browser drops it
 * on hide), released when the actor stops. Without the API, or when the browser refuses, nothing
 * happens: the game goes on.
 */
export function wakeLockLogic() {
  return fromCallback(() => {
    const api = typeof navigator === 'undefined' ? undefined : navigator.wakeLock;
    if (!api) return () => {};
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = () => {
      if (stopped || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      api.request('screen').then(
        (taken) => {
          if (stopped) void taken.release();
          else sentinel = taken;
        },
        () => undefined,
      );
    };
    document.addEventListener('visibilitychange', acquire);
    acquire();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', acquire);
      if (sentinel && !sentinel.released) void sentinel.release();
      sentinel = null;
    };
  });
}
