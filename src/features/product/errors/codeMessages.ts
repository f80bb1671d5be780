import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

/**
 * SPEC §8: a code maps to the translation with id CODE_{code}; without one, the server's own
 * message is shown; without either, a generic text. No code at all means no answer came.
 */
const CODE_MESSAGES: Record<number, MessageDescriptor> = {
  10: msg({ id: 'CODE_10', message: 'Signature not verified.' }),
  20000: msg({ id: 'CODE_20000', message: 'Request successful.' }),
  40000: msg({ id: 'CODE_40000', message: 'Invalid request.' }),
  40001: msg({ id: 'CODE_40001', message: 'Old password is wrong.' }),
  40101: msg({ id: 'CODE_40101', message: 'Password is too short.' }),
  40102: msg({ id: 'CODE_40102', message: 'The new password must be different from the old one.' }),
  50100: msg({ id: 'CODE_50100', message: 'The session has been terminated, the transaction cannot be processed.' }),
  70000: msg({ id: 'CODE_70000', message: 'Failed to start pipeline, contact the technical team.' }),
  10700: msg({
    id: 'CODE_10700',
    message:
      'You tried an incorrect username or password. {left_count, plural, one {# attempt left} other {# attempts left}} before your account is blocked for {block_time} minutes.',
  }),
  10701: msg({ id: 'CODE_10701', message: 'Username or password is wrong.' }),
  10702: msg({ id: 'CODE_10702', message: 'Your account is protected after too many false attempts. Try again in {block_time} minutes.' }),
  10703: msg({ id: 'CODE_10703', message: 'Your IP is not permitted.' }),
  10704: msg({ id: 'CODE_10704', message: 'You have been banned.' }),
  10705: msg({ id: 'CODE_10705', message: 'You entered a wrong PIN code too many times, so you were logged out. Log in again with your password.' }),
  10706: msg({ id: 'CODE_10706', message: 'You logged in on another device or browser, so this session has ended.' }),
  10707: msg({ id: 'CODE_10707', message: 'An operator ended your session. Log in again to continue.' }),
  10708: msg({ id: 'CODE_10708', message: 'Too many attempts. Please wait {retry_after} seconds and try again.' }),
  10709: msg({ id: 'CODE_10709', message: 'Your account is locked at your own request until {until}. You can log in again then.' }),
  10710: msg({ id: 'CODE_10710', message: 'Your account is now locked, as you asked. Any credits on a machine are back in your wallet.' }),
  10711: msg({ id: 'CODE_10711', message: 'Your session reached the time limit you set, so it has ended. Take a rest; a new login starts a new session.' }),
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

const FALLBACK = msg({ id: 'CODE_UNKNOWN', message: 'Something went wrong. Please try again.' });
const NETWORK = msg({ id: 'CODE_NETWORK', message: 'No answer from the server. Check your connection and try again.' });

export interface CodedFailure {
  code: number | null;
  message: string;
  params: Record<string, unknown>;
}

/** How a view says an amount the server names (minor units) in the operator's currency. */
export interface FailureFormat {
  money?: (minor: number) => string;
}

export function failureText(i18n: I18n, failure: CodedFailure, format: FailureFormat = {}): string {
  if (failure.code === null) return i18n._(NETWORK);
  const descriptor = CODE_MESSAGES[failure.code];
  if (descriptor) return i18n._({ ...descriptor, values: readableParams(i18n, failure.params, format) });
  return failure.message || i18n._(FALLBACK);
}

/**
 * A moment the server names (`until`, epoch ms) is said as a date and time in the player's
 * language; a limit (`limit`, minor units) as money in the operator's currency where the view
 * gives its formatter (else the figure alone, with its decimals).
 */
function readableParams(i18n: I18n, params: Record<string, unknown>, format: FailureFormat): Record<string, unknown> {
  const readable = { ...params };
  if (typeof params.until === 'number') readable.until = i18n.date(new Date(params.until), { dateStyle: 'medium', timeStyle: 'short' });
  if (typeof params.limit === 'number') {
    readable.limit = format.money ? format.money(params.limit) : i18n.number(params.limit / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  return readable;
}

export const KNOWN_CODES = Object.keys(CODE_MESSAGES).map(Number);
