import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, fromPromise } from 'xstate';
import { createSettingsMachine } from '../../machines/settings.ts';
import { DEFAULT_SETTINGS } from '../../protocol/settings.ts';
import { fetchSettings } from '../services/settings.ts';
import { App } from './App.tsx';
import { registerServiceWorker } from './serviceWorker.ts';

const settingsActor = createActor(
  createSettingsMachine(DEFAULT_SETTINGS).provide({ actors: { loadSettings: fromPromise(fetchSettings) } }),
).start();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App settingsActor={settingsActor} />
  </StrictMode>,
);

registerServiceWorker();
