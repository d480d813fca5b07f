import { queryOptions, useQuery } from '@tanstack/react-query';
import { allBatchesQueryOptions } from '../../api/get-all-batches';
import type { AdminBatch } from '../types';

/** The batches (GET /all-batches, shared with the storefront's cache). */
export const adminBatchesQueryOptions = () =>
  queryOptions({ ...allBatchesQueryOptions(), staleTime: 30_000, select: (batches) => batches as AdminBatch[] });

export function useAdminBatches() {
  return useQuery(adminBatchesQueryOptions());
}
