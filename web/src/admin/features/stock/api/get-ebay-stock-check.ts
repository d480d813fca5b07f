import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { StockCheckRow } from '../../../types';

export const ebayStockCheckQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['admin', 'ebay-stock-check'],
    queryFn: async ({ signal }) => {
      const data = await api<{ stockCheck?: StockCheckRow[]; message?: string }>('/ebay-stock-check/', { signal });
      return { stockCheck: data.stockCheck ?? [], message: data.message ?? '' };
    },
    enabled,
    staleTime: 0,
    retry: false,
  });

export function useEbayStockCheck(enabled: boolean) {
  return useQuery(ebayStockCheckQueryOptions(enabled));
}
