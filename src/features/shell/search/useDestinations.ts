import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { NAVIGATION, type NavItem } from '../navigation/config.ts';
import { visibleItems } from '../navigation/filter.ts';
import { useAuthActor } from '../../viewRuntime.tsx';
import { destinations, type Destination } from './match.ts';

const NO_PERMISSIONS: readonly number[] = [];

/** What the player may go to: the menu as the navigation shows it to them, flattened. */
export function useDestinations(tree: readonly NavItem[] = NAVIGATION): Destination[] {
  const auth = useAuthActor();
  const roles = useSelector(auth, (s) => s.context.roles);
  const permissions = useSelector(auth, (s) => s.context.session?.user.permissions ?? NO_PERMISSIONS);
  const type = useSelector(auth, (s) => s.context.session?.user.type ?? null);
  return useMemo(() => destinations(visibleItems(tree, { roles, permissions, type })), [tree, roles, permissions, type]);
}

/** Go to a destination: a route in the app, or a link where it asks to open. */
export function openDestination(item: Destination, navigate: (to: string) => void): void {
  if (item.type === 'link') window.open(item.url, item.target ?? '_blank', 'noopener');
  else navigate(item.url);
}
