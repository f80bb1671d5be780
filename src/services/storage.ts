/**
 * What the client keeps in the browser. The access token lives in localStorage when the player
 * asked to be remembered, otherwise in sessionStorage (gone when the tab closes).
 */
const TOKEN_KEY = 'jwt_access_token';
const LANGUAGE_KEY = 'reelside.language';
/** The guest's look (theme, layout…) kept in this browser: written by src/services/uiSettings.ts. */
export const GUEST_LOOK_KEY = 'reelside.ui';

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback; // storage can be disabled (private mode, sandboxed frames)
  }
}

export const tokenStorage = {
  read: (): string | null =>
    safe(() => window.localStorage.getItem(TOKEN_KEY) ?? window.sessionStorage.getItem(TOKEN_KEY), null),
  write(token: string, remember: boolean): void {
    safe(() => {
      tokenStorage.clear();
      (remember ? window.localStorage : window.sessionStorage).setItem(TOKEN_KEY, token);
    }, undefined);
  },
  clear(): void {
    safe(() => {
      window.localStorage.removeItem(TOKEN_KEY);
      window.sessionStorage.removeItem(TOKEN_KEY);
    }, undefined);
  },
};

export const languageStorage = {
  read: (): string | null => safe(() => window.localStorage.getItem(LANGUAGE_KEY), null),
  write: (language: string): void => safe(() => window.localStorage.setItem(LANGUAGE_KEY, language), undefined),
};

/** Whether this browser keeps a guest's look: the login page then needs the look's machine. */
export const guestLook = {
  kept: (): boolean => safe(() => window.localStorage.getItem(GUEST_LOOK_KEY) !== null, false),
};

/** Take the token handed over in the query string (token login) and drop it from the address bar. */
export const queryToken = {
  read: (): string | null => new URLSearchParams(window.location.search).get('token'),
  strip(): void {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  },
  /**
   * Start the app anew at `path` with `token` in the query string, for the token login above to
   * pick up (a player who just registered). Replaces the page: Back does not return to the form.
   */
  handOver(path: string, token: string): void {
    const url = new URL(path, window.location.origin);
    url.searchParams.set('token', token);
    window.location.replace(url.href);
  },
};

/** When each promo was last claimed (SPEC §5: a 30 s window kept locally). */
const LOCK_KEY = 'reelside.locked';
const LOCK_ATTEMPTS_KEY = 'reelside.lockAttempts';

/**
 * The idle lock's flag and its count of wrong PINs in a row: a reload while locked stays locked
 * (with PIN_CHECK on) and does not start the count afresh.
 */
export const lockStorage = {
  read: (): { locked: boolean; attempts: number } =>
    safe(
      () => {
        const attempts = Number(window.localStorage.getItem(LOCK_ATTEMPTS_KEY) ?? '0');
        return {
          locked: window.localStorage.getItem(LOCK_KEY) === '1',
          // Anything but a count (edited by hand) counts as used up: the lock logs out.
          attempts: Number.isSafeInteger(attempts) && attempts >= 0 ? attempts : Number.MAX_SAFE_INTEGER,
        };
      },
      { locked: false, attempts: 0 },
    ),
  write: (locked: boolean): void =>
    safe(() => (locked ? window.localStorage.setItem(LOCK_KEY, '1') : window.localStorage.removeItem(LOCK_KEY)), undefined),
  writeAttempts: (attempts: number): void =>
    safe(
      () => (attempts > 0 ? window.localStorage.setItem(LOCK_ATTEMPTS_KEY, String(attempts)) : window.localStorage.removeItem(LOCK_ATTEMPTS_KEY)),
      undefined,
    ),
  /** The login ended: no lock, no count. */
  clear: (): void => {
    lockStorage.write(false);
    lockStorage.writeAttempts(0);
  },
};
