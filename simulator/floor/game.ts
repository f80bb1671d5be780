import type { SymbolId } from '../game/symbols.ts';
import {
  BET_PER_LINE_LEVELS,
  createJackpot,
  createRng,
  fromState,
  HAND_PAY_LIMIT,
  JACKPOT_ODDS,
  MAX_LINES,
  PAYLINES,
  spin,
  type Rng,
} from '../game/index.ts';
import { REEL_COUNT, ROW_COUNT, SYMBOLS } from '../game/symbols.ts';

/**
 * What the floor needs of the game maths (simulator/game): one machine's reels and RNG.
 * The adapter below is the only place that knows the maths' own API.
 */
export interface EngineSpin {
  reels: SymbolId[][];
  /** Total win of the spin in minor units (line + scatter, free-spin multiplier applied). */
  totalWin: number;
  winningLines: number[];
  freeSpinsAwarded: number;
}

export interface GameEngine {
  /** Bet per line levels, minor units, ascending. */
  readonly betLevels: readonly number[];
  /** Line counts the lines button cycles through, ascending; the last is the maximum. */
  readonly lineSteps: readonly number[];
  readonly paylines: readonly (readonly number[])[];
  spin(betPerLine: number, lines: number, freeSpin: boolean): EngineSpin;
  /** Jackpot: the contribution of a paid bet, and whether this spin hits. */
  contribute(bet: number, pool: number, carry: number): { pool: number; carry: number };
  hitsJackpot(bet: number): boolean;
  readonly handPayLimit: number;
  /** The visible window before the first spin. */
  idleWindow(): SymbolId[][];
  rngState(): string;
}

const LINE_STEPS = [1, 5, 10, 15, MAX_LINES].filter((n, i, all) => n <= MAX_LINES && all.indexOf(n) === i);

/** A machine's game: the fleet's reel maths on the machine's own RNG (resumed from its state). */
export function createEngine(rngState: string | null, seed: string): GameEngine {
  const rng: Rng = rngState ? fromState(rngState) : createRng(seed);
  return {
    betLevels: BET_PER_LINE_LEVELS,
    lineSteps: LINE_STEPS,
    paylines: PAYLINES,
    handPayLimit: HAND_PAY_LIMIT,
    spin(betPerLine, lines, freeSpin) {
      const result = spin({ rng, betPerLine, lines, freeSpin });
      return {
        reels: result.reels,
        totalWin: result.totalWin,
        // LineWin.line is 1-based; the screen and the wire use indexes into PAYLINES.
        winningLines: result.lineWins.map((w) => w.line - 1),
        freeSpinsAwarded: result.freeSpinsAwarded,
      };
    },
    contribute(bet, pool, carry) {
      const jackpot = createJackpot({ seed: 0, pool, carry });
      jackpot.contribute(bet);
      const state = jackpot.state();
      return { pool: state.pool, carry: state.carry };
    },
    hitsJackpot(bet) {
      return bet > 0 && rng.nextInt(JACKPOT_ODDS) < Math.min(bet, JACKPOT_ODDS);
    },
    idleWindow() {
      // A calm first picture drawn from the machine's own RNG (no spin is played).
      return Array.from({ length: REEL_COUNT }, () =>
        Array.from({ length: ROW_COUNT }, () => SYMBOLS[rng.nextInt(SYMBOLS.length - 2)]!),
      );
    },
    rngState: () => rng.getState(),
  };
}
