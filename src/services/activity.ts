/** What counts as the player being there: a touch, a click, a key, a scroll. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** Activity is reported at most this often: the idle timer only needs to hear of it. */
export const ACTIVITY_THROTTLE_MS = 1000;

/** Calls `onActivity` (at most once a second) while the player uses the page; returns the stop. */
export function listenForActivity(onActivity: () => void, now: () => number = Date.now): () => void {
  let last = -Infinity;
  const onEvent = () => {
    const at = now();
    if (at - last < ACTIVITY_THROTTLE_MS) return;
    last = at;
    onActivity();
  };
  ACTIVITY_EVENTS.forEach((type) => window.addEventListener(type, onEvent, { passive: true, capture: true }));
  return () => ACTIVITY_EVENTS.forEach((type) => window.removeEventListener(type, onEvent, { capture: true }));
}
