import { useMemo } from 'react';
import { NAVIGATION, type NavItem } from '../navigation/config.ts';
import { useVisibleItems } from '../navigation/useVisibleItems.ts';
import { destinations, type Destination } from './match.ts';

/** What the player may go to: the menu as the navigation shows it to them, flattened. */
export function useDestinations(tree: readonly NavItem[] = NAVIGATION): Destination[] {
  const items = useVisibleItems(tree);
  return useMemo(() => destinations(items), [items]);
}

/** Go to a destination: a route in the app, or a link where it asks to open. */
export function openDestination(item: Destination, navigate: (to: string) => void): void {
  if (item.type === 'link') window.open(item.url, item.target ?? '_blank', 'noopener');
  else navigate(item.url);
}
