import { useRef } from 'react';

/**
 * For a dialog opened from outside it (a button that is no Radix `Trigger`, or the app itself):
 * what had the focus when it opened gets it back when it closes, as the dialog pattern wants —
 * Radix's dialog focuses its trigger, and without one the page's body. Spread onto
 * `Dialog.Content`; `onOpen` is the dialog's own `onOpenAutoFocus`, if it has one.
 */
export function useFocusReturn(onOpen?: (event: Event) => void): { onOpenAutoFocus: (event: Event) => void; onCloseAutoFocus: (event: Event) => void } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Before the focus moves into the dialog: what has it now opened it.
    onOpenAutoFocus: (event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpen?.(event);
    },
    onCloseAutoFocus: (event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
