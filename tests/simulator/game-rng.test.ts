import { describe, expect, it } from 'vitest';
import { createRng, fromState, type Rng } from '../../simulator/game/rng.ts';

function draws(rng: Rng, count: number): number[] {
  return Array.from({ length: count }, () => rng.nextUint32());
}

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe('rng', () => {
  it('replays the same sequence from the same seed, number or string', () => {
    expect(draws(createRng(42), 100)).toEqual(draws(createRng(42), 100));
    expect(draws(createRng('machine-7'), 100)).toEqual(draws(createRng('machine-7'), 100));
    expect(draws(createRng(42), 10)).not.toEqual(draws(createRng(43), 10));
    expect(draws(createRng('machine-7'), 10)).not.toEqual(draws(createRng('machine-8'), 10));
    // Seeds differing only above 32 bits still give different sequences.
    expect(draws(createRng(2 ** 40), 10)).not.toEqual(draws(createRng(0), 10));
  });

  it('pins the sequence so a change of algorithm or seeding, which would break saved states, is noticed', () => {
    expect(draws(createRng('reelside'), 3)).toEqual([2734725415, 3279174191, 1776644515]);
    expect(createRng(1).getState()).toBe('sfc32:929e870f:60ab15cd:c5571dba:79adc7f3');
  });

  it('resumes exactly from a saved state', () => {
    const rng = createRng('resume');
    draws(rng, 1234);
    const saved = rng.getState();
    const resumed = fromState(saved);
    expect(draws(resumed, 500)).toEqual(draws(rng, 500));
    expect(resumed.getState()).toBe(rng.getState());
    // The state is a plain string, so it survives JSON and a database column.
    expect(draws(fromState(JSON.parse(JSON.stringify(saved)) as string), 5)).toEqual(draws(fromState(saved), 5));
  });

  it('rejects a malformed state and a bad seed or bound', () => {
    expect(() => fromState('')).toThrow(RangeError);
    expect(() => fromState('sfc32:1:2:3:4')).toThrow(RangeError);
    expect(() => fromState('xoshiro:00000000:00000000:00000000:00000000')).toThrow(RangeError);
    expect(() => createRng(1.5)).toThrow(RangeError);
    const rng = createRng(1);
    for (const bound of [0, -1, 2.5, 2 ** 32 + 1, Number.NaN]) expect(() => rng.nextInt(bound)).toThrow(RangeError);
  });

  it('keeps floats in [0, 1) and ints in [0, n)', () => {
    const rng = createRng('ranges');
    for (let i = 0; i < 10_000; i++) {
      const float = rng.nextFloat();
      expect(float >= 0 && float < 1).toBe(true);
      const int = rng.nextInt(7);
      expect(Number.isInteger(int) && int >= 0 && int < 7).toBe(true);
    }
    expect(rng.nextInt(1)).toBe(0);
    expect(rng.nextInt(2 ** 32)).toBeLessThan(2 ** 32);
  });

  it('draws nextInt uniformly on a small range (chi-square)', () => {
    const rng = createRng('chi-square');
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[rng.nextInt(6)]! += 1;
    // 5 degrees of freedom: P(chi2 > 20.52) = 0.001.
    expect(chiSquare(counts)).toBeLessThan(20.52);
  });

  it('has no modulo bias on a range where plain modulo would be badly biased', () => {
    // With n = 3 * 2^30, `uint32 % n` would land in [0, 2^30) twice as often as elsewhere.
    const rng = createRng('bias');
    const n = 3 * 2 ** 30;
    const thirds = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) thirds[Math.floor(rng.nextInt(n) / 2 ** 30)]! += 1;
    // 2 degrees of freedom: P(chi2 > 13.82) = 0.001. Plain modulo would score about 2,500.
    expect(chiSquare(thirds)).toBeLessThan(13.82);
  });

  it('spreads nextFloat evenly over ten buckets (chi-square)', () => {
    const rng = createRng(7);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) counts[Math.floor(rng.nextFloat() * 10)]! += 1;
    // 9 degrees of freedom: P(chi2 > 27.88) = 0.001.
    expect(chiSquare(counts)).toBeLessThan(27.88);
  });
});
