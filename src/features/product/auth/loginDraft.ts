import type { Credentials } from '../../../../machines/auth.ts';

/**
 * What the player has put into the login form, shared by every login form of the page. The login
 * form is painted from HTML before any script runs (login.html, prerendered), hydrated as the
 * app's first screen, then handed over to the router's login page once the app has booted — and
 * for a moment both may be mounted (the first one covering the router's as it comes). Each form
 * shows the draft and writes to it, so what was typed into any of them is what every one shows,
 * whenever it mounts, and a Login pressed before the app was ready is sent by the login page.
 * View state, not the player's data: never stored, forgotten once a login has succeeded.
 */
export interface LoginDraft {
  username: string;
  password: string;
  remember: boolean;
  /** Fields the player has left (their length hints show). */
  touched: { username: boolean; password: boolean };
  /** The field that had the focus, given back to the next form if nothing else took it. */
  focus: 'username' | 'password' | null;
  /** Login pressed before the app could send it: the login page sends it when it mounts. */
  pending: Credentials | null;
}

const EMPTY: LoginDraft = { username: '', password: '', remember: true, touched: { username: false, password: false }, focus: null, pending: null };

let draft: LoginDraft = EMPTY;
const listeners = new Set<() => void>();

function set(next: LoginDraft): void {
  draft = next;
  listeners.forEach((listener) => listener());
}

export const loginDraft = {
  current: (): LoginDraft => draft,
  /** For useSyncExternalStore: the forms re-render on every change. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<LoginDraft>): void {
    set({ ...draft, ...patch });
  },
  /** The login pressed early, once: whoever sends it takes it. */
  takePending(): Credentials | null {
    const pending = draft.pending;
    if (pending) set({ ...draft, pending: null });
    return pending;
  },
  clear(): void {
    set(EMPTY);
  },
};
