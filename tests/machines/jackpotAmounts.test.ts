import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMajor } from '../../simulator/api/money.ts';
import { jackpotAmounts } from '../../protocol/floor.ts';

describe("a brand's jackpots at the boundary: the wire's major units into minor units", () => {
  it('reads each amount exactly, digit by digit', () => {
    expect(jackpotAmounts('1523.45')).toEqual([152_345]);
    expect(jackpotAmounts('0.1, 7 ,0.07')).toEqual([10, 700, 7]);
    // 0.29 * 100 is 28.999… in floats: not here.
    expect(jackpotAmounts('0.29,1.15,4.35')).toEqual([29, 115, 435]);
  });

  it('leaves out what is not an amount, and an empty list is none', () => {
    expect(jackpotAmounts('')).toEqual([]);
    expect(jackpotAmounts('abc, 1.234, -5, 1e3, 12.5')).toEqual([1250]);
  });

  it('reads back every amount the simulator writes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 ** 12 }), { maxLength: 5 }), (amounts) => {
        expect(jackpotAmounts(amounts.map(formatMajor).join(','))).toEqual(amounts);
      }),
    );
  });
});
