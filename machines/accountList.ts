/**
 * accountList — one page of a server-side paged list: the login log, the game sessions, the
 * transactions. Generic over the item; the service behind `fetchPage` does the wire.
 *
 *                 ┌──────── user.page / user.size (any state) ────────┐
 *                 ▼                                                    │
 *   ──▶ opening ─▶ loading ──fetched──▶ ready                                     │
 *        │  ▲ └─fetched, page past the end──▶ loading (last page)      │
 *        │  └──────── filterSettle ── settling ◀── user.filter (valid) ┘
 *        └──fails──▶ failed ──user.retry──▶ loading
 *   user.filter with the end before the start ──▶ filterInvalid (nothing is asked, paging
 *   waits; a valid filter leaves it through settling, user.clearFilter straight to loading). A
 *   list opened on such a filter (a link's) starts in filterInvalid: opening decides.
 *
 * A new request replaces the one running (its state is re-entered, so the old answer is
 * dropped). The previous page's items stay until the next page arrives, so paging does not
 * flash. A filter change goes back to page 1 after `filterSettle` (typing a date's year
 * changes it digit by digit); a size change keeps the first row shown on screen.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toFailure, type Failure } from './failure.ts';

/** What the player filters by. Dates are the calendar days the player picked (YYYY-MM-DD). */
export interface ListFilter {
  from: string | null;
  to: string | null;
  /** Login log type (1–8) or transaction action (1–6); unused by the game sessions. */
  type: number | null;
}

export const NO_FILTER: ListFilter = { from: null, to: null, type: null };

export interface ListQuery {
  page: number;
  size: number;
  filter: ListFilter;
}

export interface ListPage<T> {
  items: T[];
  /** Rows matching the filter over all pages. */
  total: number;
}

export interface AccountListInput {
  size?: number;
  filter?: ListFilter;
  /** The page to open on (a shared link's); past the end, the last page is shown. */
  page?: number;
}

export interface AccountListContext<T> extends ListQuery {
  items: T[];
  total: number;
  failure: Failure | null;
}

export type AccountListEvent =
  | { type: 'user.page'; page: number }
  | { type: 'user.size'; size: number }
  | { type: 'user.filter'; filter: ListFilter }
  | { type: 'user.clearFilter' }
  | { type: 'user.retry' };

export const DEFAULT_SIZE = 10;

/** How many pages the total fills (at least one, so "page 1 of 1" for an empty list). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The end day before the start day: the server would refuse the window. */
export function filterProblem(filter: ListFilter): 'toBeforeFrom' | null {
  return filter.from !== null && filter.to !== null && filter.to < filter.from ? 'toBeforeFrom' : null;
}

export function isFiltered(filter: ListFilter): boolean {
  return filter.from !== null || filter.to !== null || filter.type !== null;
}

export function createAccountListMachine<T>() {
  return setup({
    types: {
      context: {} as AccountListContext<T>,
      events: {} as AccountListEvent,
      input: {} as AccountListInput,
      tags: {} as 'list:busy' | 'list:ready' | 'list:failed',
    },
    actors: {
      fetchPage: fromPromise<ListPage<T>, ListQuery>(async () => {
        throw new Error('fetchPage not provided');
      }),
    },
    guards: {
      filterInvalid: (_, params: { filter: ListFilter }) => filterProblem(params.filter) !== null,
      /** The rows shrank under the player (or a link asked too far): the page is empty but earlier ones are not. */
      pastTheEnd: ({ context }, params: { page: ListPage<T> }) =>
        params.page.items.length === 0 && params.page.total > 0 && pageCount(params.page.total, context.size) < context.page,
    },
    actions: {
      goToPage: assign({
        page: ({ context }, params: { page: number }) =>
          Math.min(Math.max(1, Math.trunc(params.page)), pageCount(context.total, context.size)),
      }),
      setSize: assign(({ context }, params: { size: number }) => ({
        size: params.size,
        // Keep the first row on screen within the new page.
        page: Math.floor(((context.page - 1) * context.size) / params.size) + 1,
      })),
      setFilter: assign((_, params: { filter: ListFilter }) => ({ filter: params.filter, page: 1 })),
      keepPage: assign((_, params: { page: ListPage<T> }) => ({ items: params.page.items, total: params.page.total, failure: null })),
      toLastPage: assign(({ context }, params: { page: ListPage<T> }) => ({
        total: params.page.total,
        page: pageCount(params.page.total, context.size),
      })),
    },
    delays: {
      filterSettle: 400,
    },
  }).createMachine({
    id: 'accountList',
    context: ({ input }) => ({
      page: Math.max(1, Math.trunc(input.page ?? 1)),
      size: input.size ?? DEFAULT_SIZE,
      filter: input.filter ?? NO_FILTER,
      items: [],
      total: 0,
      failure: null,
    }),
    initial: 'opening',
    on: {
      'user.page': { target: '.loading', reenter: true, actions: { type: 'goToPage', params: ({ event }) => event } },
      'user.size': { target: '.loading', reenter: true, actions: { type: 'setSize', params: ({ event }) => event } },
      'user.filter': [
        {
          guard: { type: 'filterInvalid', params: ({ event }) => event },
          target: '.filterInvalid',
          actions: assign({ filter: ({ event }) => event.filter }),
        },
        { target: '.settling', reenter: true, actions: { type: 'setFilter', params: ({ event }) => event } },
      ],
      'user.clearFilter': { target: '.loading', reenter: true, actions: { type: 'setFilter', params: { filter: NO_FILTER } } },
    },
    states: {
      loading: {
        tags: ['list:busy'],
        invoke: {
          id: 'fetchPage',
          src: 'fetchPage',
          input: ({ context }) => ({ page: context.page, size: context.size, filter: context.filter }),
          onDone: [
            {
              guard: { type: 'pastTheEnd', params: ({ event }) => ({ page: event.output }) },
              target: 'loading',
              reenter: true,
              actions: { type: 'toLastPage', params: ({ event }) => ({ page: event.output }) },
            },
            { target: 'ready', actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) } },
          ],
          onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
        },
      },
      // A list opened from an address whose window is impossible (its end before its start) asks nothing.
      opening: {
        always: [
          { guard: { type: 'filterInvalid', params: ({ context }) => ({ filter: context.filter }) }, target: 'filterInvalid' },
          { target: 'loading' },
        ],
      },
      settling: {
        tags: ['list:busy'],
        after: { filterSettle: 'loading' },
      },
      ready: { tags: ['list:ready'] },
      filterInvalid: {
        // Nothing is asked while the window is impossible: the pager waits for a valid filter.
        on: { 'user.page': {}, 'user.size': {} },
      },
      failed: {
        tags: ['list:failed'],
        on: { 'user.retry': 'loading' },
      },
    },
  });
}

export type AccountListMachine<T> = ReturnType<typeof createAccountListMachine<T>>;
