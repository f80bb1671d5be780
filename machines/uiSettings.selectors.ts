/**
 * uiSettings' named selectors: the player's look as the look effects, the settings panel, the
 * themed areas and the shortcuts menu read it, from the chart's tags (look:*) and its context.
 */
import type { SnapshotFrom } from 'xstate';
import type { DirectionChoice, LayoutChoice, ThemeChoice, UiSettings, uiSettingsMachine } from './uiSettings.ts';

type UiSettingsSnapshot = SnapshotFrom<typeof uiSettingsMachine>;

/** The settings as they apply now (the defaults until the stored ones are read). */
export const selectSettings = (snapshot: UiSettingsSnapshot): UiSettings => snapshot.context.settings;

/** The main area's preset id. */
export const selectMainTheme = (snapshot: UiSettingsSnapshot): string => snapshot.context.settings.theme.main;

/** The preset id of one area, or null while there are no settings to read (no actor). */
export const selectAreaTheme =
  (area: keyof ThemeChoice) =>
  (snapshot: UiSettingsSnapshot | undefined): string | null =>
    snapshot?.context.settings.theme[area] ?? null;

/** The page's direction as chosen ('auto' follows the language). */
export const selectDirection = (snapshot: UiSettingsSnapshot): DirectionChoice => snapshot.context.settings.direction;

/** Thin themed scrollbars. */
export const selectCustomScrollbars = (snapshot: UiSettingsSnapshot): boolean => snapshot.context.settings.customScrollbars;

/** Animations are on. */
export const selectAnimations = (snapshot: UiSettingsSnapshot): boolean => snapshot.context.settings.animations;

/** The layout chosen. */
export const selectLayout = (snapshot: UiSettingsSnapshot): LayoutChoice => snapshot.context.settings.layout;

/** The operator's layout (the defaults'). */
export const selectOperatorLayout = (snapshot: UiSettingsSnapshot): LayoutChoice => snapshot.context.defaults.layout;

/** The navigation item ids of the player's shortcuts, in the order they were added. */
export const selectShortcuts = (snapshot: UiSettingsSnapshot): string[] => snapshot.context.settings.shortcuts;

/** The stored settings are being read: the defaults stand in and must not wipe a kept choice. */
export const selectLookLoading = (snapshot: UiSettingsSnapshot): boolean => snapshot.hasTag('look:loading');

/** What the settings panel says of the look's storage. */
export type LookStatus = 'loading' | 'saving' | 'failed' | 'saved';

/** The look's storage: being read, being saved, failed, or saved. */
export const selectLookStatus = (snapshot: UiSettingsSnapshot): LookStatus =>
  snapshot.hasTag('look:loading') ? 'loading' : snapshot.hasTag('look:saving') ? 'saving' : snapshot.context.failure ? 'failed' : 'saved';

/** Where the look is kept: the player's profile (logged in) or this browser. */
export const selectLookKeptIn = (snapshot: UiSettingsSnapshot): 'profile' | 'browser' => (snapshot.hasTag('look:player') ? 'profile' : 'browser');
