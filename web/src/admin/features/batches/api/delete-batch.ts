import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteCall } from '../lib/delete-request';
import { invalidateBatches } from '../lib/batches-cache';

export function useDeleteBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCall(`/delete-batch/${encodeURIComponent(id)}`),
    onSuccess: (outcome, id) => invalidateBatches(queryClient, undefined, outcome === 'deleted' ? id : undefined),
  });
}
