/**
 * The floor's clocks. Every duration is multiplied by the timer scale, so tests (and the control
 * API's PUT /sim/timers) can run a 2-minute reservation in a second.
 */
export interface FloorTimings {
  /** A dropped player keeps the machine reserved (status waiting) this long. */
  reservationMs: number;
  /** No credits for this long starts the 18800 countdown. */
  noCreditsGraceMs: number;
  /** No accepted action for this long starts the 18802 countdown. */
  idleGraceMs: number;
  /** Seconds counted down by a close warning (SPEC §9: count 10 lasts 10 s). */
  countdownSeconds: number;
  /** One countdown step, and the floor's tick. */
  tickMs: number;
  /** From the spin press until the last reel stops. */
  spinMs: number;
  /** Pause between autoplay spins once the reels have stopped. */
  autoplayGapMs: number;
  /** The factor every duration here was multiplied by (a jurisdiction's game cycle is scaled alike). */
  scale: number;
}

export const DEFAULT_TIMINGS: FloorTimings = {
  reservationMs: 120_000,
  noCreditsGraceMs: 60_000,
  idleGraceMs: 180_000,
  countdownSeconds: 10,
  tickMs: 1_000,
  spinMs: 2_000,
  autoplayGapMs: 700,
  scale: 1,
};

export function scaleTimings(timings: FloorTimings, scale: number): FloorTimings {
  const s = (ms: number) => Math.max(1, Math.round(ms * scale));
  return {
    reservationMs: s(timings.reservationMs),
    noCreditsGraceMs: s(timings.noCreditsGraceMs),
    idleGraceMs: s(timings.idleGraceMs),
    countdownSeconds: timings.countdownSeconds,
    tickMs: s(timings.tickMs),
    spinMs: s(timings.spinMs),
    autoplayGapMs: s(timings.autoplayGapMs),
    scale: timings.scale * scale,
  };
}
