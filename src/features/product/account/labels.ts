import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** SPEC §3 amount action codes. */
export const ACTION_LABELS: Readonly<Record<number, MessageDescriptor>> = {
  1: msg`Deposit`,
  2: msg`Withdraw`,
  3: msg`Cash In`,
  4: msg`Cash Out`,
  5: msg`Hand Pay`,
  6: msg`JACKPOT`,
};

/** Withdrawals and cash-ins take money out of the wallet; everything else brings it in. */
export function walletDirection(action: number): 1 | -1 {
  return action === 2 || action === 3 ? -1 : 1;
}

/** SPEC §8 log type labels, by LoginLogType (protocol/auth.ts). */
export const LOGIN_TYPE_LABELS: Readonly<Record<number, MessageDescriptor>> = {
  1: msg`Success`,
  2: msg`Login fail`,
  3: msg`Not allowed`,
  4: msg`Check (fail or success)`,
  5: msg`Logout`,
  6: msg`Changed password`,
  7: msg`Temporarily blocked`,
  8: msg`Kicked by player`,
};

export const UNKNOWN_LABEL = msg`Unknown`;

/**
 * A transaction's tag is the operator's own word. The ones our operator writes are translated;
 * any other is shown as the operator wrote it.
 */
export const TRANSACTION_TAG_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  'opening balance': msg`opening balance`,
  'card deposit': msg`card deposit`,
  'bank withdrawal': msg`bank withdrawal`,
  discount: msg`discount`,
  bonus: msg`bonus`,
  jackpot: msg`jackpot`,
  'hand pay': msg`hand pay`,
};
