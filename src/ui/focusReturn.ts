import { useLayoutEffect, useRef } from 'react';

/**
 * For a dialog opened from outside it (a button that is no Radix `Trigger`, or the app itself):
 * what had the focus when it opened gets it back when it closes, as the dialog pattern wants —
 * Radix's dialog focuses its trigger, and without one the page's body. Not when the dialog closed
 * because the player went to another page (a menu item): that page decides (its heading takes
 * the focus). Spread onto `Dialog.Content`; `onOpen` is the dialog's own `onOpenAutoFocus`, if any;
 * `page` the router's pathname, for a dialog that can take the player elsewhere.
 */
export function useFocusReturn({ onOpen, page = '' }: { onOpen?: (event: Event) => void; page?: string } = {}): {
  onOpenAutoFocus: (event: Event) => void;
  onCloseAutoFocus: (event: Event) => void;
} {
  const opener = useRef<{ element: HTMLElement; page: string } | null>(null);
  // The page as of the last render: a close that follows a change of page comes after its render.
  const current = useRef(page);
  useLayoutEffect(() => {
    current.current = page;
  }, [page]);
  return {
    // Before the focus moves into the dialog: what has it now opened it.
    onOpenAutoFocus: (event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? { element: active, page: current.current } : null;
      onOpen?.(event);
    },
    onCloseAutoFocus: (event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.element.isConnected || target.page !== current.current) return;
      event.preventDefault();
      target.element.focus();
    },
  };
}
