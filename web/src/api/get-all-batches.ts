import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { CATALOGUE_STALE_MS } from '../config';
import type { Batch } from '../types/api';

export const allBatchesQueryOptions = () =>
  queryOptions({
    queryKey: ['all-batches'],
    queryFn: async ({ signal }) => (await api<{ batches: Batch[] }>('/all-batches', { signal })).batches ?? [],
    staleTime: CATALOGUE_STALE_MS,
  });

export function useAllBatches(enabled = true) {
  return useQuery({ ...allBatchesQueryOptions(), enabled });
}
