import { formatNumber, intlLocale } from './locale.ts';

const formats = new Map<string, Intl.NumberFormat>();

/** SPEC §9: the server's minor units divided by 100, currency-formatted in the UI language. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const key = `${locale} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = moneyFormat(locale, currency);
    formats.set(key, format);
  }
  return formatNumber(format, minor / 100, locale);
}

/** The currency format of a UI language (`signDisplay` and the like in `options`). */
export function moneyFormat(locale: string, currency: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, ...options });
}
