import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { StreamHistory } from '../../../types';

export const streamHistoryQueryOptions = (streamId: string) =>
  queryOptions({
    queryKey: ['admin', 'stream-history', streamId],
    queryFn: ({ signal }) => api<StreamHistory>(`/stream-history/${encodeURIComponent(streamId)}`, { signal }),
    enabled: Boolean(streamId),
    staleTime: 10_000,
  });

export function useStreamHistory(streamId: string) {
  return useQuery(streamHistoryQueryOptions(streamId));
}
