import { describe, expect, it } from 'vitest';
import { compileGame, DEFAULT_CONFIG, type CompiledGame } from '../../simulator/game/game.ts';
import { createRng } from '../../simulator/game/rng.ts';
import { computeRtp, type RtpReport } from '../../simulator/game/rtp.ts';
import { evaluateStops, spin } from '../../simulator/game/spin.ts';
import type { SymbolId } from '../../simulator/game/symbols.ts';

describe('documented RTP', () => {
  // These are the figures of docs/game-maths.md: changing the reels or the paytable must
  // change the document too.
  it('matches the figures in docs/game-maths.md', () => {
    const report = computeRtp();
    expect(report.base.lines).toBeCloseTo(0.69575, 5);
    expect(report.base.scatter).toBeCloseTo(0.03859, 5);
    expect(report.freeSpinsRtp).toBeCloseTo(0.203175, 5);
    expect(report.total).toBeCloseTo(0.937515, 5);
    expect(report.total).toBeGreaterThan(0.92);
    expect(report.total).toBeLessThan(0.95);
    expect(1 / report.base.triggerProbability).toBeCloseTo(150.6, 1);
    expect(report.freeSpinsPerTrigger).toBeCloseTo(8.6425, 4);
    expect(report.hitFrequency[0]).toBeCloseTo(0.043509, 5);
    expect(report.hitFrequency[19]).toBeCloseTo(0.50648, 5);
  });
});

describe('the RTP model is exact', () => {
  // Small strips (4-5 stops) let every stop combination be played through the real evaluator
  // and compared with the model's closed-form figures.
  const strips = (...reels: SymbolId[][]) => reels;
  const tiny: CompiledGame = compileGame({
    ...DEFAULT_CONFIG,
    // Scatters show on most tiny windows: small awards keep the free spins finite on average.
    freeSpinAwards: [1, 1, 2],
    baseReels: strips(
      ['wild', 'seven', 'scatter', 'cherry'],
      ['seven', 'wild', 'cherry', 'scatter', 'bar'],
      ['cherry', 'seven', 'scatter', 'wild'],
      ['scatter', 'bar', 'seven', 'cherry', 'wild'],
      ['seven', 'cherry', 'bar', 'scatter'],
    ),
    freeReels: strips(
      ['seven', 'wild', 'cherry', 'scatter', 'bell'],
      ['wild', 'scatter', 'seven', 'bar'],
      ['bell', 'seven', 'wild', 'scatter', 'cherry'],
      ['cherry', 'scatter', 'wild', 'seven'],
      ['wild', 'bar', 'scatter', 'seven', 'cherry'],
    ),
  });

  function enumerate(game: CompiledGame, freeSpin: boolean) {
    const reels = freeSpin ? game.freeStrips : game.baseStrips;
    const lengths = reels.map((strip) => strip.length);
    const combos = lengths.reduce((product, length) => product * length, 1);
    const bet = { betPerLine: 1, lines: 20, freeSpin };
    const sums = { lines: 0, scatter: 0, total: 0, triggers: 0, awards: 0 };
    const hitsByLines = new Array<number>(21).fill(0);
    for (let index = 0; index < combos; index++) {
      let rest = index;
      const stops = lengths.map((length) => {
        const stop = rest % length;
        rest = Math.floor(rest / length);
        return stop;
      });
      const result = evaluateStops(game, stops, bet);
      sums.lines += result.lineWins.reduce((sum, w) => sum + w.win, 0);
      sums.scatter += result.scatter.win;
      sums.total += result.totalWin;
      sums.awards += result.freeSpinsAwarded;
      if (result.scatter.count >= 3) sums.triggers++;
      const firstLine = result.scatter.win > 0 ? 1 : (result.lineWins[0]?.line ?? 21);
      for (let lines = firstLine; lines <= 20; lines++) hitsByLines[lines]! += 1;
    }
    const perBet = (value: number) => value / combos / 20;
    return {
      lines: perBet(sums.lines),
      scatter: perBet(sums.scatter),
      total: perBet(sums.total),
      triggerProbability: sums.triggers / combos,
      freeSpinsPerSpin: sums.awards / combos,
      hitFrequency: hitsByLines.slice(1).map((hits) => hits / combos),
    };
  }

  it('for paid spins: lines, scatters, triggers and hit frequency', () => {
    const report: RtpReport = computeRtp(tiny);
    const played = enumerate(tiny, false);
    expect(played.lines).toBeGreaterThan(0);
    expect(played.triggerProbability).toBeGreaterThan(0);
    expect(report.base.lines).toBeCloseTo(played.lines, 12);
    expect(report.base.scatter).toBeCloseTo(played.scatter, 12);
    expect(report.base.triggerProbability).toBeCloseTo(played.triggerProbability, 12);
    expect(report.base.freeSpinsPerSpin).toBeCloseTo(played.freeSpinsPerSpin, 12);
    report.hitFrequency.forEach((frequency, index) => expect(frequency).toBeCloseTo(played.hitFrequency[index]!, 12));
  });

  it('for free spins: the multiplied return and the retrigger rate', () => {
    const report = computeRtp(tiny);
    const played = enumerate(tiny, true);
    expect(report.freeSpinReturn).toBeCloseTo(played.total, 12);
    expect(report.free.freeSpinsPerSpin).toBeCloseTo(played.freeSpinsPerSpin, 12);
  });
});

/** Mean and standard deviation of a stream of values, without keeping them. */
function stats() {
  let count = 0;
  let sum = 0;
  let squares = 0;
  return {
    add(value: number) {
      count++;
      sum += value;
      squares += value * value;
    },
    get count() {
      return count;
    },
    get mean() {
      return sum / count;
    },
    get sd() {
      const mean = sum / count;
      return Math.sqrt(Math.max(0, squares / count - mean * mean) * (count / (count - 1)));
    },
    /** 4 standard errors: a correct game fails this about once in 16,000 seeds. */
    get tolerance() {
      return (4 * this.sd) / Math.sqrt(count);
    },
  };
}

describe('simulation', () => {
  it('returns the documented RTP over 2,000,000 paid spins', { timeout: 60_000 }, () => {
    const report = computeRtp();
    const rng = createRng('reelside rtp simulation');
    const bet = { betPerLine: 1, lines: 20 };
    const totalBet = 20;
    const perSpin = stats(); // everything a paid spin returns, its free spins included, / bet
    const baseLines = stats(); // the paid spin's line wins / bet
    const freeSpin = stats(); // one free spin's win / bet
    const spinsPerTrigger = stats();
    let triggers = 0;
    let charged = 0;
    let won = 0;
    const paidSpins = 2_000_000;
    for (let i = 0; i < paidSpins; i++) {
      const paid = spin({ rng, ...bet, freeSpin: false });
      charged += paid.bet;
      let lineWins = 0;
      for (const { win } of paid.lineWins) lineWins += win;
      baseLines.add(lineWins / totalBet);
      let returned = paid.totalWin;
      let left = paid.freeSpinsAwarded;
      if (left > 0) triggers++;
      let played = 0;
      while (left > 0) {
        left--;
        played++;
        const free = spin({ rng, ...bet, freeSpin: true });
        charged += free.bet;
        freeSpin.add(free.totalWin / totalBet);
        returned += free.totalWin;
        left += free.freeSpinsAwarded;
      }
      if (played > 0) spinsPerTrigger.add(played);
      won += returned;
      perSpin.add(returned / totalBet);
    }

    expect(charged).toBe(paidSpins * totalBet); // free spins charged nothing
    expect(won / charged).toBeCloseTo(perSpin.mean, 12);
    expect(Math.abs(perSpin.mean - report.total)).toBeLessThan(perSpin.tolerance);
    expect(Math.abs(baseLines.mean - report.base.lines)).toBeLessThan(baseLines.tolerance);
    expect(Math.abs(freeSpin.mean - report.freeSpinReturn)).toBeLessThan(freeSpin.tolerance);
    expect(Math.abs(spinsPerTrigger.mean - report.freeSpinsPerTrigger)).toBeLessThan(spinsPerTrigger.tolerance);
    const p = report.base.triggerProbability;
    expect(Math.abs(triggers - paidSpins * p)).toBeLessThan(4 * Math.sqrt(paidSpins * p * (1 - p)));
    // The tolerance must stay meaningful: a broken table usually moves the RTP by more.
    expect(perSpin.tolerance).toBeLessThan(0.025);
  });
});
