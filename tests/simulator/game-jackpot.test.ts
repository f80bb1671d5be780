import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTRIBUTION_DENOMINATOR,
  CONTRIBUTION_NUMERATOR,
  createJackpot,
  JACKPOT_ODDS,
  JACKPOT_SEED,
  type JackpotState,
} from '../../simulator/game/jackpot.ts';
import { createRng, type Rng } from '../../simulator/game/rng.ts';

/** An RNG whose nextInt answers a fixed value, to force a hit or a miss. */
function fixedRng(value: number): Rng & { calls: number } {
  const rng = {
    calls: 0,
    nextUint32: () => value,
    nextFloat: () => 0,
    nextInt: () => {
      rng.calls++;
      return value;
    },
    getState: () => 'fixed',
  };
  return rng;
}

describe('jackpot', () => {
  it('starts at the seed', () => {
    expect(createJackpot().state()).toEqual({ seed: JACKPOT_SEED, pool: JACKPOT_SEED, carry: 0 });
    expect(createJackpot().pool).toBe(100_000);
  });

  it('takes exactly 1% of bets: whole cents into the pool, the fraction carried', () => {
    const jackpot = createJackpot();
    expect(jackpot.contribute(250)).toBe(2); // 2.5 cents: 2 now, 0.5 carried
    expect(jackpot.state()).toEqual({ seed: JACKPOT_SEED, pool: JACKPOT_SEED + 2, carry: 50 });
    expect(jackpot.contribute(50)).toBe(1); // 0.5 + 0.5
    expect(jackpot.state().carry).toBe(0);
    expect(jackpot.contribute(7)).toBe(0);
    expect(jackpot.contribute(0)).toBe(0);
    expect(jackpot.state()).toEqual({ seed: JACKPOT_SEED, pool: JACKPOT_SEED + 3, carry: 7 });
  });

  it('never creates or loses a fraction of a cent, whatever the bets and hits', () => {
    const spinArb = fc.record({ bet: fc.integer({ min: 0, max: 1_000_000 }), hit: fc.boolean() });
    fc.assert(
      fc.property(fc.array(spinArb, { maxLength: 200 }), fc.integer({ min: 0, max: CONTRIBUTION_DENOMINATOR - 1 }), (spins, startCarry) => {
        const jackpot = createJackpot({ seed: JACKPOT_SEED, pool: 123_456, carry: startCarry });
        let contributed = 0;
        let won = 0;
        let hits = 0;
        for (const { bet, hit } of spins) {
          contributed += jackpot.contribute(bet);
          const amount = jackpot.tryHit(fixedRng(hit ? 0 : JACKPOT_ODDS - 1), Math.min(bet, JACKPOT_ODDS));
          if (amount > 0) hits++;
          won += amount;
        }
        const { pool, carry } = jackpot.state();
        const betTotal = spins.reduce((sum, { bet }) => sum + bet, 0);
        // Everything paid out or still in the pool came from the start, the contributions, or a seed refill.
        expect(won + pool).toBe(123_456 + contributed + hits * JACKPOT_SEED);
        // The contributions are exactly 1% of the bets, to the hundredth of a cent.
        expect(contributed * CONTRIBUTION_DENOMINATOR + carry - startCarry).toBe(betTotal * CONTRIBUTION_NUMERATOR);
        expect(carry >= 0 && carry < CONTRIBUTION_DENOMINATOR).toBe(true);
      }),
    );
  });

  it('pays the whole pool on a hit and restarts from the seed, keeping the carry', () => {
    const jackpot = createJackpot({ seed: JACKPOT_SEED, pool: 345_678, carry: 42 });
    expect(jackpot.tryHit(fixedRng(200), 200)).toBe(0); // draw 200 is not below bet 200
    expect(jackpot.pool).toBe(345_678);
    expect(jackpot.tryHit(fixedRng(199), 200)).toBe(345_678);
    expect(jackpot.state()).toEqual({ seed: JACKPOT_SEED, pool: JACKPOT_SEED, carry: 42 });
  });

  it('cannot be hit by a free spin, which draws nothing', () => {
    const rng = fixedRng(0);
    expect(createJackpot().tryHit(rng, 0)).toBe(0);
    expect(rng.calls).toBe(0);
  });

  it('hits with probability bet / JACKPOT_ODDS', () => {
    const rng = createRng('jackpot odds');
    const bet = 2_000;
    const tries = 1_000_000;
    const jackpot = createJackpot();
    let hits = 0;
    for (let i = 0; i < tries; i++) if (jackpot.tryHit(rng, bet) > 0) hits++;
    const expected = (tries * bet) / JACKPOT_ODDS; // 200
    expect(Math.abs(hits - expected)).toBeLessThan(4 * Math.sqrt(expected));
  });

  it('resumes from a saved state and rejects a broken one', () => {
    const jackpot = createJackpot();
    jackpot.contribute(12_345);
    const saved: JackpotState = JSON.parse(JSON.stringify(jackpot.state()));
    const resumed = createJackpot(saved);
    expect(resumed.contribute(55)).toBe(jackpot.contribute(55));
    expect(resumed.state()).toEqual(jackpot.state());
    expect(() => createJackpot({ seed: JACKPOT_SEED, pool: -1, carry: 0 })).toThrow(RangeError);
    expect(() => createJackpot({ seed: JACKPOT_SEED, pool: 1, carry: CONTRIBUTION_DENOMINATOR })).toThrow(RangeError);
    expect(() => createJackpot({ seed: 0.5, pool: 1, carry: 0 })).toThrow(RangeError);
    expect(() => jackpot.contribute(1.5)).toThrow(RangeError);
  });
});
