import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteCall } from '../lib/delete-request';
import { invalidateBatches } from '../lib/batches-cache';

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
