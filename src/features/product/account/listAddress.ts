import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AccountListInput, AccountListMachine, ListFilter } from '../../../../machines/accountList.ts';
import { selectFilter, selectPage } from '../../../../machines/accountList.selectors.ts';

/** What a list's address says (the router's validated search: src/app/router.tsx listSearch). */
interface ListSearch {
  from?: string;
  to?: string;
  type?: number;
  page?: number;
}

/**
 * A list's tie to its page's address: where the list starts (a reload, Back, a shared link) and
 * how the address follows it. Made by the route's component; a page shown without a router (its
 * views tests) has none and starts unfiltered.
 */
export interface ListAddress {
  input: AccountListInput;
  follow(filter: ListFilter, page: number): void;
}

/** The route's side: read the address once, then replace it as the list moves (Back leaves the page). */
export function useListAddress(): ListAddress {
  const search = useSearch({ strict: false }) as ListSearch;
  const navigate = useNavigate();
  const [input] = useState<AccountListInput>(() => ({
    filter: { from: search.from ?? null, to: search.to ?? null, type: search.type ?? null },
    ...(search.page ? { page: search.page } : {}),
  }));
  return {
    input,
    follow(filter, page) {
      const next: ListSearch = {
        ...(filter.from ? { from: filter.from } : {}),
        ...(filter.to ? { to: filter.to } : {}),
        ...(filter.type ? { type: filter.type } : {}),
        ...(page > 1 ? { page } : {}),
      };
      void navigate({ to: '.', search: next as never, replace: true });
    },
  };
}

/** The page's side: tell the address each new filter and page of the list. */
export function useAddressFollows<T>(list: ActorRefFrom<AccountListMachine<T>>, address: ListAddress | undefined): void {
  const filter = useSelector(list, selectFilter);
  const page = useSelector(list, selectPage);
  const follow = address?.follow;
  useEffect(() => {
    follow?.(filter, page);
    // The filter's fields, not the object: an equal filter is no move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filter.from, filter.to, filter.type, page]);
}
