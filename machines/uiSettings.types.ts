/**
 * The player's look's types (STYLE: a types file beside a large machine): the settings, the
 * events, the context and the input. machines/uiSettings.ts is the chart.
 */
import type { Failure } from './failure.ts';

export type LayoutChoice = 'layout1' | 'layout2' | 'layout3';
/** 'auto' follows the language (Arabic reads right to left); ltr or rtl is the player's choice. */
export type DirectionChoice = 'auto' | 'ltr' | 'rtl';

export interface ThemeChoice {
  main: string;
  navbar: string;
  toolbar: string;
  footer: string;
}

export interface UiSettings {
  /** Preset ids, one per area. */
  theme: ThemeChoice;
  layout: LayoutChoice;
  direction: DirectionChoice;
  customScrollbars: boolean;
  animations: boolean;
  /** Navigation item ids, in the order they were added. */
  shortcuts: string[];
}

/** What a source holds: any part of the settings, already checked by the service. */
export type StoredUiSettings = Partial<Omit<UiSettings, 'theme'>> & { theme?: Partial<ThemeChoice> };

export type UiSettingsEvent =
  | { type: 'user.change'; patch: StoredUiSettings }
  | { type: 'user.addShortcut'; id: string }
  | { type: 'user.removeShortcut'; id: string }
  | { type: 'user.reset' }
  | { type: 'session.login' }
  | { type: 'session.logout' };

export interface UiSettingsInput {
  /** The settings of a player who has never chosen (the operator's layout among them). */
  defaults: UiSettings;
}

export interface UiSettingsContext {
  defaults: UiSettings;
  settings: UiSettings;
  failure: Failure | null;
}
