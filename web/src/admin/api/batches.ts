import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, extractMessage, ApiError, api } from '../../lib/api';
import { allBatchesQueryOptions } from '../../api/get-all-batches';
import type { AdminBatch, BatchPayload } from '../types';

/** The batches (GET /all-batches, shared with the storefront's cache). */
export function useAdminBatches() {
  return useQuery({ ...allBatchesQueryOptions(), staleTime: 30_000, select: (batches) => batches as AdminBatch[] });
}

type QueryClient = ReturnType<typeof useQueryClient>;

/** The batch list and the homepage's batches, read again when next shown. */
function markBatchesStale(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: allBatchesQueryOptions().queryKey, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: ['homepage-stock'], refetchType: 'none' });
}

/**
 * The calls answer from the write side at once, but GET /all-batches reads the read model, which
 * follows later (milliseconds, more under load). So the answer goes straight into the cached list,
 * which then counts as fresh for the list's stale time: the admin usually opens the list right
 * after, and a refetch then could still answer the old list and take the change off the screen.
 * A read still in flight is cancelled for the same reason. With no list cached there is nothing
 * to change: the list is marked stale and read when next shown.
 */
async function applyToBatches(queryClient: QueryClient, change: (batches: AdminBatch[]) => AdminBatch[]) {
  const key = allBatchesQueryOptions().queryKey;
  await queryClient.cancelQueries({ queryKey: key });
  if (!Array.isArray(queryClient.getQueryData(key))) return markBatchesStale(queryClient);
  queryClient.setQueryData(key, (batches: unknown) => change(batches as AdminBatch[]) as never);
  void queryClient.invalidateQueries({ queryKey: ['homepage-stock'], refetchType: 'none' });
}

/** After a batch call: the batch answered put in the list, or the one deleted taken out; with neither, the list is read again. */
export async function invalidateBatches(queryClient: QueryClient, batch?: AdminBatch, removedId?: string) {
  if (removedId) return applyToBatches(queryClient, (batches) => batches.filter((b) => b._id !== removedId));
  if (batch) {
    return applyToBatches(queryClient, (batches) =>
      batches.some((b) => b._id === batch._id) ? batches.map((b) => (b._id === batch._id ? batch : b)) : [batch, ...batches],
    );
  }
  markBatchesStale(queryClient);
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
