import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, extractMessage, ApiError, api } from '../../lib/api';
import { allBatchesQueryOptions } from '../../features/stock/api/get-all-batches';
import type { AdminBatch, BatchPayload } from '../types';

/** The batches (GET /all-batches, shared with the storefront's cache). */
export function useAdminBatches() {
  return useQuery({ ...allBatchesQueryOptions(), staleTime: 30_000, select: (batches) => batches as AdminBatch[] });
}

type QueryClient = ReturnType<typeof useQueryClient>;

/**
 * The calls answer from the write side at once, but GET /all-batches reads the read model, which
 * follows a few milliseconds later: so the answer goes straight into the cached list, and the list
 * is only marked stale (refetched on its next use, not now, when it could still be the old one).
 */
function applyToBatches(queryClient: QueryClient, change: (batches: AdminBatch[]) => AdminBatch[]) {
  const key = allBatchesQueryOptions().queryKey;
  queryClient.setQueryData(key, (batches: unknown) => (Array.isArray(batches) ? change(batches as AdminBatch[]) : batches) as never);
  void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: ['homepage-stock'], refetchType: 'none' });
}

function invalidateBatches(queryClient: QueryClient, batch?: AdminBatch, removedId?: string) {
  applyToBatches(queryClient, (batches) => {
    if (removedId) return batches.filter((b) => b._id !== removedId);
    if (!batch) return batches;
    return batches.some((b) => b._id === batch._id) ? batches.map((b) => (b._id === batch._id ? batch : b)) : [batch, ...batches];
  });
}

export function useAddBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batch: BatchPayload) => api<{ batch?: AdminBatch }>('/add-batch', { method: 'POST', body: batch }),
    onSuccess: (answer) => invalidateBatches(queryClient, answer.batch),
  });
}

export function useEditBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<BatchPayload> }) =>
      api<{ batch?: AdminBatch }>(`/edit-batch/${encodeURIComponent(id)}`, { method: 'PUT', body: changes }),
    onSuccess: (answer) => invalidateBatches(queryClient, answer.batch),
  });
}

/** 'deleted', or 'not-deleted' when the server answers 202 ("NOT Deleted - Batch has NOT been deleted."). */
export type DeleteOutcome = 'deleted' | 'not-deleted';

async function deleteCall(path: string): Promise<DeleteOutcome> {
  const response = await apiRequest<unknown>(path, { method: 'DELETE' });
  if (response.status === 202) return 'not-deleted';
  if (!response.ok) throw new ApiError(extractMessage(response.data, `Request failed (${response.status})`), response.status, response.data);
  return 'deleted';
}

export function useDeleteBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCall(`/delete-batch/${encodeURIComponent(id)}`),
    onSuccess: (outcome, id) => invalidateBatches(queryClient, undefined, outcome === 'deleted' ? id : undefined),
  });
}

export function useClearBatchStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => deleteCall(`/clear-stock/${encodeURIComponent(batchId)}`),
    onSuccess: () => {
      invalidateBatches(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
