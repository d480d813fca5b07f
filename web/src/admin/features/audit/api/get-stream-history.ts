import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { StreamHistory } from '../../../types';

export function useStreamHistory(streamId: string) {
  return useQuery({
    queryKey: ['admin', 'stream-history', streamId],
    queryFn: ({ signal }) => api<StreamHistory>(`/stream-history/${encodeURIComponent(streamId)}`, { signal }),
    enabled: Boolean(streamId),
    staleTime: 10_000,
  });
}
