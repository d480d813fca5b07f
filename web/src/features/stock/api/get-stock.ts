import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { CATALOGUE_STALE_MS } from '../../../config';
import type { Comic } from '../../../types/api';
import { MODES, type BrowseMode } from '../../../lib/browse-modes';
import { FIRST_PAGE, nextPageParam, type PageParam } from '../../../lib/paging';
import type { GradedFilter, SearchSort } from '../lib/search';

export interface StockRequest {
  itemType: Comic['itemType'];
  periodType?: Comic['periodType'];
  batchId: string | null;
  limit: number;
  page: number;
  key?: boolean;
  sort?: SearchSort;
  graded?: boolean;
  gradeMin?: number;
}

/** How the shopper narrowed and ordered a browse screen (issue 18): the same choices as search's. */
export interface BrowseFilters {
  sort: SearchSort;
  graded: GradedFilter;
  gradeMin: string;
}
export const NO_BROWSE_FILTERS: BrowseFilters = { sort: 'relevance', graded: '', gradeMin: '' };

export function stockRequest(
  mode: BrowseMode,
  batchId: string | null,
  param: PageParam,
  filters: BrowseFilters = NO_BROWSE_FILTERS,
): StockRequest {
  const def = MODES[mode];
  const body: StockRequest = { itemType: def.itemType, batchId, limit: param.limit, page: param.page };
  if (def.periodType) body.periodType = def.periodType;
  if (def.key) body.key = true;
  if (filters.sort !== 'relevance') body.sort = filters.sort;
  if (filters.graded) body.graded = filters.graded === 'true';
  if (filters.gradeMin) body.gradeMin = Number(filters.gradeMin);
  return body;
}

export function getStock(body: StockRequest, signal?: AbortSignal): Promise<{ comics: Comic[] }> {
  return api<{ comics: Comic[] }>('/stock/', { method: 'PUT', body, signal });
}

export const stockInfiniteQueryOptions = (mode: BrowseMode, batchId: string | null, filters: BrowseFilters = NO_BROWSE_FILTERS) =>
  infiniteQueryOptions({
    queryKey: ['stock', mode, batchId ?? 'all', filters.sort, filters.graded, filters.gradeMin],
    queryFn: async ({ pageParam, signal }) => (await getStock(stockRequest(mode, batchId, pageParam, filters), signal)).comics ?? [],
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages, lastParam) =>
      nextPageParam(
        lastPage.length,
        lastParam,
        allPages.reduce((n, page) => n + page.length, 0),
      ),
    staleTime: CATALOGUE_STALE_MS,
  });

export function useStock(mode: BrowseMode, batchId: string | null, filters: BrowseFilters = NO_BROWSE_FILTERS) {
  return useInfiniteQuery(stockInfiniteQueryOptions(mode, batchId, filters));
}
