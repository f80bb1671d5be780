/**
 * navigation's named selectors: the chrome's navbar, drawer, info pages and wallet strip, read
 * from the chart's tags (navbar:folded, drawer:open, info:*, wallet:shown) and its context.
 */
import type { SnapshotFrom } from 'xstate';
import type { navigationMachine } from './navigation.ts';

type NavigationSnapshot = SnapshotFrom<typeof navigationMachine>;

/** The navbar is folded to its icons. */
export const selectNavbarFolded = (snapshot: NavigationSnapshot): boolean => snapshot.hasTag('navbar:folded');

/** The mobile drawer is open. */
export const selectDrawerOpen = (snapshot: NavigationSnapshot): boolean => snapshot.hasTag('drawer:open');

/** The balance is shown in the toolbar (layout 3's wallet toggle). */
export const selectWalletShown = (snapshot: NavigationSnapshot): boolean => snapshot.hasTag('wallet:shown');

/** The collapse group `id` is open. */
export const selectGroupOpen =
  (id: string) =>
  (snapshot: NavigationSnapshot): boolean =>
    snapshot.context.openGroups.includes(id);

/** What the info modal shows: one page, the menu of pages, or nothing. */
export type InfoView = 'page' | 'menu' | 'closed';

/** The info modal: a page, the menu, or closed. */
export const selectInfoView = (snapshot: NavigationSnapshot): InfoView =>
  snapshot.hasTag('info:page') ? 'page' : snapshot.hasTag('info:menu') ? 'menu' : 'closed';

/** The id of the info page on show, or null. */
export const selectInfoPage = (snapshot: NavigationSnapshot): string | null => snapshot.context.infoPage;
