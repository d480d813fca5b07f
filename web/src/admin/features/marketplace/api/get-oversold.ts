import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { OversoldList } from '../../../types';

export const oversoldQueryKey = ['admin', 'ebay-oversold'] as const;

/** GET /ebay-oversold: the oversold eBay sales and how the automatic sync stands (every 30 s while open). */
export const oversoldQueryOptions = () =>
  queryOptions({
    queryKey: oversoldQueryKey,
    queryFn: ({ signal }) => api<OversoldList>('/ebay-oversold', { signal }),
    refetchInterval: 30_000,
  });

export function useOversold() {
  return useQuery(oversoldQueryOptions());
}
