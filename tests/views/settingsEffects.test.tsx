import { screen } from '@testing-library/react';
import { layoutChoiceStorage } from '../../src/services/playerStorage.ts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type TokenSources } from '../../machines/auth.ts';
import { authWithChildren } from '../machines/authWithChildren.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../protocol/settings.ts';
import { chooseLanguage, initialLanguage } from '../../src/app/language.ts';
import { LoginPage } from '../../src/features/product/auth/LoginPage.tsx';
import { RuntimeProvider, type ViewLogic } from '../../src/features/viewRuntime.tsx';
import { renderView } from './render.tsx';

/** The login screen as the app shows it, under the given settings. */
async function loginScreen(overrides: Partial<Settings>) {
  const auth = createActor(authWithChildren.provide({ actors: { readTokens: fromPromise(async (): Promise<TokenSources> => ({ queryToken: null, storedToken: null })) } })).start();
  const settings = { ...DEFAULT_SETTINGS, ...overrides };
  return renderView(
    <RuntimeProvider runtime={{ settings, auth, logic: {} as ViewLogic, layoutChoice: layoutChoiceStorage, chooseLanguage }}>
      <LoginPage />
    </RuntimeProvider>,
  );
}

describe('settings and their effects on the login screen', () => {
  it('TOKEN_LOGIN: no form, the not-allowed message instead', async () => {
    await loginScreen({ TOKEN_LOGIN: true });
    expect(screen.getByRole('alert').textContent).toBe('LOGIN is not allowed. Probably Access Token is no longer valid');
    expect(screen.queryByLabelText('Email or username')).toBeNull();
  });

  it('LOGIN_SPLASH: the logo first, and a tap opens the form', async () => {
    const user = userEvent.setup();
    await loginScreen({ LOGIN_SPLASH: true });
    expect(screen.queryByLabelText('Email or username')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Tap the logo to sign in/ }));
    expect(screen.getByLabelText('Email or username')).toBeTruthy();
  });

  it('contact numbers become WhatsApp and Telegram buttons; none without them', async () => {
    const { unmount } = await loginScreen({ CONTACT_WHATSAPP: '+90 555-111 22 33', CONTACT_TELEGRAM: 'reelside' });
    expect(screen.getByRole('link', { name: 'Contact us on WhatsApp' }).getAttribute('href')).toBe('https://wa.me/905551112233');
    expect(screen.getByRole('link', { name: 'Contact us on Telegram' }).getAttribute('href')).toBe('https://t.me/reelside');
    unmount();
    await loginScreen({});
    expect(screen.queryByRole('link', { name: /Contact us/ })).toBeNull();
  });

  it('DEFAULT_LANG applies until the player chooses a language, which then wins', () => {
    localStorage.removeItem('reelside.language');
    expect(initialLanguage('tr')).toBe('tr');
    localStorage.setItem('reelside.language', 'en');
    expect(initialLanguage('tr')).toBe('en');
    localStorage.setItem('reelside.language', 'xx');
    expect(initialLanguage('ar')).toBe('ar');
    localStorage.removeItem('reelside.language');
  });

  it('Settings.json is merged over the defaults; bad values are refused', async () => {
    const { mergeSettings } = await import('../../protocol/settings.ts');
    expect(mergeSettings({ SHOW_LOBBY: false, UNKNOWN: 1 })).toEqual({ ...DEFAULT_SETTINGS, SHOW_LOBBY: false });
    expect(() => mergeSettings({ VOLUME: 3 })).toThrow();
  });
});
