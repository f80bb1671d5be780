import { useSelector } from '@xstate/react';
import type { ComponentProps, ReactNode } from 'react';
import styled, { ThemeProvider } from 'styled-components';
import type { ThemeChoice } from '../../../../machines/uiSettings.ts';
import { selectAreaTheme } from '../../../../machines/uiSettings.selectors.ts';
import { presetTheme } from '../../../theme/presets.ts';
import { Footer } from './Footer.tsx';
import { Toolbar } from './frame.ts';
import { Navbar } from './Navbar.tsx';
import { useUiSettingsActor } from '../../viewRuntime.tsx';

/**
 * The navbar, toolbar and footer in their own colour schemes (the settings panel's colour
 * schemes). The layouts import these in place of the plain parts.
 */
function AreaTheme({ area, children }: { area: Exclude<keyof ThemeChoice, 'main'>; children: ReactNode }) {
  const actor = useUiSettingsActor();
  const id = useSelector(actor ?? undefined, selectAreaTheme(area));
  if (!id) return <>{children}</>;
  return <ThemeProvider theme={presetTheme(id)}>{children}</ThemeProvider>;
}

export function ThemedNavbar(props: ComponentProps<typeof Navbar>) {
  return (
    <AreaTheme area="navbar">
      <Navbar {...props} />
    </AreaTheme>
  );
}

export function ThemedFooter() {
  return (
    <AreaTheme area="footer">
      <Footer />
    </AreaTheme>
  );
}

export function ThemedToolbar(props: ComponentProps<typeof Toolbar>) {
  return (
    <AreaTheme area="toolbar">
      <ToolbarSurface {...props} />
    </AreaTheme>
  );
}

/** The toolbar's glass, in its scheme's surface (Night's is the toolbar as it ships). */
const ToolbarSurface = styled(Toolbar)`
  background: color-mix(in srgb, ${({ theme }) => theme.colors.surface} 92%, transparent);
  color: ${({ theme }) => theme.colors.text};
`;
