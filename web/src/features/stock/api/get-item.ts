import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemAnswer } from '@shop/domain/contract/catalogue';
import { api } from '../../../lib/api';
import { CATALOGUE_STALE_MS } from '../../../config';

/** GET /api/item/{id}: one item for its page, in stock or sold out (404 when there is none). */
export const itemQueryOptions = (stockItemId: string) =>
  queryOptions({
    queryKey: ['item', stockItemId],
    queryFn: ({ signal }) => api<ItemAnswer>(`/item/${encodeURIComponent(stockItemId)}`, { signal }),
    staleTime: CATALOGUE_STALE_MS,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

export function useItem(stockItemId: string) {
  return useQuery(itemQueryOptions(stockItemId));
}
