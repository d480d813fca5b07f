import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { AdminComic } from '../../../types';

export const ZERO_STOCK_LIMIT = 9999;

export const zeroStockQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'zero-stock'],
    queryFn: async ({ signal }) => (await api<{ comics: AdminComic[] }>(`/zero-stock/${ZERO_STOCK_LIMIT}`, { signal })).comics ?? [],
    staleTime: 30_000,
  });

export function useZeroStock() {
  return useQuery(zeroStockQueryOptions());
}
