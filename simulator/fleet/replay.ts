/**
 * A made-up session of play for the seeded history: deterministic from its seed, so every fresh
 * data folder gets the same history and tests can rely on it. Not the real game maths
 * (simulator/game): the history only needs believable bets and wins that add up.
 */

export interface ReplaySpin {
  /** 0 on a free spin. */
  bet: number;
  win: number;
  freeSpin: boolean;
}

export interface Replay {
  spins: ReplaySpin[];
  /** Credits left on the machine at the end: what the cash out moves back to the wallet. */
  credits: number;
}

const FREE_SPINS_AWARDED = 8;
const FREE_SPIN_MULTIPLIER = 2;

/** mulberry32: a tiny seedable generator, plenty for made-up history. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays paid spins of `bet` from `cashIn` credits until maxSpins or the credits run out. */
export function replaySession(cashIn: number, bet: number, maxSpins: number, seed: number): Replay {
  const random = generator(seed);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const spins: ReplaySpin[] = [];
  let credits = cashIn;
  let freeLeft = 0;
  while (spins.length < maxSpins && (freeLeft > 0 || credits >= bet)) {
    if (freeLeft > 0) {
      freeLeft -= 1;
      const win = random() < 0.5 ? 0 : bet * between(1, 6) * FREE_SPIN_MULTIPLIER;
      spins.push({ bet: 0, win, freeSpin: true });
      credits += win;
      continue;
    }
    const roll = random();
    let win = 0;
    if (roll >= 0.985) {
      win = bet * 2;
      freeLeft += FREE_SPINS_AWARDED;
    } else if (roll >= 0.975) win = bet * between(15, 30);
    else if (roll >= 0.945) win = bet * between(5, 12);
    else if (roll >= 0.87) win = bet * between(2, 4);
    else if (roll >= 0.72) win = bet;
    spins.push({ bet, win, freeSpin: false });
    credits += win - bet;
  }
  return { spins, credits };
}
