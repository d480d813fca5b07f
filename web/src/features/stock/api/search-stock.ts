import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, tempAuthorisation } from '../../../lib/api';
import { getAccessToken } from '../../../lib/session';
import { CATALOGUE_STALE_MS } from '../../../config';
import type { SearchStockResponse } from '../../../types/api';
import { FIRST_PAGE, nextSearchPageParam, type PageParam } from '../lib/paging';

/** The path of one page of a search: browse's paging in the query string. */
export function searchStockPath(term: string, param: PageParam): string {
  const query = new URLSearchParams({ page: String(param.page), limit: String(param.limit) });
  return `/search-stock/${encodeURIComponent(term)}?${query}`;
}

/**
 * One page of a search. Logged-in users GET with the bearer header; guests POST their temp token.
 * The server records the term on the shopper's order for page 1 only.
 */
export function searchStock(term: string, param: PageParam = FIRST_PAGE, signal?: AbortSignal): Promise<SearchStockResponse> {
  const path = searchStockPath(term, param);
  if (getAccessToken()) return api(path, { signal });
  return api(path, { method: 'POST', body: { tempAuthorisation: tempAuthorisation() }, signal });
}

/** A page as cached: its items and the number of matches (absent from a server that does not page search). */
export interface SearchPage {
  comics: SearchStockResponse['comics'];
  total: number | undefined;
}

/** Search results as browse pages them: 60, then pages 3, 4, ... of 30, until `total` are loaded. */
export const searchStockInfiniteQueryOptions = (term: string) =>
  infiniteQueryOptions({
    queryKey: ['search-stock', term.toLowerCase()],
    queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
      const data = await searchStock(term, pageParam, signal);
      return { comics: data.comics ?? [], total: typeof data.total === 'number' ? data.total : undefined };
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages, lastParam) =>
      nextSearchPageParam(
        lastPage.comics.length,
        lastParam,
        allPages.reduce((n, page) => n + page.comics.length, 0),
        allPages[0]?.total,
      ),
    enabled: term.trim().length > 0,
    staleTime: CATALOGUE_STALE_MS,
  });

export function useSearchStock(term: string) {
  return useInfiniteQuery(searchStockInfiniteQueryOptions(term));
}
