/**
 * The reel strips. A reel stops on one of its stops uniformly; the window then shows that stop
 * on the top row and the next two below it, wrapping round the strip. Changing a strip changes
 * the RTP: re-run simulator/game/rtp.ts and update docs/game-maths.md.
 */
import type { SymbolId } from './symbols.ts';

/**
 * Paid-spin strips, 32-33 stops. Per reel (1..5): cherry 6, lemon 6, orange 5, plum 5, bell 4, bar 3,
 * seven 2, scatter 1 and wild 1 on reels 1-4 (none on reel 5). Only these counts matter to the
 * RTP; the order (shuffled once, no symbol next to itself, wild and scatter at least three stops
 * apart) shapes the look and the hit frequency.
 */
export const BASE_REELS: readonly (readonly SymbolId[])[] = [
  [
    'lemon', 'orange', 'bell', 'seven', 'wild', 'plum', 'cherry', 'lemon',
    'scatter', 'cherry', 'lemon', 'bell', 'plum', 'seven', 'cherry', 'orange',
    'plum', 'bar', 'orange', 'cherry', 'plum', 'bell', 'lemon', 'plum',
    'cherry', 'orange', 'bell', 'lemon', 'cherry', 'bar', 'lemon', 'orange',
    'bar',
  ],
  [
    'plum', 'lemon', 'cherry', 'seven', 'bar', 'seven', 'orange', 'wild',
    'cherry', 'bell', 'orange', 'bell', 'orange', 'lemon', 'cherry', 'plum',
    'lemon', 'orange', 'bar', 'cherry', 'lemon', 'scatter', 'bar', 'cherry',
    'bell', 'orange', 'plum', 'cherry', 'plum', 'lemon', 'plum', 'lemon',
    'bell',
  ],
  [
    'bar', 'orange', 'bar', 'cherry', 'orange', 'plum', 'lemon', 'seven',
    'orange', 'wild', 'seven', 'lemon', 'plum', 'orange', 'cherry', 'bell',
    'bar', 'bell', 'plum', 'bell', 'cherry', 'plum', 'cherry', 'lemon',
    'cherry', 'lemon', 'cherry', 'lemon', 'orange', 'scatter', 'plum', 'lemon',
    'bell',
  ],
  [
    'bell', 'bar', 'lemon', 'cherry', 'plum', 'cherry', 'orange', 'scatter',
    'lemon', 'bell', 'orange', 'bell', 'lemon', 'bell', 'orange', 'plum',
    'seven', 'orange', 'cherry', 'bar', 'cherry', 'plum', 'bar', 'plum',
    'orange', 'lemon', 'cherry', 'plum', 'lemon', 'wild', 'lemon', 'cherry',
    'seven',
  ],
  [
    'bell', 'orange', 'lemon', 'bar', 'lemon', 'cherry', 'bar', 'seven',
    'plum', 'lemon', 'bell', 'lemon', 'cherry', 'plum', 'orange', 'cherry',
    'orange', 'bell', 'plum', 'lemon', 'bell', 'plum', 'lemon', 'bar',
    'cherry', 'plum', 'cherry', 'scatter', 'orange', 'seven', 'cherry', 'orange',
  ],
];

/**
 * Free-spin strips, 33-34 stops: richer in high symbols and wilds. Per reel: cherry, lemon,
 * orange, plum 5 each, bell 4, bar 4, seven 3, scatter 1 (so free spins can retrigger), wild 1 on
 * reels 1 and 5 and 2 on reels 2-4.
 */
export const FREE_REELS: readonly (readonly SymbolId[])[] = [
  [
    'cherry', 'bell', 'plum', 'lemon', 'bar', 'lemon', 'cherry', 'orange',
    'seven', 'orange', 'lemon', 'seven', 'bell', 'orange', 'cherry', 'bar',
    'plum', 'seven', 'cherry', 'orange', 'bar', 'wild', 'lemon', 'bell',
    'plum', 'lemon', 'cherry', 'plum', 'bell', 'orange', 'scatter', 'plum',
    'bar',
  ],
  [
    'bell', 'wild', 'seven', 'lemon', 'bar', 'cherry', 'plum', 'scatter',
    'lemon', 'plum', 'lemon', 'bell', 'wild', 'lemon', 'orange', 'cherry',
    'orange', 'plum', 'seven', 'lemon', 'seven', 'bar', 'orange', 'plum',
    'cherry', 'plum', 'bell', 'cherry', 'orange', 'bar', 'bell', 'bar',
    'orange', 'cherry',
  ],
  [
    'bell', 'plum', 'orange', 'cherry', 'bell', 'bar', 'lemon', 'bell',
    'bar', 'scatter', 'orange', 'seven', 'plum', 'seven', 'cherry', 'bell',
    'plum', 'seven', 'cherry', 'plum', 'cherry', 'lemon', 'orange', 'lemon',
    'plum', 'bar', 'lemon', 'wild', 'orange', 'cherry', 'bar', 'wild',
    'lemon', 'orange',
  ],
  [
    'cherry', 'plum', 'bar', 'lemon', 'plum', 'lemon', 'scatter', 'cherry',
    'seven', 'orange', 'plum', 'orange', 'lemon', 'plum', 'bar', 'wild',
    'bell', 'cherry', 'orange', 'lemon', 'bar', 'wild', 'orange', 'seven',
    'bar', 'bell', 'lemon', 'cherry', 'bell', 'plum', 'cherry', 'bell',
    'orange', 'seven',
  ],
  [
    'lemon', 'bar', 'wild', 'lemon', 'cherry', 'bell', 'lemon', 'cherry',
    'bar', 'cherry', 'orange', 'seven', 'orange', 'bell', 'seven', 'plum',
    'bar', 'plum', 'lemon', 'cherry', 'plum', 'bell', 'plum', 'bar',
    'plum', 'bell', 'orange', 'cherry', 'orange', 'seven', 'lemon', 'orange',
    'scatter',
  ],
];
