/**
 * The page's meta tag naming the files of the logged-in half's code and the router (written by the build:
 * scripts/chunks.ts), which the page's first script preloads for a kept login (main.tsx).
 */
export const LOGGED_IN_META = 'reelside:logged-in';
