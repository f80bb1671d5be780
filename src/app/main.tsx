/**
 * The page's script: the app starts once the browser has painted what the HTML brought (the
 * login painted in, or the loading card), so that first paint never waits for the app's code to
 * be evaluated — on a slow phone that took most of a second (docs/performance.md).
 */
import { LOGGED_IN_META } from './loggedInMeta.ts';
import { PAINTED_LOBBY_ID } from './prerendered.ts';
import { queryToken, tokenStorage } from '../services/storage.ts';
import { nextTask } from './nextTask.ts';

// The operator's settings are asked for now, beside the app's code rather than after it (a
// preload link would do it sooner, but not every browser hands a preloaded no-store answer over).
const settingsAsked = fetch('/Settings.json', { cache: 'no-store' });
settingsAsked.catch(() => undefined); // a failure is the app's to tell, when it takes the answer

/** How long a lobby painted from HTML waits for its first screen's pictures before the app starts anyway. */
const PICTURES_WAIT_MS = 1500;

void firstScreenPainted()
  .then(() => new Promise((painted) => requestAnimationFrame(painted)))
  .then(async () => {
    // Three tasks, not one: the page's first read of localStorage (the browser loads the storage
    // area then, ~20 ms at Lighthouse's 4× CPU), the logged-in code's preload links, and the boot's
    // import with its microtasks were one task of 55–110 ms at 4× (docs/performance.md).
    await nextTask();
    const kept = Boolean(tokenStorage.read() ?? queryToken.read());
    await nextTask();
    if (kept) preloadLoggedIn();
    await nextTask();
    const boot = await import('./boot.tsx');
    await boot.start(settingsAsked);
  })
  .catch(bootFailed);

/**
 * A lobby painted from HTML is its pictures (the page's largest paint): the app's code is evaluated
 * once they are in, not before — evaluating it first held the frame that paints them (a phone's
 * main thread is one). Bounded: a picture that does not come does not hold the app.
 */
function firstScreenPainted(): Promise<void> {
  const pictures = [...document.querySelectorAll<HTMLImageElement>(`#${PAINTED_LOBBY_ID} img[loading="eager"]`)];
  if (pictures.length === 0) return Promise.resolve();
  return Promise.race([
    Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined))).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, PICTURES_WAIT_MS)),
  ]);
}

/**
 * A kept login (or one handed over in the address) goes on to a logged-in page: the code of the
 * logged-in half and the router (a file each: scripts/chunks.ts) downloads beside the boot's, not
 * after the token check — fetched and compiled now, run only when the app needs it.
 */
function preloadLoggedIn(): void {
  // None on a development server: no built files.
  const files = document.querySelector<HTMLMetaElement>(`meta[name="${LOGGED_IN_META}"]`)?.content.split(' ') ?? [];
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * The app's code could not be downloaded (the network went between the page and its scripts, or
 * a deploy replaced them) or could not start: the page must not go on looking usable. The network error screen, in
 * plain DOM — the page's language where it was painted at build time (#root's data-boot-* from
 * scripts/prerender.ts), else English — with a reload, the one thing that can fetch the code again
 * (a browser keeps a failed module import failed for the document's life).
 */
function bootFailed(error: unknown): void {
  console.error('The app could not be loaded', error);
  const root = document.getElementById('root');
  if (!root) return;
  const main = document.createElement('main');
  main.className = 'boot';
  main.dataset.state = 'network-error';
  const card = document.createElement('div');
  card.className = 'boot-card';
  const message = document.createElement('h1');
  message.className = 'boot-message';
  message.setAttribute('role', 'alert');
  message.textContent = root.dataset.bootFailed ?? 'error on network connection please reflesh your page';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'boot-retry';
  retry.textContent = root.dataset.bootRetry ?? 'Try again';
  retry.addEventListener('click', () => window.location.reload());
  card.append(message, retry);
  main.append(card);
  root.replaceChildren(main);
  // A lobby painted from HTML stands over #root (unseen under it): it goes, the error is what is said.
  document.getElementById(PAINTED_LOBBY_ID)?.remove();
  retry.focus();
}
