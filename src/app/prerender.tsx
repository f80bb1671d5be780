import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { createActor } from 'xstate';
import { createSettingsMachine } from '../../machines/settings.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { msg } from '@lingui/core/macro';
import { activateLanguage, i18n, type Language } from '../ui/i18n.ts';
import { isRightToLeft } from '../../protocol/format.ts';
import { App } from './App.tsx';

/**
 * The login screen as HTML, at build time (scripts/prerender.ts writes it into login.html and
 * its siblings per language): the app's own first render on /login — the same App,
 * its settings not yet loaded — so the page hydrates it without a change. Its styles come with
 * it (styled-components' server sheet), so the form paints before any script has run.
 */
export interface PrerenderedPage {
  lang: Language;
  dir: 'ltr' | 'rtl';
  /** #root's content. */
  html: string;
  /** <style> elements for the head. */
  styles: string;
  /** What main.tsx says, in plain DOM, if the app's code cannot be downloaded (BootFailureTexts). */
  failure: { message: string; retry: string };
}

export async function prerenderLogin(language: Language): Promise<PrerenderedPage> {
  await activateLanguage(language);
  // Never started: the page's first render is the settings' loading state, as in the browser.
  const settingsActor = createActor(createSettingsMachine(DEFAULT_SETTINGS));
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <StrictMode>
          <App settingsActor={settingsActor} firstLogin />
        </StrictMode>,
      ),
    );
    // The network error screen's own texts (BootScreens' NetworkErrorScreen).
    const failure = { message: i18n._(msg`error on network connection please reflesh your page`), retry: i18n._(msg`Try again`) };
    return { lang: language, dir: isRightToLeft(language) ? 'rtl' : 'ltr', html, styles: sheet.getStyleTags(), failure };
  } finally {
    sheet.seal();
  }
}
