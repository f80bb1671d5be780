/**
 * One spin of the reels: draw a stop per reel, read the window, pay lines and scatters.
 * Pure apart from advancing the RNG it is given; the floor owns the credits, the free-spin
 * counter and the jackpot.
 */
import { assertBet, totalBet } from './bet.ts';
import { evaluateLine, countScatters, fillWindow, type LineOutcome } from './evaluate.ts';
import { DEFAULT_GAME, type CompiledGame } from './game.ts';
import { isHandPay } from './handpay.ts';
import type { Rng } from './rng.ts';
import { REEL_COUNT, ROW_COUNT, SYMBOLS, type SymbolId } from './symbols.ts';

export interface SpinBet {
  /** Minor units per line, one of BET_PER_LINE_LEVELS. */
  betPerLine: number;
  /** Lines played: the first 1..20 paylines. */
  lines: number;
  /** A free spin: free-spin reels, multiplied wins, nothing charged. Play it at the triggering bet. */
  freeSpin: boolean;
}

export interface SpinOptions extends SpinBet {
  rng: Rng;
  /** The game's maths; the fleet's game unless a test or a brand supplies another. */
  game?: CompiledGame;
}

export interface LineWin {
  /** Payline number, 1-based. */
  line: number;
  symbol: SymbolId;
  /** Reels matched from the left: 3, 4 or 5. */
  count: number;
  /** Minor units, multiplier included. */
  win: number;
}

export interface SpinResult {
  /** The stop of each reel: the strip index shown on the top row. */
  stops: number[];
  /** The visible window, reels[reel][row], row 0 at the top. */
  reels: SymbolId[][];
  lineWins: LineWin[];
  /** Scatters anywhere in the window and what they paid (minor units, multiplier included). */
  scatter: { count: number; win: number };
  /** Free spins won by this spin (also during free spins: they retrigger). */
  freeSpinsAwarded: number;
  /** Line wins + scatter win, in minor units. */
  totalWin: number;
  /** What this spin cost: betPerLine x lines, or 0 on a free spin. */
  bet: number;
  freeSpin: boolean;
  /** The multiplier applied to every win of this spin (1 on a paid spin). */
  multiplier: number;
  /** totalWin reaches HAND_PAY_LIMIT: an attendant pays it. */
  handPay: boolean;
}

// Module-local copies of imported constants read per spin (see evaluate.ts for why).
const REELS = REEL_COUNT;
const ROWS = ROW_COUNT;
const SYMBOL_IDS = SYMBOLS;

// Scratch reused by every spin: evaluating allocates nothing; only the result does.
const scratchWindow = new Uint8Array(REELS * ROWS);
const scratchOutcome: LineOutcome = { symbol: 0, count: 0, pay: 0 };

/** Evaluates the window at given stops; `spin` draws the stops, tests choose them. */
export function evaluateStops(game: CompiledGame, stops: readonly number[], bet: SpinBet): SpinResult {
  assertBet(bet.betPerLine, bet.lines, game.lineCount);
  const strips = bet.freeSpin ? game.freeStrips : game.baseStrips;
  if (stops.length !== REELS) throw new RangeError(`expected ${REELS} stops, got ${stops.length}`);
  stops.forEach((stop, reel) => {
    const length = strips[reel]!.length;
    if (!Number.isInteger(stop) || stop < 0 || stop >= length) throw new RangeError(`stop ${stop} is not on reel ${reel + 1} (0..${length - 1})`);
  });

  const window = scratchWindow;
  fillWindow(strips, stops, window);
  // Integer multiplier times integer pays times integer bets: every win is a whole number of
  // minor units, so no rounding ever happens (compileGame rejects fractional multipliers).
  const multiplier = bet.freeSpin ? game.freeSpinMultiplier : 1;
  const lineWins: LineWin[] = [];
  let totalWin = 0;
  for (let line = 0; line < bet.lines; line++) {
    const pay = evaluateLine(game, window, line, scratchOutcome);
    if (pay === 0) continue;
    const win = pay * bet.betPerLine * multiplier;
    lineWins.push({ line: line + 1, symbol: SYMBOL_IDS[scratchOutcome.symbol]!, count: scratchOutcome.count, win });
    totalWin += win;
  }
  const scatters = countScatters(window);
  const scatterWin = game.scatterPay[scatters]! * totalBet(bet.betPerLine, bet.lines) * multiplier;
  totalWin += scatterWin;

  const reels: SymbolId[][] = [];
  for (let reel = 0; reel < REELS; reel++) {
    const column: SymbolId[] = [];
    for (let row = 0; row < ROWS; row++) column.push(SYMBOL_IDS[window[reel * ROWS + row]!]!);
    reels.push(column);
  }
  return {
    stops: [...stops],
    reels,
    lineWins,
    scatter: { count: scatters, win: scatterWin },
    freeSpinsAwarded: game.freeSpinAward[scatters]!,
    totalWin,
    bet: bet.freeSpin ? 0 : totalBet(bet.betPerLine, bet.lines),
    freeSpin: bet.freeSpin,
    multiplier,
    handPay: isHandPay(totalWin),
  };
}

/**
 * Spins once. Draws exactly one `rng.nextInt(stripLength)` per reel, left to right, so a
 * persisted RNG state replays the same spins.
 */
export function spin(options: SpinOptions): SpinResult {
  const game = options.game ?? DEFAULT_GAME;
  assertBet(options.betPerLine, options.lines, game.lineCount);
  const strips = options.freeSpin ? game.freeStrips : game.baseStrips;
  const stops: number[] = [];
  for (let reel = 0; reel < REELS; reel++) stops.push(options.rng.nextInt(strips[reel]!.length));
  return evaluateStops(game, stops, options);
}
