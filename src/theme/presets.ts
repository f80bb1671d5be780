import type { DefaultTheme } from 'styled-components';
import { buildTheme, nightTheme } from './theme.ts';

/**
 * The colour schemes a player may pick for the page, the navbar, the toolbar and the footer
 * (SPEC §1 'Themes and layouts are selectable', §9 'many light and dark presets'). Night, the
 * product's own look, comes first and is everyone's default.
 */
export interface ThemePreset {
  id: string;
  /** The scheme's name; a proper name, shown as it is in every language. */
  name: string;
  tone: 'dark' | 'light';
  theme: DefaultTheme;
}

const dark = (id: string, name: string, c: { background: string; surface: string; surfaceRaised: string; text: string; textMuted: string; primary: string; primaryText: string; border: string }): ThemePreset => ({
  id,
  name,
  tone: 'dark',
  theme: buildTheme({ ...c, danger: '#ff5c6c', dangerFill: '#d12f45', success: '#3ad29f', focus: '#7cc4ff' }),
});

const light = (id: string, name: string, c: { background: string; surface: string; surfaceRaised: string; text: string; textMuted: string; primary: string; primaryText: string; border: string }): ThemePreset => ({
  id,
  name,
  tone: 'light',
  theme: buildTheme({ ...c, danger: '#c62839', dangerFill: '#c62839', success: '#17875f', focus: '#1b6ee0' }),
});

export const THEME_PRESETS: readonly ThemePreset[] = [
  { id: 'night', name: 'Night', tone: 'dark', theme: nightTheme },
  dark('midnight-blue', 'Midnight Blue', { background: '#0a1020', surface: '#111a33', surfaceRaised: '#1a2648', text: '#eef3ff', textMuted: '#9fb0d6', primary: '#4da3ff', primaryText: '#04121f', border: '#27375f' }),
  dark('emerald', 'Emerald', { background: '#07130f', surface: '#0e2019', surfaceRaised: '#163026', text: '#eafaf3', textMuted: '#95c2ae', primary: '#2fd08a', primaryText: '#03170e', border: '#234a3a' }),
  dark('crimson', 'Crimson', { background: '#140a0d', surface: '#221116', surfaceRaised: '#321a21', text: '#fbeef1', textMuted: '#cfa0ab', primary: '#ff4f6d', primaryText: '#1f0309', border: '#4f2832' }),
  dark('violet', 'Violet', { background: '#0f0a1a', surface: '#19122b', surfaceRaised: '#251b40', text: '#f3eefe', textMuted: '#b3a5d6', primary: '#a879ff', primaryText: '#12072a', border: '#3a2d63' }),
  dark('graphite', 'Graphite', { background: '#111213', surface: '#1b1d1f', surfaceRaised: '#26292c', text: '#f2f3f4', textMuted: '#a7abb0', primary: '#f0a030', primaryText: '#1c1100', border: '#373b40' }),
  light('daylight', 'Daylight', { background: '#f4f6fb', surface: '#ffffff', surfaceRaised: '#eef1f8', text: '#161b2e', textMuted: '#59627d', primary: '#9a6b00', primaryText: '#ffffff', border: '#d6dbe8' }),
  light('sky', 'Sky', { background: '#eef5fd', surface: '#ffffff', surfaceRaised: '#e3eefb', text: '#0f2238', textMuted: '#4d6580', primary: '#1565c0', primaryText: '#ffffff', border: '#c9dbef' }),
  light('mint', 'Mint', { background: '#effaf5', surface: '#ffffff', surfaceRaised: '#e2f4ec', text: '#10291f', textMuted: '#4a6b5d', primary: '#0f7a50', primaryText: '#ffffff', border: '#c5e3d5' }),
  light('rose', 'Rose', { background: '#fdf1f3', surface: '#ffffff', surfaceRaised: '#fae4e8', text: '#2d1218', textMuted: '#7a5059', primary: '#b3203f', primaryText: '#ffffff', border: '#efcad2' }),
  light('sand', 'Sand', { background: '#faf6ee', surface: '#fffdf8', surfaceRaised: '#f3ecdd', text: '#2a2316', textMuted: '#6e6350', primary: '#8a5a00', primaryText: '#ffffff', border: '#e4d8bf' }),
];

export const DEFAULT_PRESET = 'night';

export const PRESET_IDS: readonly string[] = THEME_PRESETS.map((p) => p.id);

/** The preset's theme, or Night for an id that is not (or no longer) a preset. */
export function presetTheme(id: string): DefaultTheme {
  return (THEME_PRESETS.find((p) => p.id === id) ?? THEME_PRESETS[0]!).theme;
}
