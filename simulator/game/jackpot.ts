/**
 * A brand's progressive jackpot. Every paid bet feeds a fixed fraction into the pool; every
 * paid spin may hit it with a chance proportional to its bet; a hit wins the whole pool and the
 * pool restarts from the seed (which the operator funds).
 *
 * Money stays exact: 1% of a 7-cent bet is 0.07 cents, which cannot be added to an integer pool,
 * so the fraction is carried (in hundredths of a cent) until it makes whole cents. At any time
 * contributions x CONTRIBUTION_DENOMINATOR + carry = bets x CONTRIBUTION_NUMERATOR (plus the
 * carry the state started with): no fraction of a cent is created or lost.
 */
import type { Rng } from './rng.ts';

/** Where the pool starts and restarts, in minor units (1,000.00). */
export const JACKPOT_SEED = 100_000;
/** The contribution rate, CONTRIBUTION_NUMERATOR / CONTRIBUTION_DENOMINATOR of every paid bet (1%). */
export const CONTRIBUTION_NUMERATOR = 1;
export const CONTRIBUTION_DENOMINATOR = 100;
/**
 * A paid spin hits with probability bet / JACKPOT_ODDS (bet in minor units): 1 in 500,000 at
 * 0.20, 1 in 5,000 at the top bet of 20.00. Bet volume between hits is then 100,000.00 on
 * average, so the pool is worth seed + 1% of that = 2,000.00 on average when it hits.
 */
export const JACKPOT_ODDS = 10_000_000;

export interface JackpotState {
  /** The amount the pool restarts from, in minor units. */
  seed: number;
  /** The amount a hit wins now, in minor units. */
  pool: number;
  /** Contributions not yet a whole minor unit, in 1/CONTRIBUTION_DENOMINATOR of a minor unit. */
  carry: number;
}

export interface Jackpot {
  /** The amount a hit wins now, in minor units. */
  readonly pool: number;
  /** Feeds a paid bet's share into the pool; returns the whole minor units added. */
  contribute(bet: number): number;
  /**
   * Draws whether a paid spin of `bet` hits: returns the pool won (and resets the pool to the
   * seed) or 0. A bet of 0 (a free spin) cannot hit and does not draw from the RNG.
   */
  tryHit(rng: Rng, bet: number): number;
  /** A copy of the state, to persist; createJackpot(state) resumes it exactly. */
  state(): JackpotState;
}

function assertMinorUnits(value: number, name: string, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) throw new RangeError(`${name} must be an integer in 0..${max}, got ${value}`);
}

export function createJackpot(initial: JackpotState = { seed: JACKPOT_SEED, pool: JACKPOT_SEED, carry: 0 }): Jackpot {
  assertMinorUnits(initial.seed, 'jackpot seed');
  assertMinorUnits(initial.pool, 'jackpot pool');
  assertMinorUnits(initial.carry, 'jackpot carry', CONTRIBUTION_DENOMINATOR - 1);
  const seed = initial.seed;
  let pool = initial.pool;
  let carry = initial.carry;
  return {
    get pool() {
      return pool;
    },
    contribute(bet) {
      assertMinorUnits(bet, 'bet');
      const owed = carry + bet * CONTRIBUTION_NUMERATOR;
      const whole = Math.floor(owed / CONTRIBUTION_DENOMINATOR);
      carry = owed - whole * CONTRIBUTION_DENOMINATOR;
      pool += whole;
      return whole;
    },
    tryHit(rng, bet) {
      assertMinorUnits(bet, 'bet', JACKPOT_ODDS);
      if (bet === 0 || rng.nextInt(JACKPOT_ODDS) >= bet) return 0;
      const won = pool;
      // The carry is kept: it is already-paid contribution and belongs to the next pool.
      pool = seed;
      return won;
    },
    state() {
      return { seed, pool, carry };
    },
  };
}
