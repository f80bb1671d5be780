import { useSyncExternalStore } from 'react';

/** The template chrome's panels (the chat panel's own machine says whether it is open). */
export type Panel = 'none' | 'search' | 'shortcuts' | 'settings' | 'quick';
/** Where a row of tools sits: the toolbar, the navbar (header bar hidden) or the phone's drawer. */
export type Place = 'toolbar' | 'navbar' | 'drawer';

export interface PanelsState {
  open: Panel;
  /** The row whose button opened it: the search field opens in place of that row's button. */
  from: Place | null;
  /** Panels opened once stay mounted, so closing animates out and reopening is instant. */
  loaded: ReadonlySet<Panel>;
}

const CLOSED: PanelsState = { open: 'none', from: null, loaded: new Set() };
let state = CLOSED;
const listeners = new Set<() => void>();

/**
 * Which panel is open, outside React: choosing another layout in the settings panel replaces
 * every row of tools, and the panel must stay open across that.
 */
export const chromePanels = {
  show(open: Panel, from: Place | null = null) {
    const loaded = state.loaded.has(open) ? state.loaded : new Set([...state.loaded, open]);
    state = { open, from, loaded };
    listeners.forEach((listener) => listener());
  },
  close() {
    if (state.open !== 'none') chromePanels.show('none');
  },
  /** The chrome is gone (logged out): the next one starts with nothing open or loaded. */
  reset() {
    state = CLOSED;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export function useChromePanels(): PanelsState {
  return useSyncExternalStore(chromePanels.subscribe, () => state, () => state);
}
