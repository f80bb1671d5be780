import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The codes a player meets only once logged in — on a machine, moving money, with a promo, a
 * limit or the profile (SPEC §8; src/features/product/errors/codeMessages.ts says them all). A
 * file outside the boot's folders: their texts are in the logged-in pages' catalog
 * (locales/{locale}/messages.po), which is loaded before any of these can be met, not in the one
 * shipped with /login (lingui.config.ts). A code the login page can say (50100: a kept login the
 * server no longer takes) stays in codeMessages.ts.
 */
export const PLAY_CODE_MESSAGES: Record<number, MessageDescriptor> = {
  40001: msg({ id: 'CODE_40001', message: 'Old password is wrong.' }),
  40101: msg({ id: 'CODE_40101', message: 'Password is too short.' }),
  40102: msg({ id: 'CODE_40102', message: 'The new password must be different from the old one.' }),
  10712: msg({
    id: 'CODE_10712',
    message: 'The session time limit you set ends this login in {minutes, plural, one {# minute} other {# minutes}}.',
  }),
  // SPEC §8's texts, with the one-second form English needs ('1 second left', not '1 seconds').
  18800: msg({ id: 'CODE_18800', message: '{count, plural, one {# second left to deposit funds} other {# seconds left to deposit funds}}' }),
  18801: msg({ id: 'CODE_18801', message: 'Your session is being terminated.' }),
  18802: msg({ id: 'CODE_18802', message: '{count, plural, one {# second left to continue} other {# seconds left to continue}}' }),
  60001: msg({ id: 'CODE_60001', message: 'Another player is on this machine.' }),
  60002: msg({ id: 'CODE_60002', message: 'This machine is out of service.' }),
  60003: msg({ id: 'CODE_60003', message: 'Your balance is not enough for this transfer.' }),
  60004: msg({ id: 'CODE_60004', message: 'This transfer would take the credits over the machine limit.' }),
  60005: msg({ id: 'CODE_60005', message: 'Not enough credits for this bet. Transfer money to the machine.' }),
  60006: msg({ id: 'CODE_60006', message: 'This machine does not exist.' }),
  60007: msg({ id: 'CODE_60007', message: 'You have no session on this machine.' }),
  60009: msg({ id: 'CODE_60009', message: 'You are already playing on a machine. Continue there or cash out first.' }),
  60010: msg({ id: 'CODE_60010', message: 'Your balance must be below the discount limit.' }),
  60011: msg({ id: 'CODE_60011', message: 'You can use discount only once per 5 minutes' }),
  60012: msg({ id: 'CODE_60012', message: 'You can use bonus only once per 5 minutes' }),
  60013: msg({ id: 'CODE_60013', message: 'There is no loss to discount yet.' }),
  60014: msg({ id: 'CODE_60014', message: 'This offer is not available.' }),
  60016: msg({ id: 'CODE_60016', message: 'Add money to your balance to play this machine.' }),
  60015: msg({ id: 'CODE_60015', message: 'This request was already used for something else. Please try again.' }),
  60017: msg({ id: 'CODE_60017', message: 'Each game has a minimum length here. The next one can start in a moment.' }),
  60018: msg({ id: 'CODE_60018', message: 'This bet is above the largest stake allowed here.' }),
  60019: msg({ id: 'CODE_60019', message: 'Autoplay is not allowed here.' }),
  60020: msg({ id: 'CODE_60020', message: 'Play is paused for your reality check. Answer it to go on.' }),
  60021: msg({
    id: 'CODE_60021',
    message:
      'This would go past your {limit_kind, select, lossDay {daily loss} lossWeek {weekly loss} lossMonth {monthly loss} transferDay {daily transfer} other {}} limit of {limit}. It resets on {until}.',
  }),
  60022: msg({ id: 'CODE_60022', message: 'Set a daily transfer limit on your profile before you put money on a machine.' }),
};
