import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TransactionsPage } from '../../src/features/product/account/TransactionsPage.tsx';
import { activateLanguage, i18n } from '../../src/ui/i18n.ts';
import { failureText } from '../../src/features/product/errors/codeMessages.ts';
import { formatMoney } from '../../protocol/format.ts';
import { fakes, withRuntime } from './accountFixtures.tsx';
import { renderView } from './render.tsx';

/** Arabic: the catalogs' texts, amounts and dates in the ar locale (digits 0–9), right to left. */

const LRI = '\u2066';
const RLI = '\u2067';
const PDI = '\u2069';
/** An Arabic amount as it must reach the page: number and currency each isolated, in the ar order (a no-break space between). */
const arabicAmount = (number: string, currency = 'US$') => `${RLI}${LRI}${number}${PDI}\u00a0${LRI}${currency}${PDI}${PDI}`;

afterEach(async () => {
  await activateLanguage('en');
});

describe('Arabic', () => {
  it('formats amounts with the ar locale, kept in their reading order in right-to-left text', () => {
    // Plain 'ar' gives '\u200f1,008.30 US$', whose '$' a right-to-left line sets before 'US': '$US 1,008.30'.
    expect(formatMoney(100_830, 'USD', 'ar')).toBe(arabicAmount('1,008.30'));
    expect(formatMoney(-2_400, 'USD', 'ar')).toBe(arabicAmount('-24.00'));
    expect(formatMoney(5_000, 'EUR', 'ar')).toBe(arabicAmount('50.00', '€'));
    // The other languages are untouched.
    expect(formatMoney(100_830, 'USD', 'en')).toBe('$1,008.30');
    expect(formatMoney(100_830, 'USD', 'tr')).toBe('$1.008,30');
  });

  it('the transactions page: Arabic labels, signed amounts and balances, and dates in the ar locale', async () => {
    await renderView(withRuntime(<TransactionsPage />, fakes()), 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    const table = await screen.findByRole('table', { name: 'المعاملات، الصفحة 1 من 2' });
    const first = within(table).getAllByRole('row')[1]!;
    const cells = within(first).getAllByRole('cell').map((cell) => cell.textContent);
    const date = new Intl.DateTimeFormat('ar-u-nu-latn', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(2026, 0, 20, 12));
    expect(cells).toEqual([date, 'تحويل إلى الجهاز', arabicAmount('-200.00'), '—', 'Diamond Rush Platinum', arabicAmount('1,000.00')]);
    // The ar calendar's own day and month order, with digits 0–9 and the Arabic comma before the time.
    expect(date).toMatch(/^20\u200f\/01\u200f\/2026، 12:00 م$/);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toContain('المبلغ');
  });

  it('counts in all six plural forms, with the same digits as the amounts', async () => {
    await activateLanguage('ar');
    const left = (count: number) => failureText(i18n, { code: 18802, message: '', params: { count } });
    expect([0, 1, 2, 5, 11, 100].map(left)).toEqual([
      'لم تتبقَّ أي ثانية للمتابعة',
      'تبقّت ثانية واحدة للمتابعة',
      'تبقّت ثانيتان للمتابعة',
      'تبقّت 5 ثوانٍ للمتابعة',
      'تبقّت 11 ثانية للمتابعة',
      'تبقّت 100 ثانية للمتابعة',
    ]);
    expect(failureText(i18n, { code: 10702, message: '', params: { block_time: 2 } })).toBe('حسابك محمي بعد محاولات خاطئة كثيرة. حاول مرة أخرى بعد دقيقتين.');
  });
});
