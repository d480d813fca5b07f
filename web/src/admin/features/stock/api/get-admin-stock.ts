import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { FIRST_PAGE, nextPageParam, type PageParam } from '../../../../lib/paging';
import type { ItemType, PeriodType } from '../../../types';
import { type AdminStockPage, adminStockKey } from '../../../lib/stock-caches';

/** Admin stock lists fetch up to 2000 items for a batch, 9999 for all comics and zero stock (admin spec section 9). */
export const BATCH_LIST_LIMIT = 2000;

export interface StockListDefinition {
  /** The query key part and the route. */
  id: string;
  itemType: ItemType;
  periodType?: PeriodType;
}

export interface AdminStockRequest {
  itemType: ItemType;
  periodType?: PeriodType;
  batchId: string | null;
  limit: number;
  page: number;
  /** 1 when the batch is all, else 2. */
  zero: 1 | 2;
}

export function adminStockRequest(list: StockListDefinition, batchId: string | null, param: PageParam): AdminStockRequest {
  const body: AdminStockRequest = { itemType: list.itemType, batchId, limit: param.limit, page: param.page, zero: batchId ? 2 : 1 };
  if (list.periodType) body.periodType = list.periodType;
  return body;
}

export function getAdminStock(body: AdminStockRequest, signal?: AbortSignal): Promise<AdminStockPage> {
  return api<AdminStockPage>('/admin-stock/', { method: 'PUT', body, signal });
}

/** All Stock: every comic. */
export const ALL_COMICS: StockListDefinition = { id: 'all', itemType: 'comic' };

/**
 * An admin stock list: with every batch, pages of 60 then 30 (page 3, 4, … of 30) while the list
 * is scrolled near its end; with one batch, the whole batch (up to 2000) in one call.
 */
export const adminStockInfiniteOptions = (list: StockListDefinition, batchId: string | null) =>
  infiniteQueryOptions({
    queryKey: [...adminStockKey, list.id, batchId ?? 'all'],
    queryFn: ({ pageParam, signal }) => getAdminStock(adminStockRequest(list, batchId, pageParam), signal),
    initialPageParam: batchId ? { page: 1, limit: BATCH_LIST_LIMIT } : FIRST_PAGE,
    getNextPageParam: (lastPage, allPages, lastParam) =>
      batchId
        ? undefined
        : nextPageParam(
            lastPage.comics?.length ?? 0,
            lastParam,
            allPages.reduce((n, page) => n + (page.comics?.length ?? 0), 0),
          ),
    staleTime: 30_000,
  });

/**
 * Asks All Stock's first page as soon as the admin area loads on /admin-stock-list (alongside the
 * screen's own code, not after it): the list's first rows come sooner.
 */
export function prefetchAllStock(queryClient: QueryClient, batchId: string | null): void {
  void queryClient.prefetchInfiniteQuery(adminStockInfiniteOptions(ALL_COMICS, batchId));
}

export function useAdminStock(list: StockListDefinition, batchId: string | null) {
  return useInfiniteQuery(adminStockInfiniteOptions(list, batchId));
}
