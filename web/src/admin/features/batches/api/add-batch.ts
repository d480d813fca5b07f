import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { AdminBatch, BatchPayload } from '../../../types';
import { invalidateBatches } from '../lib/batches-cache';

export function useAddBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batch: BatchPayload) => api<{ batch?: AdminBatch }>('/add-batch', { method: 'POST', body: batch }),
    onSuccess: (answer) => invalidateBatches(queryClient, answer.batch),
  });
}
