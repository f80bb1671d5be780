import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { AUTH, NAVIGATION, PLAYER_LEVEL, type NavItem } from '../../src/features/shell/navigation/config.ts';
import {
  groupsContaining,
  levelAllows,
  matchesPath,
  nestedPadding,
  roleAllows,
  visibleItems,
  type Viewer,
} from '../../src/features/shell/navigation/filter.ts';

const player: Viewer = { roles: ['user'], permissions: [PLAYER_LEVEL], type: 1 };
const ids = (items: readonly NavItem[]): string[] =>
  items.flatMap((item) => ('children' in item ? [item.id, ...ids(item.children).map((id) => `${item.id}/${id}`)] : [item.id]));

const title = msg`x`;
/** A tree with every item type and every auth set. */
const tree: NavItem[] = [
  { id: 'open', type: 'item', title, url: '/open' },
  { id: 'users', type: 'item', title, url: '/users', auth: AUTH.user },
  { id: 'staff', type: 'item', title, url: '/staff', auth: AUTH.staff },
  { id: 'admin', type: 'item', title, url: '/admin', auth: AUTH.admin },
  { id: 'guests', type: 'item', title, url: '/guests', auth: AUTH.onlyGuest },
  { id: 'd1', type: 'divider' },
  {
    id: 'tools',
    type: 'collapse',
    title,
    children: [
      { id: 'leveled', type: 'item', title, url: '/tools/leveled', levels: [145, 200] },
      { id: 'vip', type: 'item', title, url: '/tools/vip', levels: [999] },
    ],
  },
  { id: 'd2', type: 'divider' },
  { id: 'admins', type: 'group', title, auth: AUTH.admin, children: [{ id: 'audit', type: 'item', title, url: '/audit' }] },
  { id: 'd3', type: 'divider', auth: AUTH.admin },
  { id: 'help', type: 'link', title, url: 'https://example.test/help' },
];

describe('the role check (SPEC §6 auth sets)', () => {
  it('no auth is for everyone, an empty auth for guests only, otherwise one role must match', () => {
    expect(roleAllows(undefined, [])).toBe(true);
    expect(roleAllows(undefined, ['user'])).toBe(true);
    expect(roleAllows(AUTH.onlyGuest, [])).toBe(true);
    expect(roleAllows(AUTH.onlyGuest, ['user'])).toBe(false);
    expect(roleAllows(AUTH.user, [])).toBe(false);
    expect(roleAllows(AUTH.admin, ['staff', 'user'])).toBe(false);
    expect(roleAllows(AUTH.admin, ['user', 'admin'])).toBe(true);
  });

  it('admin ⊂ staff ⊂ user: an admin passes all three sets, a player only the user set', () => {
    for (const set of [AUTH.admin, AUTH.staff, AUTH.user]) expect(roleAllows(set, ['admin'])).toBe(true);
    expect([AUTH.admin, AUTH.staff, AUTH.user].map((set) => roleAllows(set, ['staff']))).toEqual([false, true, true]);
    expect([AUTH.admin, AUTH.staff, AUTH.user].map((set) => roleAllows(set, ['user']))).toEqual([false, false, true]);
  });
});

describe('the level check', () => {
  it('passes items without levels, and items whose levels meet one of the permission ids', () => {
    expect(levelAllows(undefined, { permissions: [], type: null })).toBe(true);
    expect(levelAllows([], { permissions: [], type: null })).toBe(true);
    expect(levelAllows([145], { permissions: [145], type: 1 })).toBe(true);
    expect(levelAllows([145, 200], { permissions: [7, 200], type: 1 })).toBe(true);
    expect(levelAllows([145], { permissions: [144, 146], type: 1 })).toBe(false);
    expect(levelAllows([145], { permissions: [], type: 1 })).toBe(false);
  });

  it('does not look at the user type', () => {
    expect(levelAllows([145], { permissions: [145], type: null })).toBe(true);
    expect(levelAllows([145], { permissions: [145], type: 99 })).toBe(true);
  });
});

describe('visibleItems', () => {
  it('shows a player the open, user-level and leveled items, and hides what needs another role or level', () => {
    expect(ids(visibleItems(tree, player))).toEqual(['open', 'users', 'd1', 'tools', 'tools/leveled', 'd2', 'help']);
  });

  it('shows staff the staff item, and an admin the admin item and group too', () => {
    expect(ids(visibleItems(tree, { ...player, roles: ['staff'] }))).toContain('staff');
    expect(ids(visibleItems(tree, { ...player, roles: ['staff'] }))).not.toContain('admin');
    expect(ids(visibleItems(tree, { ...player, roles: ['admin'] }))).toEqual([
      'open', 'users', 'staff', 'admin', 'd1', 'tools', 'tools/leveled', 'd2', 'admins', 'admins/audit', 'd3', 'help',
    ]);
  });

  it('shows a guest the open and guest-only items', () => {
    expect(ids(visibleItems(tree, { roles: [], permissions: [], type: null }))).toEqual(['open', 'guests', 'd1', 'help']);
  });

  it('drops a group left empty by the level check, and the dividers it leaves doubled or trailing', () => {
    const items = visibleItems(tree, { roles: ['user'], permissions: [], type: 1 });
    expect(ids(items)).toEqual(['open', 'users', 'd1', 'help']);
    const lonely: NavItem[] = [
      { id: 'd0', type: 'divider' },
      { id: 'd1', type: 'divider' },
      { id: 'a', type: 'item', title, url: '/a' },
      { id: 'b', type: 'item', title, url: '/b', levels: [1] },
      { id: 'd2', type: 'divider' },
    ];
    expect(ids(visibleItems(lonely, player))).toEqual(['a']);
  });

  it('keeps the tree it was given untouched', () => {
    const before = JSON.stringify(tree);
    visibleItems(tree, { roles: [], permissions: [], type: null });
    expect(JSON.stringify(tree)).toBe(before);
  });

  it('the product menu: a player with level 145 sees Home, Profile, Game Sessions, Transactions, Protection history and Logout', () => {
    const items = visibleItems(NAVIGATION, player);
    expect(items.filter((i) => i.type === 'item').map((i) => i.type === 'item' && i.url)).toEqual([
      '/lobby', '/profile', '/slot-sessions', '/transactions', '/protection-history', '/logout',
    ]);
    for (const item of NAVIGATION) {
      expect(item.auth).toEqual(AUTH.user);
      expect(item.levels).toEqual([145]);
    }
  });

  it('the product menu is empty without permission 145, and for guests', () => {
    expect(visibleItems(NAVIGATION, { roles: ['user'], permissions: [144], type: 1 })).toEqual([]);
    expect(visibleItems(NAVIGATION, { roles: [], permissions: [145], type: null })).toEqual([]);
    expect(visibleItems(NAVIGATION, { roles: ['admin'], permissions: [145], type: 1 })).toHaveLength(7);
  });
});

describe('paths and padding', () => {
  it('an exact item matches its own path only; others the paths below them too', () => {
    expect(matchesPath('/lobby', false, '/lobby')).toBe(true);
    expect(matchesPath('/lobby', false, '/lobby/3/golden-reels')).toBe(true);
    expect(matchesPath('/lobby', false, '/lobbyist')).toBe(false);
    expect(matchesPath('/lobby', true, '/lobby/3/golden-reels')).toBe(false);
    expect(matchesPath('/lobby', true, '/lobby/')).toBe(true);
  });

  it('finds the collapse groups around the current path, nested ones included', () => {
    const nested: NavItem[] = [
      {
        id: 'outer',
        type: 'collapse',
        title,
        children: [
          { id: 'inner', type: 'collapse', title, children: [{ id: 'deep', type: 'item', title, url: '/deep', exact: true }] },
          { id: 'section', type: 'group', title, children: [{ id: 'mid', type: 'item', title, url: '/mid' }] },
        ],
      },
      { id: 'top', type: 'item', title, url: '/top' },
    ];
    expect(groupsContaining(nested, '/deep')).toEqual(['outer', 'inner']);
    expect(groupsContaining(nested, '/mid/1')).toEqual(['outer']);
    expect(groupsContaining(nested, '/deep/1')).toEqual([]);
    expect(groupsContaining(nested, '/top')).toEqual([]);
  });

  it('nested padding is 40 plus 16 per level, capped at 80 (SPEC §9)', () => {
    expect([1, 2, 3, 4, 10].map(nestedPadding)).toEqual([56, 72, 80, 80, 80]);
    expect(nestedPadding(0)).toBeLessThan(nestedPadding(1));
  });
});
