import { useSyncExternalStore } from 'react';
import { useSettings } from '../runtime.tsx';

export const LAYOUTS = ['layout1', 'layout2', 'layout3'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

/** The player's own choice, kept on this device; it wins over the operator's LAYOUT setting. */
export const LAYOUT_KEY = 'reelside.layout';
const CHANGED = 'reelside:layout';

export function isLayout(value: unknown): value is LayoutName {
  return typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value);
}

function readStored(): LayoutName | null {
  try {
    const value = window.localStorage.getItem(LAYOUT_KEY);
    return isLayout(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keep the player's layout (null: back to the operator's). Every useLayoutChoice() follows. */
export function chooseLayout(layout: LayoutName | null): void {
  try {
    if (layout === null) window.localStorage.removeItem(LAYOUT_KEY);
    else window.localStorage.setItem(LAYOUT_KEY, layout);
  } catch {
    // storage disabled: the choice still applies until the page is left
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === LAYOUT_KEY || event.key === null) listener();
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The layout in force: the stored 'reelside.layout' over settings.LAYOUT (default layout1, SPEC §9). */
export function useLayoutChoice(): LayoutName {
  const { LAYOUT } = useSettings();
  const stored = useSyncExternalStore(subscribe, readStored, () => null);
  return stored ?? LAYOUT;
}
