/**
 * A game's maths as data (reels, lines, pays) and its compiled form: the same data as small
 * typed arrays of symbol codes, so the spin hot loop indexes numbers instead of strings and
 * allocates nothing. Compiling also checks the assumptions the evaluator and the RTP model
 * rely on, so a bad table fails at start-up rather than paying wrongly.
 */
import { PAYLINES } from './paylines.ts';
import { FREE_SPIN_AWARDS, FREE_SPIN_MULTIPLIER, LINE_PAYS, SCATTER_PAYS, type LineSymbol } from './paytable.ts';
import { BASE_REELS, FREE_REELS } from './reels.ts';
import { REEL_COUNT, ROW_COUNT, SYMBOLS, type SymbolId } from './symbols.ts';

export interface GameConfig {
  /** One strip per reel for paid spins; the window shows stops stop, stop+1, stop+2 (wrapping). */
  baseReels: readonly (readonly SymbolId[])[];
  /** One strip per reel for free spins. */
  freeReels: readonly (readonly SymbolId[])[];
  paylines: readonly (readonly number[])[];
  linePays: Readonly<Record<LineSymbol, readonly [number, number, number]>>;
  scatterPays: readonly [number, number, number];
  freeSpinAwards: readonly [number, number, number];
  freeSpinMultiplier: number;
}

export interface CompiledGame {
  config: GameConfig;
  baseStrips: readonly Uint8Array[];
  freeStrips: readonly Uint8Array[];
  /** Row of each (line, reel): lineRows[line * REEL_COUNT + reel]. */
  lineRows: Uint8Array;
  lineCount: number;
  /** Line pay multiplier by symbol code and count: linePay[code * 6 + count], 0 below 3. */
  linePay: Int32Array;
  /** Indexed by scatter count 0..5 (0 below 3). */
  scatterPay: Int32Array;
  freeSpinAward: Int32Array;
  freeSpinMultiplier: number;
}

export const SYMBOL_CODE: Readonly<Record<SymbolId, number>> = Object.fromEntries(SYMBOLS.map((symbol, code) => [symbol, code])) as Record<
  SymbolId,
  number
>;
export const WILD = SYMBOL_CODE.wild;
export const SCATTER = SYMBOL_CODE.scatter;
export const LINE_SYMBOLS = SYMBOLS.filter((symbol): symbol is LineSymbol => symbol !== 'scatter');
/** Most scatters a window can show: the compiler rejects strips showing two on one reel. */
export const MAX_SCATTERS = REEL_COUNT;

function isWholeNumber(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function compileStrips(reels: readonly (readonly SymbolId[])[], name: string): Uint8Array[] {
  if (reels.length !== REEL_COUNT) throw new Error(`${name}: expected ${REEL_COUNT} reels, got ${reels.length}`);
  return reels.map((strip, reel) => {
    if (strip.length < ROW_COUNT) throw new Error(`${name} reel ${reel}: a strip needs at least ${ROW_COUNT} stops`);
    const codes = Uint8Array.from(strip, (symbol) => SYMBOL_CODE[symbol]);
    // One scatter per reel at most keeps the scatter count 0..5, which the pay and award
    // tables (3, 4, 5) cover.
    for (let stop = 0; stop < codes.length; stop++) {
      let scatters = 0;
      for (let row = 0; row < ROW_COUNT; row++) if (codes[(stop + row) % codes.length] === SCATTER) scatters++;
      if (scatters > 1) throw new Error(`${name} reel ${reel}: stop ${stop} shows ${scatters} scatters`);
    }
    return codes;
  });
}

function compileLines(paylines: readonly (readonly number[])[]): Uint8Array {
  const rows = new Uint8Array(paylines.length * REEL_COUNT);
  paylines.forEach((line, index) => {
    if (line.length !== REEL_COUNT || !line.every((row) => Number.isInteger(row) && row >= 0 && row < ROW_COUNT)) {
      throw new Error(`payline ${index + 1} must give a row in 0..${ROW_COUNT - 1} for each of ${REEL_COUNT} reels`);
    }
    rows.set(line, index * REEL_COUNT);
  });
  return rows;
}

function compileLinePays(linePays: GameConfig['linePays']): Int32Array {
  const table = new Int32Array(SYMBOLS.length * 6);
  for (const symbol of LINE_SYMBOLS) {
    linePays[symbol].forEach((pay, index) => {
      // Every 3-of-a-kind paying something lets the RTP model derive line hits from reels 1-3.
      if (!isWholeNumber(pay) || pay < 1) throw new Error(`line pay for ${index + 3} ${symbol} must be a positive integer`);
      if (pay > linePays.wild[index]!) throw new Error(`${index + 3} ${symbol} must not pay more than ${index + 3} wilds`);
      table[SYMBOL_CODE[symbol] * 6 + index + 3] = pay;
    });
  }
  return table;
}

function byCount(values: readonly [number, number, number], name: string): Int32Array {
  if (!values.every(isWholeNumber)) throw new Error(`${name} must be non-negative integers`);
  const table = new Int32Array(MAX_SCATTERS + 1);
  table.set(values, 3);
  return table;
}

export function compileGame(config: GameConfig): CompiledGame {
  if (!Number.isSafeInteger(config.freeSpinMultiplier) || config.freeSpinMultiplier < 1) {
    throw new Error('the free-spin multiplier must be a positive integer, so every win stays a whole number of minor units');
  }
  return {
    config,
    baseStrips: compileStrips(config.baseReels, 'base reels'),
    freeStrips: compileStrips(config.freeReels, 'free-spin reels'),
    lineRows: compileLines(config.paylines),
    lineCount: config.paylines.length,
    linePay: compileLinePays(config.linePays),
    scatterPay: byCount(config.scatterPays, 'scatter pays'),
    freeSpinAward: byCount(config.freeSpinAwards, 'free-spin awards'),
    freeSpinMultiplier: config.freeSpinMultiplier,
  };
}

export const DEFAULT_CONFIG: GameConfig = {
  baseReels: BASE_REELS,
  freeReels: FREE_REELS,
  paylines: PAYLINES,
  linePays: LINE_PAYS,
  scatterPays: SCATTER_PAYS,
  freeSpinAwards: FREE_SPIN_AWARDS,
  freeSpinMultiplier: FREE_SPIN_MULTIPLIER,
};

/** The fleet's game. */
export const DEFAULT_GAME: CompiledGame = compileGame(DEFAULT_CONFIG);
