import { useSyncExternalStore } from 'react';
import styled from 'styled-components';

export type ToastVariant = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: string;
  message: string;
  variant: ToastVariant;
}

/** SPEC §9: a message toast hides after 6000 ms. */
export const TOAST_HIDE_MS = 6000;
/** SPEC §9: passing notifications (operator info) close after 3000 ms. */
export const TOAST_AUTOCLOSE_MS = 3000;

type Listener = () => void;
let toasts: readonly Toast[] = [];
const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: readonly Toast[]) {
  toasts = next;
  listeners.forEach((l) => l());
}

export function dismissToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  emit(toasts.filter((t) => t.id !== id));
}

/** Show a toast; a toast with the same id is updated in place (and its timer restarted). */
export function showToast(message: string, variant: ToastVariant = 'info', options: { id?: string; hideAfterMs?: number } = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  const toast: Toast = { id, message, variant };
  emit(toasts.some((t) => t.id === id) ? toasts.map((t) => (t.id === id ? toast : t)) : [...toasts, toast]);
  clearTimeout(timers.get(id));
  timers.set(id, setTimeout(() => dismissToast(id), options.hideAfterMs ?? TOAST_HIDE_MS));
  return id;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}

/** Anchored top centre (SPEC §3 message toast). Server text is rendered as text, never HTML. */
export function ToastRegion() {
  const items = useToasts();
  return (
    <Region aria-live="polite" data-toast-region>
      {items.map((t) => (
        <Item key={t.id} role={t.variant === 'error' ? 'alert' : 'status'} data-variant={t.variant} onClick={() => dismissToast(t.id)}>
          {t.message}
        </Item>
      ))}
    </Region>
  );
}

/**
 * Where toasts show, so they never hide what the player is reaching for: on a desktop at the end
 * side under the header (the page's heading and its buttons, Bonus among them, are at the start);
 * on a phone at the bottom, in the safe area. The game places them itself (its GameToasts, over
 * the side bar's top: never over the machine's picture or its play deck), with the game's code.
 */
const Region = styled.div`
  position: fixed;
  z-index: 1000;
  display: flex;
  flex-direction: column;
  gap: 8px;
  pointer-events: none;
  top: 76px;
  inset-inline-end: 24px;
  width: min(400px, calc(100% - 48px));
  @media (max-width: 600px) {
    top: auto;
    bottom: calc(16px + env(safe-area-inset-bottom));
    inset-inline: 16px;
    width: auto;
    flex-direction: column-reverse;
  }
`;

const Item = styled.div`
  pointer-events: auto;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border-inline-start: 4px solid ${({ theme }) => theme.colors.primary};
  box-shadow: 0 8px 24px rgb(0 0 0 / 40%);
  cursor: pointer;
  &[data-variant='error'] { border-inline-start-color: ${({ theme }) => theme.colors.danger}; }
  &[data-variant='success'] { border-inline-start-color: ${({ theme }) => theme.colors.success}; }
`;
