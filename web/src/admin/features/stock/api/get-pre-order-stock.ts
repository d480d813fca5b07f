import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { AdminComic } from '../../../types';

export const PRE_ORDER_LIMIT = 2000;

export const preOrderStockQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: ['admin', 'pre-stock', batchId],
    queryFn: async ({ signal }) =>
      (await api<{ comics: AdminComic[] }>(`/stock-for-pre/${encodeURIComponent(batchId)}/${PRE_ORDER_LIMIT}`, { signal })).comics ?? [],
    staleTime: 30_000,
  });

export function usePreOrderStock(batchId: string) {
  return useQuery(preOrderStockQueryOptions(batchId));
}
