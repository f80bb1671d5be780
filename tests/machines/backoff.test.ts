import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay } from '../../machines/backoff.ts';

describe('the shared reconnect backoff', () => {
  it('waits between half its ceiling and its ceiling, the ceiling doubling per attempt up to the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, random) => {
        const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
        const delay = backoffDelay(attempt, () => random);
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
        expect(delay).toBeLessThanOrEqual(ceiling);
        expect(Number.isInteger(delay)).toBe(true);
      }),
    );
  });

  it('grows with each attempt (at the same draw) and never passes the cap', () => {
    const at = (attempt: number) => backoffDelay(attempt, () => 0.5);
    expect([0, 1, 2, 3, 4, 10].map(at)).toEqual([750, 1500, 3000, 6000, 6000, 6000]);
    expect(backoffDelay(99, () => 0.999999)).toBe(BACKOFF_CAP_MS);
  });

  it('spreads a floor of players who lost the server together', () => {
    const draws = new Set(Array.from({ length: 50 }, () => backoffDelay(3)));
    expect(draws.size).toBeGreaterThan(10);
  });
});
