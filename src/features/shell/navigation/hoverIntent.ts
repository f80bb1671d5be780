import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §9: horizontal submenus open on hover after 150 ms. */
export const HOVER_DELAY_MS = 150;

/**
 * Open after the pointer has rested on a menu for the delay, close once it has been away as long:
 * passing from a menu to its submenu (leave, then enter at once) keeps it open. A click or a key
 * decides at once.
 */
export function useHoverIntent(delay = HOVER_DELAY_MS) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const settle = useCallback(
    (next: boolean) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setOpen(next), delay);
    },
    [delay],
  );
  const now = useCallback((next: boolean) => {
    clearTimeout(timer.current);
    setOpen(next);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    open,
    setOpen: now,
    onPointerEnter: () => settle(true),
    onPointerLeave: () => settle(false),
  };
}
