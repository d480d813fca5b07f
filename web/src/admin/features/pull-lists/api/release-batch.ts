import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReleaseBatchAnswer } from '@shop/domain/contract/pullLists';
import { api } from '../../../../lib/api';

/** POST /admin-pull-list-release: a batch's reserved copies into the customers' orders. */
export function useReleaseBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => api<ReleaseBatchAnswer>('/admin-pull-list-release', { method: 'POST', body: { batchId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-foc'] }),
  });
}
