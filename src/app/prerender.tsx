import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { createActor } from 'xstate';
import { createSettingsMachine } from '../../machines/settings.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { msg } from '@lingui/core/macro';
import { activateLanguage, i18n, loadAppMessages, type Language } from '../ui/i18n.ts';
import { intlLocale, isRightToLeft } from '../../protocol/format.ts';
import { App } from './App.tsx';
import { I18nProvider } from '@lingui/react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../theme/GlobalStyle.ts';
import { nightTheme } from '../theme/theme.ts';
import { PAINTED_COUNT, PAINTED_TILES, PaintedTile } from '../../protocol/pages.ts';
import { BrandTilePlaceholder, MachineCount, PaintedBrandTile } from '../features/product/lobby/BrandTile.tsx';
import { PaintedLobby } from '../features/product/lobby/PaintedLobby.tsx';

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

/** The lobby's first screen as HTML, and one brand tile as the template the server fills (protocol/pages.ts). */
export interface PrerenderedLobby {
  lang: Language;
  dir: 'ltr' | 'rtl';
  /** The painted lobby (PaintedLobby), its tiles' placeholders between PAINTED_TILES' marks. */
  html: string;
  /** One tile, PAINTED_TILE_FIELDS in place of a brand's, and a count's words: PaintedTile as JSON. */
  tile: string;
  /** <style> elements for the head: the page's, the tile's and the placeholders'. */
  styles: string;
}

/** How many placeholders the painted lobby shows when no server fills its tiles: a phone's first screen. */
const PAINTED_PLACEHOLDERS = 6;

export async function prerenderLobby(language: Language): Promise<PrerenderedLobby> {
  await activateLanguage(language);
  // The lobby's texts are the app's, not the login's few.
  await loadAppMessages();
  const sheet = new ServerStyleSheet();
  const themed = (node: ReactNode) =>
    renderToString(
      sheet.collectStyles(
        <I18nProvider i18n={i18n}>
          <ThemeProvider theme={nightTheme}>{node}</ThemeProvider>
        </I18nProvider>,
      ),
    );
  try {
    // React hoists a preload of an image it renders: not for a tile (a lazy one must stay lazy).
    const html = themed(<PaintedBrandTile />).replace(/^<link rel="preload" as="image"[^>]*>/, '');
    // A machine count's words per plural category: the first count of each, its number marked.
    const plural = new Intl.PluralRules(intlLocale(language));
    const counts: PaintedTile['counts'] = {};
    for (let count = 0; count <= 200; count += 1) {
      const category = plural.select(count) as keyof PaintedTile['counts'];
      if (counts[category] !== undefined) continue;
      const words = renderToString(
        <I18nProvider i18n={i18n}>
          <MachineCount count={count} />
        </I18nProvider>,
      );
      counts[category] = words.split(new Intl.NumberFormat(language).format(count)).join(PAINTED_COUNT);
    }
    const tile = JSON.stringify(PaintedTile.parse({ html, counts }));
    const placeholders = themed(Array.from({ length: PAINTED_PLACEHOLDERS }, (_, index) => <BrandTilePlaceholder key={index} />));
    const page = themed(
      <>
        <GlobalStyle />
        <PaintedLobby tiles={`${PAINTED_TILES.start}${placeholders}${PAINTED_TILES.end}`} />
      </>,
    );
    return { lang: language, dir: isRightToLeft(language) ? 'rtl' : 'ltr', html: page, tile, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
