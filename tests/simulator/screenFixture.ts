import type { SymbolId } from '../../simulator/game/symbols.ts';
import type { ScreenState } from '../../simulator/video/screen.ts';

/**
 * A machine's screen at rest, as the video tests draw it: Golden Sevens with three sevens on the
 * middle row. Each test states what it needs different (credits, bet, message…) in `overrides`.
 */
export function machineScreen(overrides: Partial<ScreenState> = {}): ScreenState {
  return {
    machineId: 'm1',
    machineName: 'Golden Sevens',
    brand: 'Aurora Gaming',
    status: 'playing',
    credits: 10_000,
    bet: 100,
    lines: 10,
    win: 0,
    reels: [
      ['cherry', 'seven', 'bell'],
      ['lemon', 'seven', 'wild'],
      ['plum', 'seven', 'bar'],
      ['orange', 'scatter', 'cherry'],
      ['bell', 'lemon', 'seven'],
    ] satisfies SymbolId[][],
    spinning: null,
    winningLines: [],
    freeSpinsLeft: 0,
    autoplay: false,
    jackpot: 500_000,
    message: 'GOOD LUCK',
    ...overrides,
  };
}
