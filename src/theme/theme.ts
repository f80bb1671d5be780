import type { DefaultTheme } from 'styled-components';

export interface Colors {
  background: string;
  surface: string;
  surfaceRaised: string;
  text: string;
  textMuted: string;
  primary: string;
  primaryText: string;
  /** Errors, losses and warnings, as text or a mark on the page's surfaces. */
  danger: string;
  /** A danger button's fill: white text on it keeps WCAG AA's 4.5:1 (`danger` itself may be too light for that). */
  dangerFill: string;
  success: string;
  border: string;
  focus: string;
}

export interface Tokens {
  colors: Colors;
  space: (n: number) => string;
  radius: { sm: string; md: string; lg: string };
  breakpoints: { md: string };
  font: { body: string; heading: string };
}

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Tokens {}
}

/** Where the page has room for the navbar (below it, the menu is a drawer). */
export const BREAKPOINT_MD = '960px';

export function buildTheme(colors: Colors): DefaultTheme {
  return {
    colors,
    space: (n) => `${n * 4}px`,
    radius: { sm: '4px', md: '8px', lg: '16px' },
    breakpoints: { md: BREAKPOINT_MD },
    font: {
      body: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif",
      heading: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif",
    },
  };
}

/** The product's own dark casino look. */
export const nightTheme = buildTheme({
  background: '#0b0d17',
  surface: '#151a2b',
  surfaceRaised: '#1e2540',
  text: '#f1f3fa',
  textMuted: '#a3abc7',
  primary: '#f5b301',
  primaryText: '#1a1300',
  danger: '#ff5c6c',
  dangerFill: '#d12f45',
  success: '#3ad29f',
  border: '#2c3558',
  focus: '#7cc4ff',
});
