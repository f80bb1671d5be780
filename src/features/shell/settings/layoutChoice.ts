import { useSyncExternalStore } from 'react';
import { useLayoutStore, useSettings } from '../../viewRuntime.tsx';

export const LAYOUTS = ['layout1', 'layout2', 'layout3'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export function isLayout(value: unknown): value is LayoutName {
  return typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value);
}

/**
 * The layout in force: the player's own choice kept on this device (the runtime's layout store)
 * over settings.LAYOUT (default layout1, SPEC §9). A stored name that is not a layout is ignored.
 */
export function useLayoutChoice(): LayoutName {
  const { LAYOUT } = useSettings();
  const store = useLayoutStore();
  const stored = useSyncExternalStore(store.subscribe, store.read, () => null);
  return isLayout(stored) ? stored : LAYOUT;
}

/** Keep the player's layout (null: back to the operator's). Every useLayoutChoice() follows. */
export function useChooseLayout(): (layout: LayoutName | null) => void {
  return useLayoutStore().write;
}
