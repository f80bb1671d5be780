/**
 * The bet model. All money is integer minor units (cents): a bet is a level per line times the
 * number of lines played, so every bet and every win is a whole number of cents.
 */
import { PAYLINE_COUNT } from './paylines.ts';

/** Bets per line a player may choose, in minor units (0.01 to 1.00 per line). */
export const BET_PER_LINE_LEVELS: readonly number[] = [1, 2, 5, 10, 25, 50, 100];

/** Lines a player may play: the first 1..MAX_LINES paylines. */
export const MAX_LINES = PAYLINE_COUNT;

export function isValidBet(betPerLine: number, lines: number, lineCount: number = MAX_LINES): boolean {
  return BET_PER_LINE_LEVELS.includes(betPerLine) && Number.isInteger(lines) && lines >= 1 && lines <= lineCount;
}

export function assertBet(betPerLine: number, lines: number, lineCount: number = MAX_LINES): void {
  if (!isValidBet(betPerLine, lines, lineCount)) {
    throw new RangeError(`invalid bet: ${betPerLine} per line (levels ${BET_PER_LINE_LEVELS.join(', ')}) on ${lines} lines (1..${lineCount})`);
  }
}

/** The total bet of a spin, in minor units. */
export function totalBet(betPerLine: number, lines: number): number {
  return betPerLine * lines;
}
