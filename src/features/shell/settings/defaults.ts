import type { LayoutChoice, UiSettings } from '../../../../machines/uiSettings.ts';
import { DEFAULT_PRESET } from '../../../theme/presets.ts';

/**
 * A player who has never chosen sees the product as it ships: Night everywhere, the operator's
 * layout, the language's direction, the browser's scrollbars, animations on.
 */
export function defaultUiSettings(layout: LayoutChoice): UiSettings {
  return {
    theme: { main: DEFAULT_PRESET, navbar: DEFAULT_PRESET, toolbar: DEFAULT_PRESET, footer: DEFAULT_PRESET },
    layout,
    direction: 'auto',
    customScrollbars: false,
    animations: true,
    shortcuts: [],
  };
}
