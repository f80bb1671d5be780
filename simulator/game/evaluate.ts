/**
 * Reading a window: the symbols under each payline and the scatters anywhere. Works on symbol
 * codes in a reused Uint8Array (window[reel * ROW_COUNT + row]) so a spin allocates nothing
 * until it builds its result.
 */
import { SCATTER, WILD, type CompiledGame } from './game.ts';
import { REEL_COUNT, ROW_COUNT } from './symbols.ts';

// Module-local copies of the imported constants the hot loop reads: under Vitest's module
// runner each read of an imported binding is a getter call, which made the RTP simulation
// test several times slower.
const REELS = REEL_COUNT;
const ROWS = ROW_COUNT;
const WILD_CODE = WILD;
const SCATTER_CODE = SCATTER;

/** The best reading of one line: its symbol code, how many reels from the left, its pay. */
export interface LineOutcome {
  symbol: number;
  count: number;
  /** Multiple of the bet per line; 0 when the line does not pay. */
  pay: number;
}

/** Fills `window` with the symbols the strips show at `stops` (top row = the stop). */
export function fillWindow(strips: readonly Uint8Array[], stops: ArrayLike<number>, window: Uint8Array): void {
  for (let reel = 0; reel < REELS; reel++) {
    const strip = strips[reel]!;
    const stop = stops[reel]!;
    for (let row = 0; row < ROWS; row++) window[reel * ROWS + row] = strip[(stop + row) % strip.length]!;
  }
}

/** The symbol a line (whose rows start at lineRows[base]) crosses on a reel. */
function symbolOnLine(window: Uint8Array, lineRows: Uint8Array, base: number, reel: number): number {
  return window[reel * ROWS + lineRows[base + reel]!]!;
}

/**
 * Pays line `line` (0-based) left to right. Leading wilds either pay as wilds or stand for the
 * first other symbol; the better of the two is paid (compileGame guarantees wilds pay at least
 * as much as any symbol, so no other reading can beat these two). A scatter breaks the line.
 */
export function evaluateLine(game: CompiledGame, window: Uint8Array, line: number, out: LineOutcome): number {
  const rows = game.lineRows;
  const base = line * REELS;
  let wilds = 0;
  while (wilds < REELS && symbolOnLine(window, rows, base, wilds) === WILD_CODE) wilds++;
  const wildPay = game.linePay[WILD_CODE * 6 + wilds]!;
  let symbolPay = 0;
  let count = wilds;
  const target = wilds < REELS ? symbolOnLine(window, rows, base, wilds) : WILD_CODE;
  if (target !== WILD_CODE && target !== SCATTER_CODE) {
    count = wilds + 1;
    while (count < REELS) {
      const symbol = symbolOnLine(window, rows, base, count);
      if (symbol !== target && symbol !== WILD_CODE) break;
      count++;
    }
    symbolPay = game.linePay[target * 6 + count]!;
  }
  if (symbolPay > wildPay) {
    out.symbol = target;
    out.count = count;
    out.pay = symbolPay;
  } else {
    out.symbol = WILD_CODE;
    out.count = wilds;
    out.pay = wildPay;
  }
  return out.pay;
}

/** Scatters anywhere in the window. */
export function countScatters(window: Uint8Array): number {
  let count = 0;
  for (let cell = 0; cell < window.length; cell++) if (window[cell] === SCATTER_CODE) count++;
  return count;
}
