import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PullListAnswer } from '@shop/domain/contract/pullLists';
import { api } from '../../../lib/api';

/** The signed-in customer's pull list: subscriptions and the issues reserved for them. */
export const pullListQueryOptions = () =>
  queryOptions({
    queryKey: ['pull-list'],
    queryFn: ({ signal }) => api<PullListAnswer>('/pull-list', { signal }),
    staleTime: 30 * 1000,
  });

export function usePullList(enabled: boolean) {
  return useQuery({ ...pullListQueryOptions(), enabled });
}
