import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** What /login and the screens before it show (src/ui/i18n.ts loads the rest later). */
const BOOT = ['<rootDir>/src/app', '<rootDir>/src/features/product/boot', '<rootDir>/src/features/product/auth', '<rootDir>/src/features/product/errors'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'tr', 'ar', 'bg'],
  fallbackLocales: { default: 'en' },
  // The screens before login have their own small catalog, shipped with the entry bundle in
  // English; every other text loads with the logged-in pages (src/ui/i18n.ts).
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/boot',
      include: BOOT,
    },
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      exclude: BOOT,
    },
  ],
  format: formatter({ lineNumbers: false }),
});
