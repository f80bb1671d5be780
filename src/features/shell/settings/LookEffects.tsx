import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { createGlobalStyle, type DefaultTheme } from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { uiSettingsMachine } from '../../../../machines/uiSettings.ts';
import {
  selectAnimations,
  selectCustomScrollbars,
  selectDirection,
  selectLayout,
  selectLookLoading,
  selectMainTheme,
  selectOperatorLayout,
} from '../../../../machines/uiSettings.selectors.ts';
import { presetTheme } from '../../../theme/presets.ts';
import { useChooseLayout } from './layoutChoice.ts';

type UiSettingsActor = ActorRefFrom<typeof uiSettingsMachine>;

/** Languages written right to left (the i18n module sets the page's direction from these). */
const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar']);

/**
 * Applies the player's look: the main preset handed up as the styled theme (LookHost provides
 * it), the page background, scrollbars and animations as global styles, the direction on <html>
 * (an explicit choice wins over the language's), and the layout through the runtime's layout store.
 */
export function LookEffects({ actor, onTheme }: { actor: UiSettingsActor; onTheme: (theme: DefaultTheme) => void }) {
  const { i18n } = useLingui();
  const main = useSelector(actor, selectMainTheme);
  const direction = useSelector(actor, selectDirection);
  const customScrollbars = useSelector(actor, selectCustomScrollbars);
  const animations = useSelector(actor, selectAnimations);
  const layout = useSelector(actor, selectLayout);
  const operatorLayout = useSelector(actor, selectOperatorLayout);
  const loading = useSelector(actor, selectLookLoading);
  const chooseLayout = useChooseLayout();

  // Runs again when the language changes: activating a language resets the direction.
  useEffect(() => {
    document.documentElement.dir = direction === 'auto' ? (RTL_LANGUAGES.has(i18n.locale) ? 'rtl' : 'ltr') : direction;
  }, [direction, i18n.locale]);

  useEffect(() => {
    // Until the stored settings are read the defaults stand in; they must not wipe a kept choice.
    if (loading) return;
    chooseLayout(layout === operatorLayout ? null : layout);
  }, [layout, operatorLayout, loading, chooseLayout]);

  const theme = useMemo(() => presetTheme(main), [main]);
  useEffect(() => onTheme(theme), [theme, onTheme]);

  return <LookStyle $scrollbars={customScrollbars} $animations={animations} />;
}

/** `html body` outranks the boot screens' GlobalStyle, which keeps Night. */
const LookStyle = createGlobalStyle<{ $scrollbars: boolean; $animations: boolean }>`
  html body {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
  ${({ $scrollbars, theme }) =>
    $scrollbars &&
    `
    html * { scrollbar-width: thin; scrollbar-color: ${theme.colors.border} transparent; }
    html *::-webkit-scrollbar { width: 8px; height: 8px; }
    html *::-webkit-scrollbar-thumb { background: ${theme.colors.border}; border-radius: 8px; }
  `}
  ${({ $animations }) =>
    !$animations &&
    `
    html *, html *::before, html *::after { animation: none !important; transition: none !important; }
  `}
`;
