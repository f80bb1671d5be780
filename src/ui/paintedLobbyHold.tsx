import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore } from 'react';

/**
 * The lobby painted from HTML (lobby.html: PaintedLobby, the server's brands in its tiles) stands
 * before #root while the app boots under it, unseen. It stays while the app has nothing better to
 * show — its boot screens, the router's cover, its own lobby still loading: each says so while it is
 * up (PaintedLobbyHere) — and goes, in the commit that draws the app's own tiles, as soon as nothing
 * holds it: the app's lobby is there, or the app must say something else (a refused token's login,
 * the IP check's answer, an error). So no frame is without tiles, and nothing the app says is hidden.
 */
export interface PaintedLobby {
  /** A screen that the painted lobby may stand in for while it is up; returns its release. */
  hold(): () => void;
  /** The app's first commit is in: if no screen holds the painted lobby, it goes. */
  settle(): void;
  /** Still there. */
  standing(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createPaintedLobby(element: Element | null): PaintedLobby {
  let holders = 0;
  let over = element === null;
  const listeners = new Set<() => void>();
  const settle = () => {
    if (over || holders > 0) return;
    over = true;
    element?.remove();
    listeners.forEach((listener) => listener());
  };
  return {
    hold() {
      holders += 1;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        holders -= 1;
        // After the commit: a screen that replaces another in it holds before this runs.
        queueMicrotask(settle);
      };
    },
    settle,
    standing: () => !over,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const PaintedLobbyContext = createContext<PaintedLobby>(createPaintedLobby(null));
export const PaintedLobbyProvider = PaintedLobbyContext.Provider;

/**
 * The painted lobby is up: a boot screen under it is not drawn at all (it would be unseen: its
 * render, styles and layout were work on a phone's busy main thread for nothing).
 */
export function usePaintedLobbyStanding(): boolean {
  const painted = useContext(PaintedLobbyContext);
  return useSyncExternalStore(painted.subscribe, painted.standing, painted.standing);
}

/**
 * Whether the painted lobby stood when the component was first rendered: read once, not
 * subscribed to. For a choice made at mount only (a first render deferred or not): a subscriber
 * is rendered again when the painted lobby goes — with the chrome under it, its whole subtree, in
 * the microtask after the take-over's commit, a second long task of the same work (~70 ms at 4×).
 */
export function usePaintedLobbyStoodAtMount(): boolean {
  const painted = useContext(PaintedLobbyContext);
  const [stood] = useState(painted.standing);
  return stood;
}

/** Said by a screen the painted lobby stands in for while it is up. */
export function PaintedLobbyHere(): null {
  const painted = useContext(PaintedLobbyContext);
  useLayoutEffect(() => painted.hold(), [painted]);
  return null;
}

/** The app's first commit is in (a parent's layout effect runs after its children's holds). */
export function usePaintedLobbySettled(): void {
  const painted = useContext(PaintedLobbyContext);
  useLayoutEffect(() => painted.settle(), [painted]);
}
