/**
 * The exact return to player of a game, derived from its tables rather than from spins:
 *
 * - Each reel stops uniformly, so the symbol a payline crosses on a reel is distributed like
 *   the strip itself whatever the row, and the five reels are independent. One line's
 *   expected pay is therefore a sum over the 9^5 symbol tuples, weighted by the product of
 *   the symbols' shares of their strips. Every line has that same expectation and the total
 *   bet is lines x bet per line, so the line RTP does not depend on the lines played or the
 *   bet. The line pay here is computed independently of the spin evaluator, as the best of
 *   every reading of the line, so the two can be checked against each other.
 * - The scatter count is the sum of independent per-reel counts (0 or 1 per reel), whose
 *   distribution comes from scanning every stop of each strip.
 * - A free spin awards on average F = sum P(k) x award(k) more free spins, so a trigger worth
 *   N spins plays N / (1 - F) spins on average (retriggers included), each returning the
 *   free reels' line + scatter RTP times the multiplier.
 * - Hit frequency (a paid spin wins anything) is exact too: a line needs its first three
 *   symbols to match, so line hits depend on reels 1-3 only; every stop combination of those
 *   is enumerated and combined with the distribution of scatters on reels 4-5.
 *
 * Run `node simulator/game/rtp.ts` to print the figures of the fleet's game.
 */
import { DEFAULT_GAME, LINE_SYMBOLS, MAX_SCATTERS, SCATTER, SYMBOL_CODE, WILD, type CompiledGame, type GameConfig } from './game.ts';
import { REEL_COUNT, ROW_COUNT, SYMBOLS } from './symbols.ts';

export interface PartRtp {
  /** Line pays, as a fraction of the total bet. */
  lines: number;
  /** Scatter pays, as a fraction of the total bet (before any free-spin multiplier). */
  scatter: number;
  /** P(scatter count = k), k = 0..5. */
  scatterDistribution: number[];
  /** P(3 or more scatters). */
  triggerProbability: number;
  /** Free spins awarded per spin on average. */
  freeSpinsPerSpin: number;
}

export interface RtpReport {
  base: PartRtp;
  free: PartRtp;
  /** Return of one free spin, multiplier included, as a fraction of the triggering total bet. */
  freeSpinReturn: number;
  /** Free spins played per trigger on average, retriggers included. */
  freeSpinsPerTrigger: number;
  /** Free spins' share of the RTP (per paid spin). */
  freeSpinsRtp: number;
  /** Base lines + base scatter + free spins, jackpot excluded. */
  total: number;
  /** hitFrequency[L - 1]: probability that a paid spin playing L lines wins anything. */
  hitFrequency: number[];
}

type Probabilities = number[][];

/** Each reel's share of every symbol code. */
function symbolShares(strips: readonly Uint8Array[]): Probabilities {
  return strips.map((strip) => {
    const shares = new Array<number>(SYMBOLS.length).fill(0);
    for (const code of strip) shares[code]! += 1 / strip.length;
    return shares;
  });
}

/** The best pay of a line read left to right, trying every symbol the wilds could stand for. */
export function referenceLinePay(config: GameConfig, codes: readonly number[]): number {
  let best = 0;
  for (const symbol of LINE_SYMBOLS) {
    const code = SYMBOL_CODE[symbol];
    let run = 0;
    while (run < codes.length && (codes[run] === code || (symbol !== 'wild' && codes[run] === WILD))) run++;
    if (run >= 3) best = Math.max(best, config.linePays[symbol][Math.min(run, 5) - 3]!);
  }
  return best;
}

function lineRtp(config: GameConfig, shares: Probabilities): number {
  const codes = new Array<number>(REEL_COUNT).fill(0);
  const visit = (reel: number, weight: number): number => {
    if (reel === REEL_COUNT) return weight * referenceLinePay(config, codes);
    let sum = 0;
    shares[reel]!.forEach((share, code) => {
      if (share === 0) return;
      codes[reel] = code;
      sum += visit(reel + 1, weight * share);
    });
    return sum;
  };
  return visit(0, 1);
}

/** P(reel shows a scatter) for one strip: the share of stops whose window holds one. */
function scatterChance(strip: Uint8Array): number {
  let showing = 0;
  for (let stop = 0; stop < strip.length; stop++) {
    for (let row = 0; row < ROW_COUNT; row++) if (strip[(stop + row) % strip.length] === SCATTER) showing++;
  }
  return showing / strip.length;
}

/** Distribution of the number of reels, among `chances`, showing a scatter. */
function scatterDistribution(chances: readonly number[]): number[] {
  let distribution = [1];
  for (const chance of chances) {
    const next = new Array<number>(distribution.length + 1).fill(0);
    distribution.forEach((p, count) => {
      next[count]! += p * (1 - chance);
      next[count + 1]! += p * chance;
    });
    distribution = next;
  }
  return distribution;
}

function partRtp(game: CompiledGame, strips: readonly Uint8Array[]): PartRtp {
  const distribution = scatterDistribution(strips.map(scatterChance));
  let scatter = 0;
  let triggerProbability = 0;
  let freeSpinsPerSpin = 0;
  distribution.forEach((p, count) => {
    const index = Math.min(count, MAX_SCATTERS);
    scatter += p * game.scatterPay[index]!;
    freeSpinsPerSpin += p * game.freeSpinAward[index]!;
    if (count >= 3) triggerProbability += p;
  });
  return { lines: lineRtp(game.config, symbolShares(strips)), scatter, scatterDistribution: distribution, triggerProbability, freeSpinsPerSpin };
}

/** Whether a line's first three symbols already pay (every 3 of a kind pays something). */
function threePays(a: number, b: number, c: number): boolean {
  if (a === SCATTER || b === SCATTER || c === SCATTER) return false;
  const first = a !== WILD ? a : b !== WILD ? b : c;
  return (a === first || a === WILD) && (b === first || b === WILD) && (c === first || c === WILD);
}

function hitFrequency(game: CompiledGame): number[] {
  const strips = game.baseStrips;
  const [first, second, third] = strips;
  if (!first || !second || !third) throw new Error('hit frequency needs at least three reels');
  const laterScatters = scatterDistribution(strips.slice(3).map(scatterChance));
  const atLeast = (needed: number): number => laterScatters.reduce((sum, p, count) => (count >= needed ? sum + p : sum), 0);
  // P(reels 4-5 complete a scatter hit), by the scatters already on reels 1-3 (0, 1, 2, 3+).
  const scatterCompletes = [atLeast(3), atLeast(2), atLeast(1), 1];
  const scattersAt = (strip: Uint8Array, stop: number): number => {
    let count = 0;
    for (let row = 0; row < ROW_COUNT; row++) if (strip[(stop + row) % strip.length] === SCATTER) count++;
    return count;
  };
  const symbolAt = (strip: Uint8Array, stop: number, row: number): number => strip[(stop + row) % strip.length]!;
  const weight = 1 / (first.length * second.length * third.length);
  // P(hit) with L lines = P(scatter hit) + P(no scatter hit, and one of lines 1..L pays). The
  // second part is split by the first paying line, so one pass serves every L.
  let scatterHits = 0;
  const lineOnlyByFirstLine = new Array<number>(game.lineCount + 1).fill(0); // [lineCount]: no line pays
  for (let a = 0; a < first.length; a++) {
    for (let b = 0; b < second.length; b++) {
      for (let c = 0; c < third.length; c++) {
        let firstLine = game.lineCount;
        for (let line = 0; line < game.lineCount; line++) {
          const rows = line * REEL_COUNT;
          if (threePays(symbolAt(first, a, game.lineRows[rows]!), symbolAt(second, b, game.lineRows[rows + 1]!), symbolAt(third, c, game.lineRows[rows + 2]!))) {
            firstLine = line;
            break;
          }
        }
        const scatterHit = scatterCompletes[Math.min(scattersAt(first, a) + scattersAt(second, b) + scattersAt(third, c), 3)]!;
        scatterHits += weight * scatterHit;
        lineOnlyByFirstLine[firstLine]! += weight * (1 - scatterHit);
      }
    }
  }
  const result: number[] = [];
  let lineOnlyHits = 0;
  for (let lines = 1; lines <= game.lineCount; lines++) {
    lineOnlyHits += lineOnlyByFirstLine[lines - 1]!;
    result.push(scatterHits + lineOnlyHits);
  }
  return result;
}

export function computeRtp(game: CompiledGame = DEFAULT_GAME): RtpReport {
  const base = partRtp(game, game.baseStrips);
  const free = partRtp(game, game.freeStrips);
  if (free.freeSpinsPerSpin >= 1) throw new Error('free spins retrigger too often: the feature would never end on average');
  const freeSpinReturn = game.freeSpinMultiplier * (free.lines + free.scatter);
  const freeSpinsPerTrigger = base.triggerProbability > 0 ? base.freeSpinsPerSpin / base.triggerProbability / (1 - free.freeSpinsPerSpin) : 0;
  const freeSpinsRtp = (base.freeSpinsPerSpin / (1 - free.freeSpinsPerSpin)) * freeSpinReturn;
  return {
    base,
    free,
    freeSpinReturn,
    freeSpinsPerTrigger,
    freeSpinsRtp,
    total: base.lines + base.scatter + freeSpinsRtp,
    hitFrequency: hitFrequency(game),
  };
}

function percent(value: number): string {
  return `${(value * 100).toFixed(4)}%`;
}

function printReport(report: RtpReport): void {
  const { base, free } = report;
  const rows: [string, string][] = [
    ['base game lines', percent(base.lines)],
    ['base game scatter pays', percent(base.scatter)],
    ['free spins (lines + scatters, x multiplier, retriggers)', percent(report.freeSpinsRtp)],
    ['TOTAL RTP (jackpot excluded)', percent(report.total)],
    ['free-spin trigger probability (3+ scatters)', `${percent(base.triggerProbability)} (1 in ${(1 / base.triggerProbability).toFixed(1)})`],
    ['free spins per trigger, retriggers included', report.freeSpinsPerTrigger.toFixed(4)],
    ['free-spin retrigger: spins awarded per free spin', free.freeSpinsPerSpin.toFixed(6)],
    ['one free spin returns (x total bet)', report.freeSpinReturn.toFixed(6)],
    ['free reels: lines / scatter (before multiplier)', `${percent(free.lines)} / ${percent(free.scatter)}`],
    ['hit frequency, 1 line', percent(report.hitFrequency[0]!)],
    ['hit frequency, 20 lines', percent(report.hitFrequency[report.hitFrequency.length - 1]!)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  console.log(`scatter count distribution (base): ${base.scatterDistribution.map((p, k) => `${k}: ${p.toExponential(6)}`).join(', ')}`);
}

if (import.meta.main) printReport(computeRtp());
