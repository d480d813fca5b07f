import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { AdminComic, StockCheckRow } from '../types';
import { replaceInCaches } from './stock';

export function useEbayStockCheck(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'ebay-stock-check'],
    queryFn: async ({ signal }) => {
      const data = await api<{ stockCheck?: StockCheckRow[]; message?: string }>('/ebay-stock-check/', { signal });
      return { stockCheck: data.stockCheck ?? [], message: data.message ?? '' };
    },
    enabled,
    staleTime: 0,
    retry: false,
  });
}

export function useUpdateTransactions() {
  return useMutation({
    mutationFn: (test: boolean) => api<{ message?: string } & Record<string, unknown>>(test ? '/ebay-update-transactions-test' : '/ebay-update-transactions'),
  });
}

export interface BatchJobInput {
  action: 'upload' | 'refresh';
  batchName: string;
  quantity: number;
}

export function useBatchJob() {
  return useMutation({
    mutationFn: ({ action, batchName, quantity }: BatchJobInput) =>
      api<{ message?: string; jobId?: string | number; queue?: string }>(
        `/ebay-${action}-batch/${encodeURIComponent(batchName)}/${encodeURIComponent(String(quantity))}`,
      ),
  });
}

export type ListingAction = 'upload' | 'refresh' | 'clear' | 'delete';

/** GET /ebay-{upload|refresh|clear|delete}-comic/{id} -> {comic, message}. */
export function useListingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: ListingAction; id: string }) =>
      api<{ comic?: AdminComic; message?: string }>(`/ebay-${action}-comic/${encodeURIComponent(id)}`),
    onSuccess: (data) => {
      if (data?.comic?._id) replaceInCaches(queryClient, [data.comic]);
    },
  });
}
