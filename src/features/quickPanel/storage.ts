/** The quick panel's demo switches (template content), kept in local storage between visits. */
const KEY = 'reelside.quickSettings';

export type QuickSettingKey = 'notifications' | 'cloudSync' | 'retro';
export type QuickSettings = Record<QuickSettingKey, boolean>;

export const QUICK_SETTINGS_DEFAULTS: QuickSettings = { notifications: true, cloudSync: false, retro: false };

export const quickSettingsStorage = {
  read(): QuickSettings {
    try {
      const stored: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '{}');
      const values = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
      const pick = (key: QuickSettingKey) => (typeof values[key] === 'boolean' ? values[key] : QUICK_SETTINGS_DEFAULTS[key]);
      return { notifications: pick('notifications'), cloudSync: pick('cloudSync'), retro: pick('retro') };
    } catch {
      return { ...QUICK_SETTINGS_DEFAULTS }; // unreadable or disabled storage
    }
  },
  write(settings: QuickSettings): void {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(settings));
    } catch {
      // not kept: the switches still work for this visit
    }
  },
};
