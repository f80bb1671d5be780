/**
 * How numbers and amounts are written in a UI language (SPEC §9): the client's, and the server's where
 * it writes them into a page it paints (the lobby's tiles, protocol/pages.ts).
 */

/** Languages written right to left: the page mirrors (dir="rtl") and amounts are isolated. */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

export function isRightToLeft(language: string): boolean {
  return RIGHT_TO_LEFT.has(language);
}

/**
 * The Intl locale that formats numbers, amounts and dates in a UI language. Arabic uses the
 * digits 0–9 — the ones on the machines' own screens in the video and on the PIN pad — pinned
 * with `-u-nu-latn` because browsers disagree about plain `ar` (older ICU: Arabic-Indic digits).
 */
export function intlLocale(language: string): string {
  return language === 'ar' ? 'ar-u-nu-latn' : language;
}

const LRI = '\u2066';
const RLI = '\u2067';
const PDI = '\u2069';
/** Bidi marks CLDR puts in its patterns; the isolates below take their place. */
const MARKS = /[\u061c\u200e\u200f]/g;
const NUMBER_PARTS: ReadonlySet<string> = new Set(['minusSign', 'plusSign', 'integer', 'group', 'decimal', 'fraction']);

/**
 * `format` applied to `value`, fit for right-to-left text: the number (sign, digits, separators)
 * and the currency each read left to right inside, in the order the locale puts them, the whole
 * isolated from the text around it. Without this, 'US$' at the end of 'ar' amounts lands on
 * the wrong side of its own '$' ('$US 1,008.30') and a minus sign drifts to the far end.
 */
export function formatIsolated(format: Intl.NumberFormat, value: number): string {
  let out = '';
  let number = '';
  const flush = () => {
    if (number) out += LRI + number + PDI;
    number = '';
  };
  for (const part of format.formatToParts(value)) {
    if (NUMBER_PARTS.has(part.type)) {
      number += part.value.replace(MARKS, '');
      continue;
    }
    flush();
    const text = part.value.replace(MARKS, '');
    out += part.type === 'currency' ? LRI + text + PDI : text;
  }
  flush();
  return RLI + out + PDI;
}

/** A number format's output for `language`: plain, or isolated in a right-to-left language. */
export function formatNumber(format: Intl.NumberFormat, value: number, language: string): string {
  return isRightToLeft(language) ? formatIsolated(format, value) : format.format(value);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** SPEC §9: the server's minor units divided by 100, currency-formatted in the UI language. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = moneyFormat(locale, currency);
    moneyFormats.set(key, format);
  }
  return formatNumber(format, minor / 100, locale);
}

/** The currency format of a UI language (`signDisplay` and the like in `options`). */
export function moneyFormat(locale: string, currency: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, ...options });
}
