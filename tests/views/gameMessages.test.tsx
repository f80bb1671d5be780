import { describe, expect, it } from 'vitest';
import { activateLanguage, i18n, loadAppMessages } from '../../src/ui/i18n.ts';
import { joinSentences, leaveToast } from '../../src/features/product/game/messages.ts';

const closed = { code: 18801, message: 'your session is being terminated', params: {} };

describe('the toast of a visit that ended', () => {
  it('a closed session says both sentences, each with its full stop, in every language', async () => {
    await loadAppMessages();
    await activateLanguage('en');
    expect(leaveToast(i18n, 'closeSession', closed)).toEqual({
      text: 'Your session was closed and your credits were cashed out. Your session is being terminated.',
      variant: 'error',
    });
    await activateLanguage('tr');
    expect(leaveToast(i18n, 'closeSession', closed)?.text).toBe('Oturumunuz kapatıldı ve kredileriniz çekildi. Oturumunuz sonlandırılıyor.');
    await activateLanguage('ar');
    expect(leaveToast(i18n, 'closeSession', closed)?.text).toBe('أُغلقت جلستك وصُرف رصيدك إلى محفظتك. جارٍ إنهاء جلستك.');
    await activateLanguage('en');
  });

  it('a server text without a closing mark gets a full stop; one with its own mark keeps it', async () => {
    await activateLanguage('en');
    expect(leaveToast(i18n, 'joinFailed', { code: 99999, message: 'machine busy', params: {} })?.text).toBe(
      'Could not join the machine. machine busy.',
    );
    expect(joinSentences(['Done!', 'Really?', 'هل أنت متأكد؟', '', null, ' Spaced '])).toBe('Done! Really? هل أنت متأكد؟ Spaced.');
    expect(leaveToast(i18n, 'left', null)).toBeNull();
    expect(leaveToast(i18n, 'cashout', closed)).toEqual({ text: 'Cashed out. Your credits are back in your wallet.', variant: 'success' });
  });
});
