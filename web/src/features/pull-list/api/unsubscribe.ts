import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PullListAnswer } from '@shop/domain/contract/pullLists';
import { api } from '../../../lib/api';
import { pullListQueryOptions } from './get-pull-list';
import { putAnswer } from '../../../lib/put-answer';

/** Unsubscribe from a series: no more reservations from it (those made stay). */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: string) => api<PullListAnswer>(`/pull-list/${encodeURIComponent(seriesId)}`, { method: 'DELETE' }),
    onSuccess: (list) => putAnswer(queryClient, pullListQueryOptions().queryKey, list),
  });
}
