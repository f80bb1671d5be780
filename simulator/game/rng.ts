/**
 * The machines' random number generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting
 * generator, 128-bit state, passes PractRand), seeded through splitmix32. It is deterministic
 * so that a seed replays a session exactly, and its whole state is a short string so a
 * machine's RNG can be persisted in the store and resumed where it stopped.
 */

export interface Rng {
  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number;
  /** A uniform float in [0, 1) with 53 random bits. */
  nextFloat(): number;
  /** A uniform integer in [0, n), without modulo bias; n is an integer in 1..2^32. */
  nextInt(n: number): number;
  /** The exact state, e.g. 'sfc32:9e3779b9:…'; `fromState` resumes from it. */
  getState(): string;
}

const STATE_PREFIX = 'sfc32:';
const TWO_POW_32 = 4294967296;
/** sfc32's author recommends discarding the first outputs so related seeds decorrelate. */
const WARM_UP_ROUNDS = 12;

/** splitmix32 (a 32-bit variant of splitmix64): spreads a weak seed over the sfc32 words. */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a over the UTF-16 code units: a string seed only needs to be stable, not secret. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

/** Folds a safe integer (negative allowed) into 32 bits, keeping its high word's entropy. */
function foldNumber(seed: number): number {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`RNG seed must be a safe integer, got ${seed}`);
  const low = seed >>> 0;
  const high = Math.floor(seed / TWO_POW_32) >>> 0;
  return (low ^ Math.imul(high, 0x9e3779b1)) >>> 0;
}

function sfc32(a: number, b: number, c: number, d: number): Rng {
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  return {
    nextUint32,
    nextFloat() {
      const high = nextUint32() >>> 5; // 27 bits
      const low = nextUint32() >>> 6; // 26 bits
      return (high * 67108864 + low) / 9007199254740992;
    },
    nextInt(n) {
      if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`nextInt bound must be an integer in 1..2^32, got ${n}`);
      // Rejection sampling: only accept draws below the largest multiple of n, so every
      // residue is equally likely. At most half the draws are rejected (n just above 2^31).
      const limit = TWO_POW_32 - (TWO_POW_32 % n);
      let draw = nextUint32();
      while (draw >= limit) draw = nextUint32();
      return draw % n;
    },
    getState() {
      return STATE_PREFIX + [a, b, c, d].map((word) => (word >>> 0).toString(16).padStart(8, '0')).join(':');
    },
  };
}

/** A fresh generator; the same seed always yields the same sequence. */
export function createRng(seed: number | string): Rng {
  const mix = splitmix32(typeof seed === 'string' ? hashString(seed) : foldNumber(seed));
  const rng = sfc32(mix(), mix(), mix(), mix());
  for (let i = 0; i < WARM_UP_ROUNDS; i++) rng.nextUint32();
  return rng;
}

/** Resumes a generator exactly where `getState()` left it. */
export function fromState(state: string): Rng {
  const words = state.startsWith(STATE_PREFIX) ? state.slice(STATE_PREFIX.length).split(':') : [];
  if (words.length !== 4 || !words.every((word) => /^[0-9a-f]{8}$/.test(word))) {
    throw new RangeError(`not an sfc32 RNG state: ${JSON.stringify(state)}`);
  }
  const [a = 0, b = 0, c = 0, d = 0] = words.map((word) => Number.parseInt(word, 16) | 0);
  return sfc32(a, b, c, d);
}
