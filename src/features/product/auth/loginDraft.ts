import type { Credentials } from '../../../../machines/auth.ts';

/**
 * What the player has put into the login form, kept across the form's remounts. The login form
 * is painted from HTML before any script runs (index's prerendered login.html), hydrated as the
 * app's first screen, then handed over to the router's login page once the app has booted: the
 * draft carries what was typed — and a Login pressed before the app was ready — from one to the
 * next, so nothing the player did is lost on the way. View state, not the player's data: it is
 * never stored and is cleared once a login is sent.
 */
export interface LoginDraft {
  username: string;
  password: string;
  remember: boolean;
  /** The field that had the focus, given back to the next form if nothing else took it. */
  focus: 'username' | 'password' | null;
  /** Login pressed before the app could send it: the login page sends it when it mounts. */
  pending: Credentials | null;
}

const EMPTY: LoginDraft = { username: '', password: '', remember: true, focus: null, pending: null };

let draft: LoginDraft = EMPTY;

export const loginDraft = {
  current: (): LoginDraft => draft,
  update(patch: Partial<LoginDraft>): void {
    draft = { ...draft, ...patch };
  },
  /** The login pressed early, once: whoever sends it takes it. */
  takePending(): Credentials | null {
    const pending = draft.pending;
    if (pending) draft = { ...draft, pending: null };
    return pending;
  },
  clear(): void {
    draft = EMPTY;
  },
};
