import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { AdminBatch, BatchPayload } from '../../../types';
import { invalidateBatches } from '../lib/batches-cache';

export function useEditBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<BatchPayload> }) =>
      api<{ batch?: AdminBatch }>(`/edit-batch/${encodeURIComponent(id)}`, { method: 'PUT', body: changes }),
    onSuccess: (answer) => invalidateBatches(queryClient, answer.batch),
  });
}
