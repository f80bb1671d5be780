import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IconName } from './Icon.tsx';

/**
 * The navigation menu as data (SPEC §2 'Navigation menu'): a tree of groups, collapse groups,
 * items, external links and dividers. `visibleItems` (filter.ts) decides what a player sees.
 */

// The route guards need the roles without the menu: they live in roles.ts.
export { AUTH, type Role } from './roles.ts';
import { AUTH, type Role } from './roles.ts';

/** The permission id every product menu item needs (SPEC §6: all menu items need level 145). */
export const PLAYER_LEVEL = 145;

export interface NavBadge {
  title: string;
  /** Background colour (CSS). */
  bg: string;
  /** Foreground colour (CSS). */
  fg: string;
}

interface NavBase {
  id: string;
  title: MessageDescriptor;
  icon?: IconName;
  badge?: NavBadge;
  /** Roles allowed to see it; absent: everyone; empty: guests only. */
  auth?: readonly Role[];
  /** Permission ids of which the player needs at least one (see filter.ts). */
  levels?: readonly number[];
}

/** A heading with its children below it (vertical) or a dropdown (horizontal). */
export interface NavGroup extends NavBase {
  type: 'group';
  children: readonly NavItem[];
}

/** A folding group: opens on click, and by itself when the current path is one of its children. */
export interface NavCollapse extends NavBase {
  type: 'collapse';
  children: readonly NavItem[];
}

/** A route of the app. */
export interface NavRoute extends NavBase {
  type: 'item';
  url: string;
  /** Active only on exactly this path (otherwise also on the paths below it). */
  exact?: boolean;
}

/** An address outside the app; opens in a new tab unless told otherwise. */
export interface NavLink extends NavBase {
  type: 'link';
  url: string;
  target?: '_blank' | '_self';
}

export interface NavDivider {
  type: 'divider';
  id: string;
  auth?: readonly Role[];
  levels?: readonly number[];
}

export type NavItem = NavGroup | NavCollapse | NavRoute | NavLink | NavDivider;

const player = { auth: AUTH.user, levels: [PLAYER_LEVEL] } as const;

/** The product's menu. */
export const NAVIGATION: readonly NavItem[] = [
  { id: 'home', type: 'item', title: msg`Home`, url: '/lobby', icon: 'home', ...player },
  { id: 'profile', type: 'item', title: msg`Profile`, url: '/profile', icon: 'person', ...player },
  { id: 'slot-sessions', type: 'item', title: msg`Game Sessions`, url: '/slot-sessions', icon: 'history', exact: true, ...player },
  { id: 'transactions', type: 'item', title: msg`Transactions`, url: '/transactions', icon: 'receipt', exact: true, ...player },
  { id: 'protection-history', type: 'item', title: msg`Protection history`, url: '/protection-history', icon: 'eye', exact: true, ...player },
  { id: 'logout-divider', type: 'divider', ...player },
  { id: 'logout', type: 'item', title: msg`Logout`, url: '/logout', icon: 'logout', exact: true, ...player },
];
