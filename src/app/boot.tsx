import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createActor, fromPromise } from 'xstate';
import { createSettingsMachine } from '../../machines/settings.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../protocol/settings.ts';
import { fetchSettings } from '../services/settings.ts';
import { queryToken } from '../services/storage.ts';
import { activateLanguage, isLanguage } from '../ui/i18n.ts';
import { App } from './App.tsx';
import { PAINTED_LOBBY_ID, PRERENDERED } from './prerendered.ts';
import { createPaintedLobby } from '../ui/paintedLobbyHold.tsx';
import { registerServiceWorker } from './serviceWorker.ts';
import { nextTask } from './nextTask.ts';

/**
 * Starts the app (src/app/main.tsx calls it once this file is here, with the settings' request it
 * sent as the page started: the settings' load takes that answer rather than asking again).
 */
export async function start(settingsAsked?: Promise<Response>): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // Evaluating this file's imports is one task already: the start's steps are not glued to it.
  // (Not a top-level await: that splits the bundle into a file per module.)
  await nextTask();
  let asked = settingsAsked;
  const loadSettings = fromPromise<Settings, void>(() => {
    const answer = asked;
    asked = undefined;
    return fetchSettings(answer);
  });
  const settingsActor = createActor(createSettingsMachine(DEFAULT_SETTINGS).provide({ actors: { loadSettings } })).start();
  await nextTask();

  /**
   * login.html comes with the login screen painted in it (src/app/prerender.tsx). On /login it is
   * hydrated: the same screen, now live, keeping whatever was typed before the script ran (the
   * form adopts its inputs' values). A kept login is checked with the form standing: a valid one
   * goes on to the lobby, one the server no longer takes (expired, ended) finds the same form,
   * not a loading screen and then a second form that drops what was typed meanwhile. A token in
   * the address boots as from index.html: the screen is replaced.
   */
  const language = document.documentElement.lang;
  const hydrate =
    root.dataset.prerendered === PRERENDERED.login && window.location.pathname === '/login' && isLanguage(language) && !queryToken.read();

  // lobby.html comes with the lobby painted in, before #root: it stands until the app's own is drawn.
  const painted = document.getElementById(PAINTED_LOBBY_ID);
  const paintedLobby = createPaintedLobby(window.location.pathname === '/lobby' ? painted : null);
  if (window.location.pathname !== '/lobby') painted?.remove();

  const app = (
    <StrictMode>
      <App settingsActor={settingsActor} firstLogin={hydrate} paintedLobby={paintedLobby} />
    </StrictMode>
  );
  if (hydrate) {
    // The screen's texts in its language first: the first render must be the page's own.
    await activateLanguage(language).catch(() => undefined);
    // In a transition: hydration then yields to the browser every few milliseconds (a blocking
    // hydration was one long task on a slow phone; the form is on screen meanwhile anyway).
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    // In a transition too: the first render yields to the browser every few milliseconds rather
    // than being one long task (what stands meanwhile — the HTML's loading card or painted lobby —
    // is on screen anyway).
    startTransition(() => {
      createRoot(root).render(app);
    });
  }

  registerServiceWorker();
}
