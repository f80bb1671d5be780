import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ThemeProvider, type DefaultTheme } from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { uiSettingsMachine } from '../../../../machines/uiSettings.ts';
import { nightTheme } from '../../../theme/theme.ts';

// The presets and the effects load with the logged-in half of the app, never with /login.
const LookEffects = lazy(() => import('./LookEffects.tsx').then((m) => ({ default: m.LookEffects })));

/**
 * The styled theme for everything below: Night until the player's look has loaded, then the
 * player's main preset. The effects sit beside the children, so loading them never remounts
 * the page.
 */
export function LookHost({ actor, children }: { actor: ActorRefFrom<typeof uiSettingsMachine> | null; children: ReactNode }) {
  const [theme, setTheme] = useState<DefaultTheme>(nightTheme);
  return (
    <ThemeProvider theme={theme}>
      {actor && (
        <Suspense fallback={null}>
          <LookEffects actor={actor} onTheme={setTheme} />
        </Suspense>
      )}
      {children}
    </ThemeProvider>
  );
}
