import type { NavItem } from './config.ts';
import type { Role } from './roles.ts';

/** Who is looking at the menu. */
export interface Viewer {
  roles: readonly Role[];
  /** The permission ids in the player's token. */
  permissions: readonly number[];
  /** The player's user type, handed to the level check (SPEC §6). */
  type: number | null;
}

/**
 * SPEC §6: an item is shown only if its auth set permits one of the viewer's roles. No auth:
 * everyone; an empty auth (onlyGuest): only a viewer without any role.
 */
export function roleAllows(auth: readonly Role[] | undefined, roles: readonly Role[]): boolean {
  if (auth === undefined) return true;
  if (auth.length === 0) return roles.length === 0;
  return roles.some((role) => auth.includes(role));
}

/**
 * The level check. SPEC §6 leaves its rule open; Reelside's rule: an item that lists levels is
 * shown only if the player's permission ids include at least one of them (so every product item,
 * listing 145, needs permission 145 in the token). An item without levels passes. The user type is
 * part of the check's input for operators whose rule needs it; this rule does not look at it.
 */
export function levelAllows(levels: readonly number[] | undefined, viewer: Pick<Viewer, 'permissions' | 'type'>): boolean {
  if (levels === undefined || levels.length === 0) return true;
  return levels.some((level) => viewer.permissions.includes(level));
}

/**
 * The part of the tree the viewer may see: items failing the role or the level check go with
 * their children; a group or collapse group left without visible children goes too; dividers
 * never lead, trail or double up.
 */
export function visibleItems(tree: readonly NavItem[], viewer: Viewer): NavItem[] {
  const kept: NavItem[] = [];
  for (const item of tree) {
    if (!roleAllows(item.auth, viewer.roles) || !levelAllows(item.levels, viewer)) continue;
    if (item.type === 'group' || item.type === 'collapse') {
      const children = visibleItems(item.children, viewer);
      if (children.length > 0) kept.push({ ...item, children });
    } else {
      kept.push(item);
    }
  }
  const tidy: NavItem[] = [];
  for (const item of kept) {
    if (item.type === 'divider' && (tidy.length === 0 || tidy[tidy.length - 1]?.type === 'divider')) continue;
    tidy.push(item);
  }
  if (tidy[tidy.length - 1]?.type === 'divider') tidy.pop();
  return tidy;
}

/** Whether an item's url is the current path (or, unless exact, a path below it). */
export function matchesPath(url: string, exact: boolean | undefined, path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return clean === url || (!exact && clean.startsWith(url.endsWith('/') ? url : `${url}/`));
}

/** The collapse groups that hold an item matching the path: they open by themselves (SPEC §4). */
export function groupsContaining(tree: readonly NavItem[], path: string): string[] {
  const found: string[] = [];
  const walk = (items: readonly NavItem[], trail: string[]): void => {
    for (const item of items) {
      if (item.type === 'item' && matchesPath(item.url, item.exact, path)) found.push(...trail);
      else if (item.type === 'collapse') walk(item.children, [...trail, item.id]);
      else if (item.type === 'group') walk(item.children, trail);
    }
  };
  walk(tree, []);
  return [...new Set(found)];
}

/** SPEC §9: nested menu padding is 40 plus 16 per level, capped at 80; top-level items 12 (icons centred when folded). */
export function nestedPadding(level: number): number {
  return level > 0 ? Math.min(40 + 16 * level, 80) : 12;
}
