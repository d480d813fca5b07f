import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { SystemStatus } from '../../../types';

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'status'],
    queryFn: ({ signal }) => api<SystemStatus>('/status', { signal }),
    staleTime: 0,
    refetchInterval: 15_000,
  });

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
