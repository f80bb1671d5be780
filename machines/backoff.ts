/**
 * backoff — the one reconnect delay of every reconnecting machine (the game session's socket, the
 * video link, the notification socket), each using it as its named `reconnectBackoff` delay.
 *
 * The ceiling doubles from BACKOFF_BASE_MS with each failed attempt up to BACKOFF_CAP_MS; the delay
 * is drawn between half the ceiling and the ceiling ("equal jitter"), so that the players of a
 * floor who lost the server at the same moment do not all come back at the same moment, and no
 * retry comes sooner than half its ceiling.
 */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 8000;

/**
 * The wait before retry number `attempt + 1`: attempt 0 (the first retry) waits 500–1000 ms,
 * attempt 1 waits 1000–2000 ms, … never more than BACKOFF_CAP_MS. `random` is in [0, 1).
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
