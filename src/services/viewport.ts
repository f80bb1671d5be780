/**
 * The viewport as the machines need it: `onWide` is called while the page is at least
 * `minWidth` wide — at once when it already is, then each time it becomes so (a phone turned, a
 * window widened). Returns the stop.
 */
export function watchWideScreen(minWidth: string, onWide: () => void): () => void {
  const wide = window.matchMedia(`(min-width: ${minWidth})`);
  const check = () => {
    if (wide.matches) onWide();
  };
  check();
  wide.addEventListener('change', check);
  return () => wide.removeEventListener('change', check);
}
