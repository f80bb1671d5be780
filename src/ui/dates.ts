import { intlLocale } from '../../protocol/format.ts';

/** One format per UI language, built once: an account table formats every row with it. */
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the player reads it everywhere — the account pages' tables and last-login block,
 * layout 3's last-login block: 'Nov 24, 2026, 1:39 PM' in English, in the UI language's own
 * order and words elsewhere (Arabic with the digits 0–9, like its amounts). A text that is not
 * a date is shown as it came.
 */
export function formatDateTime(value: string, language: string): string {
  const when = new Date(value);
  if (Number.isNaN(when.getTime())) return value;
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(language, format);
  }
  return format.format(when);
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** A moment (epoch ms) as the time of day, hours and minutes, in the UI language and this device's time zone. */
export function formatClock(at: number, language: string): string {
  let format = clocks.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { timeStyle: 'short' });
    clocks.set(language, format);
  }
  return format.format(new Date(at));
}
