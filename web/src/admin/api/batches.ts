import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, extractMessage, ApiError, api } from '../../lib/api';
import { allBatchesQueryOptions } from '../../features/stock/api/get-all-batches';
import type { AdminBatch, BatchPayload } from '../types';

/** The batches (GET /all-batches, shared with the storefront's cache). */
export function useAdminBatches() {
  return useQuery({ ...allBatchesQueryOptions(), staleTime: 30_000, select: (batches) => batches as AdminBatch[] });
}

function invalidateBatches(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: allBatchesQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: ['homepage-stock'] });
}

export function useAddBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batch: BatchPayload) => api<{ batch?: AdminBatch }>('/add-batch', { method: 'POST', body: batch }),
    onSuccess: () => invalidateBatches(queryClient),
  });
}

export function useEditBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<BatchPayload> }) =>
      api<{ batch?: AdminBatch }>(`/edit-batch/${encodeURIComponent(id)}`, { method: 'PUT', body: changes }),
    onSuccess: () => invalidateBatches(queryClient),
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
    onSuccess: () => invalidateBatches(queryClient),
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
