import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * What /login and the screens before it show (src/ui/i18n.ts loads the rest later). The rare boot
 * screens (RareScreens.tsx: offline, no WebRTC, not permitted, a new version) and the 404 page
 * load the app's catalog with their code (src/app/App.tsx, src/app/router.tsx): few visitors see them.
 */
const BOOT = [
  '<rootDir>/src/app',
  '<rootDir>/src/features/product/boot/BootScreens.tsx',
  '<rootDir>/src/features/product/auth',
  '<rootDir>/src/features/product/errors/codeMessages.ts',
];

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
