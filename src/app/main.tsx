/**
 * The page's script: the app starts once the browser has painted what the HTML brought (the
 * login painted in, or the loading card), so that first paint never waits for the app's code to
 * be evaluated — on a slow phone that took most of a second (docs/performance.md).
 */
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./boot.tsx');
  }, 0);
});
