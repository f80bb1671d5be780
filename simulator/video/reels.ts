import { ROW_COUNT, SYMBOLS, type SymbolId } from '../game/symbols.ts';
import type { ScreenState } from './screen.ts';

/**
 * Where each symbol of one reel sits at an instant. A spinning reel is a strip that scrolls
 * down and lands exactly on the final symbols at the reel's stop time, then bounces a little as
 * a mechanical reel does. Rows are the unit: y = 0 is the top row, y = ROW_COUNT - 1 the bottom.
 *
 * Strip index k holds the final symbol of row k for 0 <= k < ROW_COUNT and a filler symbol
 * otherwise; it is drawn at y = k - s, where s (the scroll still to go) shrinks to 0 at the stop.
 */

/** Scroll speed: at 30 fps just under a row per frame, fast enough to read as spinning. */
export const ROWS_PER_MS = 0.024;
/** How long the landing bounce lasts, and how far (in rows) it overshoots. */
export const SETTLE_MS = 280;
const OVERSHOOT_ROWS = 0.16;

export interface ReelCell {
  symbol: SymbolId;
  /** Row position of the symbol's top edge; fractional while moving, -1 < y < ROW_COUNT. */
  y: number;
}

export interface ReelView {
  cells: ReelCell[];
  /** True while the strip scrolls fast (the renderer smears symbols). */
  blurred: boolean;
}

/** Remaining scroll of a reel: > 0 while spinning, < 0 during the bounce, 0 at rest. */
export function reelScroll(reel: number, spinning: ScreenState['spinning'], now: number): number {
  if (!spinning || !Number.isFinite(now)) return 0;
  const stop = spinning.stopsAt[reel] ?? spinning.stopsAt[spinning.stopsAt.length - 1] ?? spinning.startedAt;
  if (!Number.isFinite(stop) || now < spinning.startedAt) return 0;
  if (now < stop) return ROWS_PER_MS * (stop - now);
  const since = now - stop;
  if (since >= SETTLE_MS) return 0;
  const phase = since / SETTLE_MS;
  return -OVERSHOOT_ROWS * Math.sin(Math.PI * phase) * (1 - phase);
}

export function reelView(reel: number, finals: readonly SymbolId[] | undefined, spinning: ScreenState['spinning'], now: number): ReelView {
  const scroll = reelScroll(reel, spinning, now);
  const cells: ReelCell[] = [];
  for (let k = Math.floor(scroll) - 1; k <= Math.ceil(scroll) + ROW_COUNT; k++) {
    const y = k - scroll;
    if (y <= -1 || y >= ROW_COUNT) continue;
    const final = k >= 0 && k < ROW_COUNT ? finals?.[k] : undefined;
    cells.push({ symbol: final ?? fillerSymbol(reel, k), y });
  }
  return { cells, blurred: scroll > 0.5 };
}

/** A fixed pseudo-random strip per reel, so a symbol keeps its identity while it scrolls past. */
export function fillerSymbol(reel: number, k: number): SymbolId {
  let h = (Math.imul(k | 0, 0x9e3779b1) ^ Math.imul(reel + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  return SYMBOLS[((h ^ (h >>> 15)) >>> 0) % SYMBOLS.length] ?? 'cherry';
}
