import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WantDemandAnswer } from '@shop/domain/contract/wants';
import { api } from '../../../../lib/api';

/** GET /api/admin-want-demand: wants counted by series or title and issue, and by item. */
export const wantDemandQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'want-demand'],
    queryFn: ({ signal }) => api<WantDemandAnswer>('/admin-want-demand', { signal }),
    staleTime: 30_000,
  });

export function useWantDemand() {
  return useQuery(wantDemandQueryOptions());
}
