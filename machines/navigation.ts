/**
 * navigation — the page chrome's panels (SPEC §4 'Navigation and panels').
 *
 *   navbar:  restoring ─(input.folded)─▶ folded ⇄ unfolded            user.toggleFold (navbar.folded is persisted)
 *   mobile:  closed ──user.openMobile──▶ open ──user.closeMobile | user.chooseItem──▶ closed
 *            open ──viewport.wide (the wideScreen child: the navbar is back)──▶ closed
 *   info:    closed ──user.openInfoMenu──▶ menu ──user.openInfo──▶ page ──user.closeInfo──▶ closed
 *            closed ──user.openInfo (a footer link)──▶ page;  page ──user.openInfoMenu──▶ menu
 *   wallet:  shown ⇄ hidden                                           user.toggleWallet (layout 3's toolbar)
 *
 *   context.openGroups: the collapse groups that are open. user.toggleGroup opens or closes one;
 *   route.changed opens the groups around the current path (the view works out which, since the
 *   tree holds translated titles the machine must not see).
 *
 * Horizontal submenus open on hover after 150 ms; that pointer timing is kept by the view.
 * Side effects are named placeholders; src/app provides the real ones.
 */
import { assign, fromCallback, setup } from 'xstate';

export interface NavigationInput {
  /** The stored navbar.folded setting, where the app does not provide the storedFolded guard. */
  folded?: boolean;
}

export interface NavigationContext {
  initiallyFolded: boolean;
  /** Ids of the collapse groups that are open. */
  openGroups: string[];
  /** The info page on show (an id of the footer's info pages), or null. */
  infoPage: string | null;
}

export type NavigationEvent =
  | { type: 'user.toggleFold' }
  | { type: 'user.openMobile' }
  | { type: 'user.closeMobile' }
  | { type: 'user.chooseItem' }
  | { type: 'user.toggleGroup'; id: string }
  | { type: 'route.changed'; groupIds: string[] }
  | { type: 'user.openInfoMenu' }
  | { type: 'user.openInfo'; page: string }
  | { type: 'user.closeInfo' }
  | { type: 'user.toggleWallet' }
  /** The page is wide enough for the navbar (a phone turned, a window widened). */
  | { type: 'viewport.wide' };

export const navigationMachine = setup({
  types: {
    input: {} as NavigationInput,
    context: {} as NavigationContext,
    events: {} as NavigationEvent,
    tags: {} as 'navbar:folded' | 'drawer:open' | 'info:menu' | 'info:page' | 'wallet:shown',
  },
  actors: {
    /** While the drawer is open: sends viewport.wide when the page is (or becomes) wide (the app wires it). */
    wideScreen: fromCallback(() => () => {}),
  },
  actions: {
    /** Keep navbar.folded for the next visit. */
    persistFolded: (_, _params: { folded: boolean }) => {},
    toggleGroup: assign({
      openGroups: ({ context }, params: { id: string }) =>
        context.openGroups.includes(params.id)
          ? context.openGroups.filter((id) => id !== params.id)
          : [...context.openGroups, params.id],
    }),
    openGroups: assign({
      openGroups: ({ context }, params: { ids: string[] }) => [...new Set([...context.openGroups, ...params.ids])],
    }),
    showInfoPage: assign({ infoPage: (_, params: { page: string }) => params.page }),
    clearInfoPage: assign({ infoPage: null }),
  },
  guards: {
    /** navbar.folded as kept from the last visit (the app reads it from storage). */
    storedFolded: ({ context }) => context.initiallyFolded,
  },
}).createMachine({
  id: 'navigation',
  type: 'parallel',
  context: ({ input }) => ({ initiallyFolded: input?.folded ?? false, openGroups: [], infoPage: null }),
  on: {
    'user.toggleGroup': { actions: { type: 'toggleGroup', params: ({ event }) => ({ id: event.id }) } },
    'route.changed': { actions: { type: 'openGroups', params: ({ event }) => ({ ids: event.groupIds }) } },
  },
  states: {
    navbar: {
      initial: 'restoring',
      states: {
        restoring: { always: [{ guard: 'storedFolded', target: 'folded' }, { target: 'unfolded' }] },
        folded: {
          tags: ['navbar:folded'],
          on: { 'user.toggleFold': { target: 'unfolded', actions: { type: 'persistFolded', params: { folded: false } } } },
        },
        unfolded: {
          on: { 'user.toggleFold': { target: 'folded', actions: { type: 'persistFolded', params: { folded: true } } } },
        },
      },
    },
    mobile: {
      initial: 'closed',
      states: {
        closed: { on: { 'user.openMobile': 'open' } },
        open: {
          tags: ['drawer:open'],
          // On a wide page the navbar is back: a drawer left open would keep the page inert.
          invoke: { id: 'wideScreen', src: 'wideScreen' },
          on: { 'user.closeMobile': 'closed', 'user.chooseItem': 'closed', 'viewport.wide': 'closed' },
        },
      },
    },
    info: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'user.openInfoMenu': 'menu',
            'user.openInfo': { target: 'page', actions: { type: 'showInfoPage', params: ({ event }) => ({ page: event.page }) } },
          },
        },
        menu: {
          tags: ['info:menu'],
          on: {
            'user.openInfo': { target: 'page', actions: { type: 'showInfoPage', params: ({ event }) => ({ page: event.page }) } },
            'user.closeInfo': 'closed',
          },
        },
        page: {
          tags: ['info:page'],
          on: {
            'user.openInfo': { actions: { type: 'showInfoPage', params: ({ event }) => ({ page: event.page }) } },
            'user.openInfoMenu': { target: 'menu', actions: 'clearInfoPage' },
            'user.closeInfo': { target: 'closed', actions: 'clearInfoPage' },
          },
        },
      },
    },
    wallet: {
      initial: 'shown',
      states: {
        shown: { tags: ['wallet:shown'], on: { 'user.toggleWallet': 'hidden' } },
        hidden: { on: { 'user.toggleWallet': 'shown' } },
      },
    },
  },
});
