import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, tempAuthorisation } from '../../../lib/api';
import { getAccessToken } from '../../../lib/session';
import { CATALOGUE_STALE_MS } from '../../../config';
import type { SearchStockResponse } from '../../../types/api';
import { FIRST_PAGE, nextSearchPageParam, type PageParam } from '../../../lib/paging';
import type { GradedFilter, SearchSort } from '../lib/search';

/**
 * How the shopper narrowed and ordered a search: the API's `sort`, `publisher` ('' for any), and
 * the grade filters (issue 18): `graded` and `gradeMin` ('' for any).
 */
export interface SearchOptions {
  sort: SearchSort;
  publisher: string;
  graded?: GradedFilter;
  gradeMin?: string;
}
export const DEFAULT_SEARCH_OPTIONS: SearchOptions = { sort: 'relevance', publisher: '' };

/** The path of one page of a search: browse's paging, then sort and publisher when not the defaults. */
export function searchStockPath(term: string, param: PageParam, options: SearchOptions = DEFAULT_SEARCH_OPTIONS): string {
  const query = new URLSearchParams({ page: String(param.page), limit: String(param.limit) });
  if (options.sort !== 'relevance') query.set('sort', options.sort);
  if (options.publisher) query.set('publisher', options.publisher);
  if (options.graded) query.set('graded', options.graded);
  if (options.gradeMin) query.set('gradeMin', options.gradeMin);
  return `/search-stock/${encodeURIComponent(term)}?${query}`;
}

/**
 * One page of a search. Logged-in users GET with the bearer header; guests POST their temp token.
 * The server records the term on the shopper's order for page 1 only.
 */
export function searchStock(
  term: string,
  param: PageParam = FIRST_PAGE,
  signal?: AbortSignal,
  options: SearchOptions = DEFAULT_SEARCH_OPTIONS,
): Promise<SearchStockResponse> {
  const path = searchStockPath(term, param, options);
  if (getAccessToken()) return api(path, { signal });
  return api(path, { method: 'POST', body: { tempAuthorisation: tempAuthorisation() }, signal });
}

/** A page as cached: its items and the number of matches (absent from a server that does not page search). */
export interface SearchPage {
  comics: SearchStockResponse['comics'];
  total: number | undefined;
}

/** Search results as browse pages them: 60, then pages 3, 4, ... of 30, until `total` are loaded. */
export const searchStockInfiniteQueryOptions = (term: string, options: SearchOptions = DEFAULT_SEARCH_OPTIONS) =>
  infiniteQueryOptions({
    queryKey: [
      'search-stock',
      term.toLowerCase(),
      options.sort,
      options.publisher.toLowerCase(),
      options.graded ?? '',
      options.gradeMin ?? '',
    ],
    queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
      const data = await searchStock(term, pageParam, signal, options);
      return { comics: data.comics ?? [], total: typeof data.total === 'number' ? data.total : undefined };
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages, lastParam) =>
      nextSearchPageParam(
        lastPage.comics.length,
        lastParam,
        allPages.reduce((n, page) => n + page.comics.length, 0),
        // The newest count: a page read earlier may lag (docs/catalogue.md).
        lastPage.total,
      ),
    enabled: term.trim().length > 0,
    staleTime: CATALOGUE_STALE_MS,
  });

export function useSearchStock(term: string, options: SearchOptions = DEFAULT_SEARCH_OPTIONS) {
  return useInfiniteQuery(searchStockInfiniteQueryOptions(term, options));
}
