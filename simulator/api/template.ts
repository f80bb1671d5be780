import type { Route } from '../http/router.ts';
import { chatRoutes } from './chat.ts';
import type { ApiDeps } from './deps.ts';
import { quickPanelRoutes } from './quick-panel.ts';
import { templateAuthRoutes } from './template-auth.ts';

/** Every call of the admin-dashboard template the client still makes (SPEC §7). */
export function templateRoutes(deps: ApiDeps): Route[] {
  return [...templateAuthRoutes(deps), ...chatRoutes(deps), ...quickPanelRoutes(deps)];
}
