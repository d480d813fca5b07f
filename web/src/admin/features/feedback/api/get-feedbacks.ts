import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { Feedback } from '../../../types';

export const feedbacksQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'feedback'],
    queryFn: async ({ signal }) => (await api<{ feedbacks?: Feedback[] }>('/feedback', { signal })).feedbacks ?? [],
    staleTime: 30_000,
  });

export function useFeedbacks() {
  return useQuery(feedbacksQueryOptions());
}
