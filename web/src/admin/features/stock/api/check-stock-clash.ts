import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, ApiError, extractMessage } from '../../../../lib/api';
import type { AdminComic } from '../../../types';

export interface StockCheckInput {
  savedId: string | null;
  comicId: string;
  mainDescription: string;
  variantDescription: string;
  images: Array<{ imageId: string }>;
}

/** PUT /add-stock-check: 200 with a comic is a clash; 201 is none. */
export async function checkStockClash(input: StockCheckInput, signal?: AbortSignal): Promise<AdminComic | null> {
  const response = await apiRequest<{ comic?: AdminComic | null }>('/add-stock-check', { method: 'PUT', body: input, signal });
  if (response.status === 200 && response.data?.comic) return response.data.comic;
  if (response.status === 200 || response.status === 201) return null;
  throw new ApiError(extractMessage(response.data, `Duplicate check failed (${response.status})`), response.status, response.data);
}

export const stockClashQueryOptions = (input: StockCheckInput, enabled: boolean) =>
  queryOptions({
    queryKey: ['admin', 'stock-check', input],
    queryFn: ({ signal }) => checkStockClash(input, signal),
    enabled,
    staleTime: 10_000,
    retry: false,
  });

export function useStockClash(input: StockCheckInput, enabled: boolean) {
  return useQuery(stockClashQueryOptions(input, enabled));
}
