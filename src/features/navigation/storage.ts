/** The navbar.folded setting (SPEC §4), kept in local storage between visits. */
const FOLDED_KEY = 'reelside.navbar.folded';

export const navbarStorage = {
  readFolded(): boolean {
    try {
      return window.localStorage.getItem(FOLDED_KEY) === 'true';
    } catch {
      return false; // storage can be disabled (private mode, sandboxed frames)
    }
  },
  writeFolded(folded: boolean): void {
    try {
      window.localStorage.setItem(FOLDED_KEY, String(folded));
    } catch {
      // not kept: the navbar still folds for this visit
    }
  },
};
