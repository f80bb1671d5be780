import { describe, expect, it } from 'vitest';
import { BET_PER_LINE_LEVELS, MAX_LINES, totalBet } from '../../simulator/game/bet.ts';
import { evaluateLine, type LineOutcome } from '../../simulator/game/evaluate.ts';
import { compileGame, DEFAULT_CONFIG, DEFAULT_GAME, type CompiledGame } from '../../simulator/game/game.ts';
import { HAND_PAY_LIMIT, isHandPay } from '../../simulator/game/handpay.ts';
import { PAYLINE_COUNT, PAYLINES } from '../../simulator/game/paylines.ts';
import { FREE_SPIN_MULTIPLIER, LINE_PAYS, SCATTER_PAYS } from '../../simulator/game/paytable.ts';
import { BASE_REELS, FREE_REELS } from '../../simulator/game/reels.ts';
import { createRng } from '../../simulator/game/rng.ts';
import { referenceLinePay } from '../../simulator/game/rtp.ts';
import { evaluateStops, spin, type SpinBet, type SpinResult } from '../../simulator/game/spin.ts';
import { REEL_COUNT, ROW_COUNT, SYMBOLS, type SymbolId } from '../../simulator/game/symbols.ts';

type Row = [SymbolId, SymbolId, SymbolId, SymbolId, SymbolId];

/** Rows that never pay on any line, around the row under test. */
const TOP: Row = ['cherry', 'lemon', 'orange', 'plum', 'bell'];
const BOTTOM: Row = ['bar', 'bell', 'lemon', 'cherry', 'orange'];

/** A game whose reels, stopped at 0, show exactly these rows (top, middle, bottom). */
function gameShowing(rows: readonly Row[]): CompiledGame {
  const columns = Array.from({ length: REEL_COUNT }, (_, reel) => rows.map((row) => row[reel]!));
  return compileGame({ ...DEFAULT_CONFIG, baseReels: columns, freeReels: columns });
}

function play(rows: readonly Row[], bet: Partial<SpinBet> = {}): SpinResult {
  return evaluateStops(gameShowing(rows), [0, 0, 0, 0, 0], { betPerLine: 1, lines: 1, freeSpin: false, ...bet });
}

/** Plays one middle-row line at 2 per line. */
function middle(row: Row): SpinResult {
  return play([TOP, row, BOTTOM], { betPerLine: 2 });
}

describe('paylines and bets', () => {
  it('has 20 distinct lines crossing one row per reel', () => {
    expect(PAYLINE_COUNT).toBe(20);
    expect(MAX_LINES).toBe(20);
    expect(new Set(PAYLINES.map((line) => line.join())).size).toBe(20);
    for (const line of PAYLINES) {
      expect(line).toHaveLength(REEL_COUNT);
      expect(line.every((row) => row >= 0 && row < ROW_COUNT)).toBe(true);
    }
  });

  it('charges bet per line times lines, in minor units', () => {
    expect(BET_PER_LINE_LEVELS).toEqual([1, 2, 5, 10, 25, 50, 100]);
    expect(totalBet(5, 20)).toBe(100);
    expect(play([TOP, TOP, BOTTOM], { betPerLine: 5, lines: 7 }).bet).toBe(35);
  });

  it('rejects a bet off the levels or a line count outside 1..20, before drawing', () => {
    const rng = createRng('bad bets');
    const before = rng.getState();
    for (const [betPerLine, lines] of [
      [3, 20],
      [0, 20],
      [1, 0],
      [1, 21],
      [1, 2.5],
    ] as const) {
      expect(() => spin({ rng, betPerLine, lines, freeSpin: false })).toThrow(RangeError);
    }
    expect(rng.getState()).toBe(before);
  });
});

describe('line pays', () => {
  const win = (row: Row) => middle(row).lineWins;

  it('pays 3, 4 and 5 of a kind from the left, times the bet per line', () => {
    expect(win(['cherry', 'cherry', 'cherry', 'lemon', 'lemon'])).toEqual([{ line: 1, symbol: 'cherry', count: 3, win: 2 * LINE_PAYS.cherry[0] }]);
    expect(win(['bell', 'bell', 'bell', 'bell', 'plum'])).toEqual([{ line: 1, symbol: 'bell', count: 4, win: 2 * LINE_PAYS.bell[1] }]);
    expect(win(['seven', 'seven', 'seven', 'seven', 'seven'])).toEqual([{ line: 1, symbol: 'seven', count: 5, win: 2 * LINE_PAYS.seven[2] }]);
    expect(middle(['seven', 'seven', 'seven', 'seven', 'seven']).totalWin).toBe(2000);
  });

  it('lets wild stand for any line symbol', () => {
    expect(win(['seven', 'wild', 'seven', 'seven', 'plum'])).toEqual([{ line: 1, symbol: 'seven', count: 4, win: 2 * LINE_PAYS.seven[1] }]);
    expect(win(['wild', 'wild', 'seven', 'seven', 'seven'])).toEqual([{ line: 1, symbol: 'seven', count: 5, win: 2 * LINE_PAYS.seven[2] }]);
    expect(win(['bar', 'bar', 'wild', 'lemon', 'lemon'])).toEqual([{ line: 1, symbol: 'bar', count: 3, win: 2 * LINE_PAYS.bar[0] }]);
  });

  it('pays wilds as wilds when that is worth more', () => {
    // 3 wilds (100) beat 4 plums (40).
    expect(win(['wild', 'wild', 'wild', 'plum', 'cherry'])).toEqual([{ line: 1, symbol: 'wild', count: 3, win: 2 * LINE_PAYS.wild[0] }]);
    expect(win(['wild', 'wild', 'wild', 'wild', 'wild'])).toEqual([{ line: 1, symbol: 'wild', count: 5, win: 2 * LINE_PAYS.wild[2] }]);
    // 4 wilds (500) and 5 bars (500) pay the same: the wilds are reported.
    expect(win(['wild', 'wild', 'wild', 'wild', 'bar'])).toEqual([{ line: 1, symbol: 'wild', count: 4, win: 1000 }]);
  });

  it('pays left to right only, and a scatter breaks a line', () => {
    expect(win(['lemon', 'seven', 'seven', 'seven', 'seven'])).toEqual([]);
    expect(win(['cherry', 'cherry', 'lemon', 'cherry', 'cherry'])).toEqual([]);
    expect(win(['seven', 'scatter', 'seven', 'seven', 'seven'])).toEqual([]);
    expect(win(['wild', 'wild', 'scatter', 'seven', 'seven'])).toEqual([]);
    expect(win(['scatter', 'wild', 'wild', 'wild', 'wild'])).toEqual([]);
  });

  it('pays only the lines played, each on its own shape', () => {
    const rows: Row[] = [
      ['bell', 'bell', 'bell', 'bell', 'bell'],
      ['cherry', 'cherry', 'cherry', 'cherry', 'cherry'],
      ['plum', 'plum', 'plum', 'lemon', 'orange'],
    ];
    expect(play(rows, { lines: 1 }).lineWins.map((w) => w.line)).toEqual([1]);
    const three = play(rows, { lines: 3 });
    expect(three.lineWins).toEqual([
      { line: 1, symbol: 'cherry', count: 5, win: LINE_PAYS.cherry[2] },
      { line: 2, symbol: 'bell', count: 5, win: LINE_PAYS.bell[2] },
      { line: 3, symbol: 'plum', count: 3, win: LINE_PAYS.plum[0] },
    ]);
    expect(three.totalWin).toBe(LINE_PAYS.cherry[2] + LINE_PAYS.bell[2] + LINE_PAYS.plum[0]);
    // Line 4 is the V: top, middle, bottom, middle, top.
    const v = play(
      [
        ['seven', 'lemon', 'orange', 'plum', 'bell'],
        ['cherry', 'seven', 'bar', 'lemon', 'orange'],
        ['bar', 'bell', 'seven', 'cherry', 'lemon'],
      ],
      { lines: 20 },
    );
    expect(v.lineWins).toEqual([{ line: 4, symbol: 'seven', count: 3, win: LINE_PAYS.seven[0] }]);
  });

  it('agrees with the independent reference reading on every one of the 9^5 symbol lines', () => {
    const window = new Uint8Array(REEL_COUNT * ROW_COUNT);
    const outcome: LineOutcome = { symbol: 0, count: 0, pay: 0 };
    const codes = [0, 0, 0, 0, 0];
    let mismatches = 0;
    for (let tuple = 0; tuple < SYMBOLS.length ** REEL_COUNT; tuple++) {
      let rest = tuple;
      for (let reel = 0; reel < REEL_COUNT; reel++) {
        codes[reel] = rest % SYMBOLS.length;
        rest = Math.floor(rest / SYMBOLS.length);
        window[reel * ROW_COUNT + 1] = codes[reel]!;
      }
      const pay = evaluateLine(DEFAULT_GAME, window, 0, outcome);
      const symbol = SYMBOLS[outcome.symbol]!;
      const consistent = pay === 0 || (symbol !== 'scatter' && LINE_PAYS[symbol][outcome.count - 3] === pay);
      if (pay !== referenceLinePay(DEFAULT_CONFIG, codes) || !consistent) mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});

describe('scatters and free spins', () => {
  const noLines: Row = ['lemon', 'cherry', 'plum', 'orange', 'bar'];

  it('pays scatters anywhere, times the total bet, and awards free spins', () => {
    const two = play([['scatter', 'lemon', 'orange', 'plum', 'bell'], noLines, ['bar', 'bell', 'scatter', 'cherry', 'orange']], { lines: 20 });
    expect(two.scatter).toEqual({ count: 2, win: 0 });
    expect(two.freeSpinsAwarded).toBe(0);

    const rows3: Row[] = [['scatter', 'lemon', 'orange', 'plum', 'bell'], ['lemon', 'cherry', 'plum', 'orange', 'scatter'], ['bar', 'bell', 'scatter', 'cherry', 'orange']];
    const three = play(rows3, { betPerLine: 2, lines: 20 });
    expect(three.scatter).toEqual({ count: 3, win: SCATTER_PAYS[0] * 40 });
    expect(three.freeSpinsAwarded).toBe(8);
    expect(three.lineWins).toEqual([]);
    expect(three.totalWin).toBe(SCATTER_PAYS[0] * 40);

    const four = play([['scatter', 'lemon', 'orange', 'scatter', 'bell'], ['lemon', 'cherry', 'plum', 'orange', 'scatter'], ['bar', 'bell', 'scatter', 'cherry', 'orange']], { lines: 10 });
    expect(four.scatter).toEqual({ count: 4, win: SCATTER_PAYS[1] * 10 });
    expect(four.freeSpinsAwarded).toBe(12);

    const five = play([['scatter', 'scatter', 'orange', 'scatter', 'bell'], ['lemon', 'cherry', 'plum', 'orange', 'scatter'], ['bar', 'bell', 'scatter', 'cherry', 'orange']], { lines: 1 });
    expect(five.scatter).toEqual({ count: 5, win: SCATTER_PAYS[2] * 1 });
    expect(five.freeSpinsAwarded).toBe(20);
  });

  it('charges nothing on a free spin, multiplies its wins and can retrigger', () => {
    const rows: Row[] = [
      ['scatter', 'lemon', 'orange', 'plum', 'bell'],
      ['seven', 'seven', 'seven', 'orange', 'scatter'],
      ['bar', 'bell', 'scatter', 'cherry', 'orange'],
    ];
    const paid = play(rows, { betPerLine: 5, lines: 20 });
    const free = play(rows, { betPerLine: 5, lines: 20, freeSpin: true });
    expect(paid.bet).toBe(100);
    expect(paid.multiplier).toBe(1);
    expect(free.bet).toBe(0);
    expect(free.freeSpin).toBe(true);
    expect(free.multiplier).toBe(FREE_SPIN_MULTIPLIER);
    expect(free.totalWin).toBe(paid.totalWin * FREE_SPIN_MULTIPLIER);
    expect(free.scatter.win).toBe(SCATTER_PAYS[0] * 100 * FREE_SPIN_MULTIPLIER);
    expect(free.lineWins.map((w) => w.win)).toEqual(paid.lineWins.map((w) => w.win * FREE_SPIN_MULTIPLIER));
    expect(free.freeSpinsAwarded).toBe(8);
  });

  it('plays free spins on the free-spin strips', () => {
    const rng = createRng('free strips');
    for (let i = 0; i < 200; i++) {
      const result = spin({ rng, betPerLine: 1, lines: 20, freeSpin: true });
      result.reels.forEach((column, reel) => {
        const strip = FREE_REELS[reel]!;
        column.forEach((symbol, row) => expect(symbol).toBe(strip[(result.stops[reel]! + row) % strip.length]));
      });
    }
  });
});

describe('spin', () => {
  it('shows the strips at the drawn stops, wrapping round, and adds its wins up', () => {
    const rng = createRng('window');
    let wrapped = 0;
    for (let i = 0; i < 2_000; i++) {
      const result = spin({ rng, betPerLine: 10, lines: 20, freeSpin: false });
      expect(result.stops).toHaveLength(REEL_COUNT);
      result.reels.forEach((column, reel) => {
        const strip = BASE_REELS[reel]!;
        expect(column).toHaveLength(ROW_COUNT);
        if (result.stops[reel]! + ROW_COUNT > strip.length) wrapped++;
        column.forEach((symbol, row) => expect(symbol).toBe(strip[(result.stops[reel]! + row) % strip.length]));
      });
      expect(result.totalWin).toBe(result.lineWins.reduce((sum, w) => sum + w.win, 0) + result.scatter.win);
      expect(Number.isInteger(result.totalWin)).toBe(true);
      expect(result.bet).toBe(200);
      expect(result.handPay).toBe(result.totalWin >= HAND_PAY_LIMIT);
    }
    expect(wrapped).toBeGreaterThan(0);
  });

  it('is deterministic: the same seed plays the same spins', () => {
    const play100 = (seed: string) => {
      const rng = createRng(seed);
      return Array.from({ length: 100 }, (_, i) => spin({ rng, betPerLine: 1, lines: 1 + (i % 20), freeSpin: i % 7 === 0 }));
    };
    expect(play100('same')).toEqual(play100('same'));
    expect(play100('same').map((r) => r.stops)).not.toEqual(play100('other').map((r) => r.stops));
  });

  it('flags a win at or above the hand-pay limit', () => {
    expect(isHandPay(HAND_PAY_LIMIT - 1)).toBe(false);
    expect(isHandPay(HAND_PAY_LIMIT)).toBe(true);
    const fiveWilds: Row = ['wild', 'wild', 'wild', 'wild', 'wild'];
    expect(play([TOP, fiveWilds, BOTTOM], { betPerLine: 100 })).toMatchObject({ totalWin: 250_000, handPay: true });
    expect(play([TOP, fiveWilds, BOTTOM], { betPerLine: 25 })).toMatchObject({ totalWin: 62_500, handPay: false });
  });
});

describe('compiling a game', () => {
  it('rejects tables the evaluator or the RTP model cannot handle', () => {
    expect(() => compileGame({ ...DEFAULT_CONFIG, freeSpinMultiplier: 1.5 })).toThrow(/multiplier/);
    expect(() => compileGame({ ...DEFAULT_CONFIG, linePays: { ...LINE_PAYS, seven: [50, 250, 5000] } })).toThrow(/wilds/);
    expect(() => compileGame({ ...DEFAULT_CONFIG, linePays: { ...LINE_PAYS, lemon: [0, 25, 100] } })).toThrow(/positive/);
    const twoScatters: SymbolId[] = ['scatter', 'cherry', 'scatter', 'lemon', 'plum'];
    expect(() => compileGame({ ...DEFAULT_CONFIG, baseReels: [twoScatters, ...BASE_REELS.slice(1)] })).toThrow(/scatters/);
    expect(() => compileGame({ ...DEFAULT_CONFIG, baseReels: BASE_REELS.slice(1) })).toThrow(/5 reels/);
    expect(() => compileGame({ ...DEFAULT_CONFIG, paylines: [[1, 1, 1, 1, 3]] })).toThrow(/payline 1/);
  });
});
