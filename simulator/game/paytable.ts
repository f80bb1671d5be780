import type { SymbolId } from './symbols.ts';

/** Symbols that pay on lines; the scatter pays anywhere instead. */
export type LineSymbol = Exclude<SymbolId, 'scatter'>;

/**
 * Line pays for 3, 4 and 5 of a kind from the leftmost reel, as multiples of the bet per line.
 * Wild substitutes for every line symbol and pays itself; it must pay at least as much as any
 * symbol for the same count (checked when the game is compiled) so that reading a line left to
 * right and paying the better of "the wilds alone" and "the wilds as the first other symbol" is
 * the same as paying the best reading of the line.
 */
export const LINE_PAYS: Readonly<Record<LineSymbol, readonly [number, number, number]>> = {
  cherry: [5, 25, 100],
  lemon: [5, 25, 100],
  orange: [10, 40, 150],
  plum: [10, 40, 150],
  bell: [20, 75, 250],
  bar: [30, 100, 500],
  seven: [50, 250, 1000],
  wild: [100, 500, 2500],
};

/** Scatter pays for 3, 4 and 5 scatters anywhere in the window, as multiples of the total bet. */
export const SCATTER_PAYS: readonly [number, number, number] = [5, 20, 100];

/** Free spins awarded for 3, 4 and 5 scatters; also awarded (retriggered) during free spins. */
export const FREE_SPIN_AWARDS: readonly [number, number, number] = [8, 12, 20];

/** Every win of a free spin (lines and scatter) is multiplied by this. */
export const FREE_SPIN_MULTIPLIER = 3;
