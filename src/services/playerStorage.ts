/**
 * What the client keeps in the browser for a logged-in player's pages: the navbar's fold, the
 * quick panel's switches, the layout choice, the promos' last claims. Apart from storage.ts so that /login, which needs
 * none of it, does not carry it.
 */
import type { PromoKind } from '../../protocol/account.ts';

/** The navbar.folded setting (SPEC §4), kept in local storage between visits. */
const FOLDED_KEY = 'reelside.navbar.folded';

export const navbarStorage = {
  readFolded(): boolean {
    try {
      return window.localStorage.getItem(FOLDED_KEY) === 'true';
    } catch {
      return false; // storage can be disabled (private mode, sandboxed frames)
    }
  },
  writeFolded(folded: boolean): void {
    try {
      window.localStorage.setItem(FOLDED_KEY, String(folded));
    } catch {
      // not kept: the navbar still folds for this visit
    }
  },
};

/** The quick panel's demo switches (template content), kept in local storage between visits. */
const QUICK_SETTINGS_KEY = 'reelside.quickSettings';

export type QuickSettingKey = 'notifications' | 'cloudSync' | 'retro';
export type QuickSettings = Record<QuickSettingKey, boolean>;

export const QUICK_SETTINGS_DEFAULTS: QuickSettings = { notifications: true, cloudSync: false, retro: false };

export interface QuickSettingsStore {
  read(): QuickSettings;
  write(settings: QuickSettings): void;
}

export const quickSettingsStorage: QuickSettingsStore = {
  read(): QuickSettings {
    try {
      const stored: unknown = JSON.parse(window.localStorage.getItem(QUICK_SETTINGS_KEY) ?? '{}');
      const values = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
      const pick = (key: QuickSettingKey) => (typeof values[key] === 'boolean' ? values[key] : QUICK_SETTINGS_DEFAULTS[key]);
      return { notifications: pick('notifications'), cloudSync: pick('cloudSync'), retro: pick('retro') };
    } catch {
      return { ...QUICK_SETTINGS_DEFAULTS }; // unreadable or disabled storage
    }
  },
  write(settings: QuickSettings): void {
    try {
      window.localStorage.setItem(QUICK_SETTINGS_KEY, JSON.stringify(settings));
    } catch {
      // not kept: the switches still work for this visit
    }
  },
};

/** The player's own layout, kept on this device; it wins over the operator's LAYOUT setting. */
export const LAYOUT_KEY = 'reelside.layout';
const LAYOUT_CHANGED = 'reelside:layout';

/** A value this device keeps, that views follow as it changes (useSyncExternalStore). */
export interface WatchedStore<T> {
  read(): T;
  write(value: T): void;
  subscribe(listener: () => void): () => void;
}

/** The stored layout name (unchecked: the reader decides what it accepts), null when none. */
export const layoutChoiceStorage: WatchedStore<string | null> = {
  read() {
    try {
      return window.localStorage.getItem(LAYOUT_KEY);
    } catch {
      return null; // storage disabled: the operator's layout
    }
  },
  write(layout) {
    try {
      if (layout === null) window.localStorage.removeItem(LAYOUT_KEY);
      else window.localStorage.setItem(LAYOUT_KEY, layout);
    } catch {
      // storage disabled: the choice still applies until the page is left
    }
    // Every follower in this page; other tabs hear the storage event.
    window.dispatchEvent(new Event(LAYOUT_CHANGED));
  },
  subscribe(listener) {
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAYOUT_KEY || event.key === null) listener();
    };
    window.addEventListener(LAYOUT_CHANGED, listener);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(LAYOUT_CHANGED, listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** When each promo was last claimed on this device (epoch ms): the local window survives a reload. */
export const promoStorage = {
  read(kind: PromoKind): number | null {
    try {
      const value = Number(window.localStorage.getItem(`reelside.promo.${kind}`));
      return Number.isFinite(value) && value > 0 ? value : null;
    } catch {
      return null; // storage disabled: no window kept
    }
  },
  write(kind: PromoKind, at: number): void {
    try {
      window.localStorage.setItem(`reelside.promo.${kind}`, String(at));
    } catch {
      // not kept: the window still holds until the page is left
    }
  },
};

/** The player's sound in the game: on or off, and its volume (0–1), kept between visits. */
const SOUND_KEY = 'reelside.game.sound';

export interface SoundChoice {
  on: boolean;
  volume: number;
}

export const soundStorage = {
  /** The last choice, or null when there is none (or what is stored is not one). */
  read(): SoundChoice | null {
    try {
      const stored: unknown = JSON.parse(window.localStorage.getItem(SOUND_KEY) ?? 'null');
      if (typeof stored !== 'object' || stored === null) return null;
      const { on, volume } = stored as Record<string, unknown>;
      if (typeof on !== 'boolean' || typeof volume !== 'number' || !(volume >= 0 && volume <= 1)) return null;
      return { on, volume };
    } catch {
      return null; // storage disabled, or not JSON
    }
  },
  write(choice: SoundChoice): void {
    try {
      window.localStorage.setItem(SOUND_KEY, JSON.stringify(choice));
    } catch {
      // not kept: the choice holds for this visit
    }
  },
};
