/** SPEC §9: the server's minor units divided by 100, currency-formatted in the UI language. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}
