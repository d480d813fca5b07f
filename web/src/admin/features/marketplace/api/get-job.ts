import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { JobStatus } from '../../../types';

/** GET /admin-job/{queue}/{id}, every second until the job is finished. */
export const jobQueryOptions = (queue: string | null, id: string | null, isFinished: (state: string) => boolean) =>
  queryOptions({
    queryKey: ['admin', 'job', queue, id],
    queryFn: ({ signal }) => api<JobStatus>(`/admin-job/${encodeURIComponent(queue ?? '')}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(queue && id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.state) ? false : query.state.error ? false : 1000),
    retry: false,
  });

export function useJob(queue: string | null, id: string | null, isFinished: (state: string) => boolean) {
  return useQuery(jobQueryOptions(queue, id, isFinished));
}
