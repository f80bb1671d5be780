import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { PLAY_CODE_MESSAGES } from '../playCodes.ts';

/**
 * SPEC §8: a code maps to the translation with id CODE_{code}; without one, the server's own
 * message is shown; without either, a generic text. No code at all means no answer came.
 *
 * The codes with a text, as the catalogs get them (`npm run i18n:extract` reads these). At run
 * time `failureText` asks the loaded catalog for CODE_{code} itself: /login's scripts carry the
 * texts it can show, not a table of every code.
 */
export const CODE_MESSAGES: Record<number, MessageDescriptor> = {
  10: msg({ id: 'CODE_10', message: 'Signature not verified.' }),
  20000: msg({ id: 'CODE_20000', message: 'Request successful.' }),
  40000: msg({ id: 'CODE_40000', message: 'Invalid request.' }),
  // A kept login the server no longer takes: said on the login page, before the app's texts.
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
  // The codes met only once logged in: their texts load with the logged-in pages (playCodes.ts).
  ...PLAY_CODE_MESSAGES,
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
  const id = `CODE_${failure.code}`;
  if (Object.hasOwn(i18n.messages, id)) return i18n.t(id, readableParams(i18n, failure.params, format));
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

