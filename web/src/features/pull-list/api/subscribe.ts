import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PullListAnswer, SubscribeBody } from '@shop/domain/contract/pullLists';
import { api } from '../../../lib/api';
import { pullListQueryOptions } from './get-pull-list';
import { putAnswer } from '../../../lib/put-answer';

/** Subscribe to a series (or change the quantity and covers): the answer is the pull list. */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seriesId, ...body }: SubscribeBody & { seriesId: string }) =>
      api<PullListAnswer>(`/pull-list/${encodeURIComponent(seriesId)}`, { method: 'PUT', body }),
    onSuccess: (list) => putAnswer(queryClient, pullListQueryOptions().queryKey, list),
  });
}
