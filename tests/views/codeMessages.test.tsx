import { describe, expect, it } from 'vitest';
import { activateLanguage, i18n, loadAppMessages } from '../../src/ui/i18n.ts';
import { CODE_MESSAGES, failureText } from '../../src/features/product/errors/codeMessages.ts';

const text = (code: number | null, params: Record<string, unknown> = {}, message = '') => failureText(i18n, { code, message, params });

describe('texts of the codes (SPEC §8)', () => {
  // First in this file: only the boot's texts are loaded, as on the login page.
  it('on the login page, before the logged-in texts: every code a login can be refused or end with is said, in en, tr and ar', async () => {
    const loginCodes = [10, 40000, 50100, 70000, 10700, 10701, 10702, 10703, 10704, 10705, 10706, 10707, 10708, 10709, 10710, 10711];
    const params = { block_time: 5, left_count: 1, retry_after: 3, until: Date.UTC(2026, 11, 1) };
    for (const language of ['en', 'tr', 'ar'] as const) {
      await activateLanguage(language);
      expect(loginCodes.filter((code) => text(code, params, 'server words') === 'server words'), language).toEqual([]);
    }
    // A code met only once logged in waits for those texts.
    expect(text(60001, {}, 'server words')).toBe('server words');
    await activateLanguage('en');
  });

  it('the close warnings count down in the right form: one second, several seconds', async () => {
    await loadAppMessages();
    await activateLanguage('en');
    expect(text(18802, { count: 30 })).toBe('30 seconds left to continue');
    expect(text(18802, { count: 1 })).toBe('1 second left to continue');
    expect(text(18800, { count: 1 })).toBe('1 second left to deposit funds');
    expect(text(18800, { count: 0 })).toBe('0 seconds left to deposit funds');
    await activateLanguage('tr');
    expect(text(18802, { count: 1 })).toBe('Devam etmek için 1 saniye kaldı');
    await activateLanguage('en');
  });

  it('fills a code’s parameters, falls back to the server’s words for an unknown code, and names a network failure', async () => {
    await activateLanguage('en');
    expect(text(10702, { block_time: 5 })).toBe('Your account is protected after too many false attempts. Try again in 5 minutes.');
    expect(text(99999, {}, 'the operator says no')).toBe('the operator says no');
    expect(text(null)).not.toBe('');
  });

  it("says a lock's end (Params.until, epoch ms) as a date and time in the player's language", async () => {
    const until = Date.UTC(2026, 10, 28, 14, 30);
    await activateLanguage('en');
    const english = text(10709, { until, kind: 'panic' });
    expect(english).toMatch(/^Your account is locked at your own request until Nov 28, 2026, \d{1,2}:30 [AP]M\. You can log in again then\.$/);
    expect(english).not.toContain(String(until));
    await activateLanguage('tr');
    expect(text(10709, { until, kind: 'panic' })).toMatch(/^Hesabınız kendi isteğiniz üzerine 28 Kas 2026 \d{2}:30 tarihine kadar kilitli\./);
    await activateLanguage('en');
  });

  it("names a limit the floor refuses by (60021): its kind, the amount in the view's currency, and when it resets", async () => {
    const until = Date.UTC(2026, 10, 28, 0, 0);
    await activateLanguage('en');
    const said = failureText(i18n, { code: 60021, message: '', params: { limit_kind: 'lossWeek', limit: 5000, used: 4000, until } }, { money: (minor) => `$${(minor / 100).toFixed(2)}` });
    expect(said).toMatch(/^This would go past your weekly loss limit of \$50\.00\. It resets on Nov 28, 2026, /);
    await activateLanguage('tr');
    expect(text(60021, { limit_kind: 'transferDay', limit: 5000, until })).toMatch(/^Bu işlem günlük transfer limitinizi \(50[.,]00\) aşar\./);
    await activateLanguage('en');
  });

  it('every code with a text says it in en, tr and ar once the logged-in texts are loaded, never the server’s words', async () => {
    await loadAppMessages();
    const codes = Object.keys(CODE_MESSAGES).map(Number);
    expect(codes).toEqual(expect.arrayContaining([10701, 10711, 18802, 60001, 60021, 10712]));
    for (const language of ['en', 'tr', 'ar'] as const) {
      await activateLanguage(language);
      const unsaid = codes.filter((code) => text(code, { count: 1, minutes: 5, block_time: 5, left_count: 1, retry_after: 3 }, 'server words') === 'server words');
      expect(unsaid, language).toEqual([]);
    }
    await activateLanguage('en');
  });
});
