import { i18n, type Messages } from '@lingui/core';
import { messages as enBoot } from '../../locales/en/boot.po';
import { intlLocale, isRightToLeft } from '../../protocol/format.ts';

export const LANGUAGES = ['en', 'tr', 'ar', 'bg'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Two catalogs per language (lingui.config.ts): `boot` holds the texts of the screens before
 * login (boot, login, errors) and `messages` everything else. English boot texts ship in the
 * entry bundle so the very first screen has text; the rest loads on demand — the app catalog
 * only once a page that needs it is on its way (loadAppMessages).
 */
type Catalog = () => Promise<{ messages: Messages }>;

const BOOT: Record<Exclude<Language, 'en'>, Catalog> = {
  tr: () => import('../../locales/tr/boot.po'),
  ar: () => import('../../locales/ar/boot.po'),
  bg: () => import('../../locales/bg/boot.po'),
};

const APP: Record<Language, Catalog> = {
  en: () => import('../../locales/en/messages.po'),
  tr: () => import('../../locales/tr/messages.po'),
  ar: () => import('../../locales/ar/messages.po'),
  bg: () => import('../../locales/bg/messages.po'),
};

i18n.load('en', enBoot);
i18n.activate('en');

const loading = new Map<string, Promise<void>>([['boot:en', Promise.resolve()]]);
let appWanted = false;
/** The language being activated (or active): the one whose catalogs load. */
let target: Language = 'en';

function ensure(kind: 'boot' | 'app', language: Language): Promise<void> {
  const key = `${kind}:${language}`;
  let done = loading.get(key);
  if (!done) {
    const catalog = kind === 'app' ? APP[language] : BOOT[language as Exclude<Language, 'en'>];
    // Catalogs of one language merge: boot and app texts sit side by side.
    done = catalog().then(({ messages }) => i18n.load(language, messages));
    // A failed download may be tried again.
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

export async function activateLanguage(language: Language): Promise<void> {
  target = language;
  await ensure('boot', language);
  if (appWanted) await ensure('app', language);
  // A later choice made while this one loaded wins.
  if (target !== language) return;
  // Plurals' # and Lingui's own formats use the same digits as the views' amounts and dates.
  i18n.activate(language, [intlLocale(language)]);
  // Painting the login at build time (src/app/prerender.tsx) has no document: its page says it.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
}

/** The texts of every page after login (and of the template pages): loaded once, then kept. */
export async function loadAppMessages(): Promise<void> {
  appWanted = true;
  await ensure('app', target);
}

export { i18n };
