import type { ActorRefFrom } from 'xstate';
import type { authMachine } from '../../machines/auth.ts';
import { selectRoles } from '../../machines/auth.selectors.ts';

/** Whether the login has any role (a guest has none). */
export function hasRole(auth: Pick<ActorRefFrom<typeof authMachine>, 'getSnapshot'>): boolean {
  return selectRoles(auth.getSnapshot()).length > 0;
}

/**
 * Where to go after login (SPEC §2 access rules): the saved target, or /. Only same-site paths
 * are followed, and a saved /logout becomes / so a fresh login does not log out again.
 */
export function afterLoginTarget(saved: unknown): string {
  if (typeof saved !== 'string' || !saved.startsWith('/') || saved.startsWith('//')) return '/';
  const path = saved.split(/[?#]/)[0] ?? '/';
  if (path === '/logout' || path === '/login') return '/';
  return saved;
}
