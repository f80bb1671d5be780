import type { NavItem, NavLink, NavRoute } from '../navigation/config.ts';

/** At most this many suggestions are offered (SPEC §5, §9). */
export const SEARCH_LIMIT = 10;

export type Destination = NavRoute | NavLink;

/** The items a player can go to, in menu order: routes and links inside groups included. */
export function destinations(items: readonly NavItem[]): Destination[] {
  const found: Destination[] = [];
  for (const item of items) {
    if (item.type === 'item' || item.type === 'link') found.push(item);
    else if (item.type === 'group' || item.type === 'collapse') found.push(...destinations(item.children));
  }
  return found;
}

/** Case-insensitive, in the player's language (Turkish İ/ı included). */
export function titleMatches(title: string, query: string, locale: string): boolean {
  const needle = query.trim().toLocaleLowerCase(locale);
  return needle === '' || title.toLocaleLowerCase(locale).includes(needle);
}

/** The destinations whose title holds the query, at most `limit`; an empty query suggests nothing. */
export function suggest(
  items: readonly Destination[],
  query: string,
  titleOf: (item: Destination) => string,
  locale: string,
  limit = SEARCH_LIMIT,
): Destination[] {
  if (query.trim() === '') return [];
  return items.filter((item) => titleMatches(titleOf(item), query, locale)).slice(0, limit);
}
