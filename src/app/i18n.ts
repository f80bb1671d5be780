import { i18n } from '@lingui/core';
import { messages as en } from '../../locales/en/messages.po';
import { languageStorage } from '../services/storage.ts';

export const LANGUAGES = ['en', 'tr', 'ar', 'bg'] as const;
export type Language = (typeof LANGUAGES)[number];

const RTL: ReadonlySet<Language> = new Set(['ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

// English ships in the entry bundle so the very first screen has text; the others load on demand.
i18n.load('en', en);
i18n.activate('en');

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ messages: typeof en }>> = {
  tr: () => import('../../locales/tr/messages.po'),
  ar: () => import('../../locales/ar/messages.po'),
  bg: () => import('../../locales/bg/messages.po'),
};

export async function activateLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.messages[language]) {
    const { messages } = await loaders[language]();
    i18n.load(language, messages);
  }
  i18n.activate(language);
  document.documentElement.lang = language;
  document.documentElement.dir = RTL.has(language) ? 'rtl' : 'ltr';
}

/** The stored choice wins; otherwise the operator's DEFAULT_LANG. */
export function initialLanguage(defaultLanguage: Language): Language {
  const stored = languageStorage.read();
  return isLanguage(stored) ? stored : defaultLanguage;
}

export async function chooseLanguage(language: Language): Promise<void> {
  languageStorage.write(language);
  await activateLanguage(language);
}

export { i18n };
