import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { CATALOGUE_STALE_MS } from '../../../config';
import type { Comic } from '../../../types/api';
import { MODES, type BrowseMode } from '../../../lib/browse-modes';
import { FIRST_PAGE, nextPageParam, type PageParam } from '../../../lib/paging';

export interface StockRequest {
  itemType: Comic['itemType'];
  periodType?: Comic['periodType'];
  batchId: string | null;
  limit: number;
  page: number;
  key?: boolean;
}

export function stockRequest(mode: BrowseMode, batchId: string | null, param: PageParam): StockRequest {
  const def = MODES[mode];
  const body: StockRequest = { itemType: def.itemType, batchId, limit: param.limit, page: param.page };
  if (def.periodType) body.periodType = def.periodType;
  if (def.key) body.key = true;
  return body;
}

export function getStock(body: StockRequest, signal?: AbortSignal): Promise<{ comics: Comic[] }> {
  return api<{ comics: Comic[] }>('/stock/', { method: 'PUT', body, signal });
}

export const stockInfiniteQueryOptions = (mode: BrowseMode, batchId: string | null) =>
  infiniteQueryOptions({
    queryKey: ['stock', mode, batchId ?? 'all'],
    queryFn: async ({ pageParam, signal }) => (await getStock(stockRequest(mode, batchId, pageParam), signal)).comics ?? [],
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages, lastParam) =>
      nextPageParam(
        lastPage.length,
        lastParam,
        allPages.reduce((n, page) => n + page.length, 0),
      ),
    staleTime: CATALOGUE_STALE_MS,
  });

export function useStock(mode: BrowseMode, batchId: string | null) {
  return useInfiniteQuery(stockInfiniteQueryOptions(mode, batchId));
}
