import type { AnyActorRef } from 'xstate';

type AuthLike = Pick<AnyActorRef, 'getSnapshot'>;

export function hasRole(auth: AuthLike): boolean {
  return (auth.getSnapshot().context.roles as string[]).length > 0;
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
