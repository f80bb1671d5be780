import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from '../../machines/auth.ts';
import type { Settings } from '../protocol/settings.ts';

/** What views may reach of the running app: the root actors and the settings. Created by src/app. */
export interface ViewRuntime {
  settings: Settings;
  auth: ActorRefFrom<typeof authMachine>;
}

const RuntimeContext = createContext<ViewRuntime | null>(null);

export function RuntimeProvider({ runtime, children }: { runtime: ViewRuntime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

function useRuntime(): ViewRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('RuntimeProvider is missing');
  return runtime;
}

export const useAuthActor = () => useRuntime().auth;
export const useSettings = () => useRuntime().settings;
