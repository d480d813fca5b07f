import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStockKey } from '../../../lib/stock-caches';
import { type StockListDefinition, adminStockRequest, getAdminStock } from './get-admin-stock';

export const ALL_STOCK_LIMIT = 9999;

/** Every item of a list in one call, for the All Stock totals (only when the page answer has no totals). */
export const adminStockAllQueryOptions = (list: StockListDefinition, batchId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: [...adminStockKey, list.id, batchId ?? 'all', 'everything'],
    queryFn: async ({ signal }) =>
      (await getAdminStock(adminStockRequest(list, batchId, { page: 1, limit: ALL_STOCK_LIMIT }), signal)).comics ?? [],
    enabled,
    staleTime: 60_000,
  });

export function useAdminStockAll(list: StockListDefinition, batchId: string | null, enabled: boolean) {
  return useQuery(adminStockAllQueryOptions(list, batchId, enabled));
}
