import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { AccountListInput, AccountListMachine } from '../../../../machines/accountList.ts';
import { selectFilter, selectPage } from '../../../../machines/accountList.selectors.ts';
import type { ActorRefFrom } from 'xstate';

/** What a list's address says (the router's validated search: from, to, type, page). */
interface ListSearch {
  from?: string;
  to?: string;
  type?: number;
  page?: number;
}

/** The list's starting filter and page, as its address gives them (a reload, Back, a shared link). */
export function useListSearchInput(): AccountListInput {
  const search = useSearch({ strict: false }) as ListSearch;
  // Read once: after that the list holds them and the address follows the list.
  const [input] = useState<AccountListInput>(() => ({
    filter: { from: search.from ?? null, to: search.to ?? null, type: search.type ?? null },
    ...(search.page ? { page: search.page } : {}),
  }));
  return input;
}

/** The address follows the list's filter and page (replacing the entry: Back leaves the page). */
export function useListInAddress<T>(list: ActorRefFrom<AccountListMachine<T>>): void {
  const navigate = useNavigate();
  const filter = useSelector(list, selectFilter);
  const page = useSelector(list, selectPage);
  useEffect(() => {
    const search: ListSearch = {
      ...(filter.from ? { from: filter.from } : {}),
      ...(filter.to ? { to: filter.to } : {}),
      ...(filter.type ? { type: filter.type } : {}),
      ...(page > 1 ? { page } : {}),
    };
    void navigate({ to: '.', search: search as never, replace: true });
  }, [filter.from, filter.to, filter.type, page, navigate]);
}
