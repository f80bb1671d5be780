/**
 * accountList's named selectors: what a paged list shows (its rows, page, filter, and whether it
 * is loading, ready or failed), from the chart's tags (list:*) and its context. The machine is
 * built per row type, so each selector is generic over the rows.
 */
import type { AccountListContext, AccountListEvent, ListFilter } from './accountList.ts';
import type { Failure } from './failure.ts';

/** What these selectors read of an account list's snapshot, whatever its rows. */
interface ListSnapshot<T> {
  readonly context: AccountListContext<T>;
  hasTag(tag: 'list:busy' | 'list:ready' | 'list:failed'): boolean;
  can(event: AccountListEvent): boolean;
}

/** The rows of the page on show. */
export const selectItems = <T>(snapshot: ListSnapshot<T>): T[] => snapshot.context.items;

/** The page on show (1-based). */
export const selectPage = <T>(snapshot: ListSnapshot<T>): number => snapshot.context.page;

/** Rows per page. */
export const selectSize = <T>(snapshot: ListSnapshot<T>): number => snapshot.context.size;

/** Rows in all, over every page. */
export const selectTotal = <T>(snapshot: ListSnapshot<T>): number => snapshot.context.total;

/** The filter applied. */
export const selectFilter = <T>(snapshot: ListSnapshot<T>): ListFilter => snapshot.context.filter;

/** Why the list could not be loaded, while it is failed; else null. */
export const selectListFailure = <T>(snapshot: ListSnapshot<T>): Failure | null => (snapshot.hasTag('list:failed') ? snapshot.context.failure : null);

/** A page is being loaded. */
export const selectListBusy = <T>(snapshot: ListSnapshot<T>): boolean => snapshot.hasTag('list:busy');

/** The page on show is loaded. */
export const selectListReady = <T>(snapshot: ListSnapshot<T>): boolean => snapshot.hasTag('list:ready');

/** The list takes a change of page now. */
export const selectCanPage = <T>(snapshot: ListSnapshot<T>): boolean => snapshot.can({ type: 'user.page', page: 1 });
