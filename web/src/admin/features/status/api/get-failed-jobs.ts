import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { FailedJob } from '../../../types';

export const failedJobsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'failed-jobs'],
    queryFn: async ({ signal }) => (await api<{ jobs?: FailedJob[] }>('/admin-failed-jobs', { signal })).jobs ?? [],
    staleTime: 0,
  });

export function useFailedJobs() {
  return useQuery(failedJobsQueryOptions());
}
