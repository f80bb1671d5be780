import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { activateLanguage, i18n, loadAppMessages, type Language } from '../../src/ui/i18n.ts';
import { nightTheme } from '../../src/theme/theme.ts';

function wrap(ui: ReactElement) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={nightTheme}>{ui}</ThemeProvider>
    </I18nProvider>
  );
}

/** Render a view the way the app does: with the catalogs (boot and app texts) and the theme. */
export async function renderView(ui: ReactElement, language: Language = 'en') {
  await loadAppMessages();
  await activateLanguage(language);
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}
