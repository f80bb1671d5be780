import { createContext, useContext, useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * The login painted from HTML (login.html, src/app/prerender.tsx) is one form from the paint to
 * the player's login: hydrated where it was painted — src/app/App.tsx renders it at one place,
 * before every screen — and never replaced. The boot's screens, the router's cover and the
 * router's login page only say that it stands there (FirstLoginHere) while they are up. So a
 * press whose down and up straddle the app's boot, the caret, and what was typed are never lost
 * to a swap of forms (two forms, one after the other, lost 1 press in 16 on a slow phone).
 * Once the router has shown another page, the first login is over: later logins are the router's.
 */
export interface FirstLogin {
  /** The page came with its login painted in, and is being hydrated. */
  readonly painted: boolean;
  subscribe(listener: () => void): () => void;
  /** The form is up: painted, not over, and the screen of the moment is it. */
  shown(): boolean;
  /** Painted and not over: a screen that would show the login (or a boot screen) shows it. */
  standing(): boolean;
  /** A screen that is the first login while it is up; returns its release. */
  hold(): () => void;
  /** The router has shown another page. */
  end(): void;
}

export function createFirstLogin(painted: boolean): FirstLogin {
  let holders = 0;
  let over = !painted;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    painted,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    shown: () => !over && holders > 0,
    standing: () => !over,
    hold() {
      holders += 1;
      changed();
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        holders -= 1;
        changed();
      };
    },
    end() {
      if (over) return;
      over = true;
      changed();
    },
  };
}

const FirstLoginContext = createContext<FirstLogin>(createFirstLogin(false));
export const FirstLoginProvider = FirstLoginContext.Provider;
export const useFirstLogin = (): FirstLogin => useContext(FirstLoginContext);

/** Painted and not over (see FirstLogin.standing). */
export function useFirstLoginStanding(): boolean {
  const first = useFirstLogin();
  return useSyncExternalStore(first.subscribe, first.standing, first.standing);
}

/** Whether the first login is up; while the page is hydrated, it is (it was painted so). */
export function useFirstLoginShown(): boolean {
  const first = useFirstLogin();
  return useSyncExternalStore(first.subscribe, first.shown, () => first.painted);
}

/**
 * Said by a screen that is the first login while it stands: the form stays where it was painted.
 * A layout effect: the form is never missing from a painted frame when one such screen replaces
 * another (the release and the next hold are in the same commit).
 */
export function FirstLoginHere(): null {
  const first = useFirstLogin();
  useLayoutEffect(() => first.hold(), [first]);
  return null;
}
