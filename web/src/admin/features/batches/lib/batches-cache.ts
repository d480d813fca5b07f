import { useQueryClient } from '@tanstack/react-query';
import { allBatchesQueryOptions } from '../../../../api/get-all-batches';
import type { AdminBatch } from '../../../types';

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
 * A read still in flight is cancelled for the same reason. With no list cached (the admin came
 * straight to the form, or left the list before it loaded), the list is read now and the change
 * laid over it, so a read model still behind cannot leave the new batch out of the list.
 */
async function applyToBatches(queryClient: QueryClient, change: (batches: AdminBatch[]) => AdminBatch[]) {
  const key = allBatchesQueryOptions().queryKey;
  await queryClient.cancelQueries({ queryKey: key });
  if (!Array.isArray(queryClient.getQueryData(key))) {
    await queryClient.fetchQuery({ ...allBatchesQueryOptions(), staleTime: 0 }).catch(() => undefined);
    if (!Array.isArray(queryClient.getQueryData(key))) return markBatchesStale(queryClient);
  }
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
