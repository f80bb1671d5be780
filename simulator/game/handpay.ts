/**
 * A win this large is not paid by the machine: an attendant pays it by hand (and, in the US, the
 * W-2G threshold is 1,200.00). The floor records such a win as a hand-pay transaction (action
 * code 5); progressive jackpots are recorded as jackpots (action code 6) whatever their size.
 */
export const HAND_PAY_LIMIT = 120_000;

/** Whether a single win (one spin's total win, in minor units) must be hand paid. */
export function isHandPay(win: number): boolean {
  return win >= HAND_PAY_LIMIT;
}
