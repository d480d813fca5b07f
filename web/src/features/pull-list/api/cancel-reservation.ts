import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PullListAnswer } from '@shop/domain/contract/pullLists';
import { api } from '../../../lib/api';
import { pullListQueryOptions } from './get-pull-list';
import { putAnswer } from '../../../lib/put-answer';

/** Give up a reserved issue (until its final order cut-off; after it the server answers 409 with why). */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stockId: string) => api<PullListAnswer>(`/pull-list/reserved/${encodeURIComponent(stockId)}`, { method: 'DELETE' }),
    onSuccess: (list) => putAnswer(queryClient, pullListQueryOptions().queryKey, list),
  });
}
