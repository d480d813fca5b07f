import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SeriesSubscribersAnswer } from '@shop/domain/contract/pullLists';
import { api } from '../../../../lib/api';

/** GET /admin-series-subscribers/{id}: who subscribes to a series, in subscription order. */
export const seriesSubscribersQueryOptions = (seriesId: string) =>
  queryOptions({
    queryKey: ['admin-series-subscribers', seriesId],
    queryFn: ({ signal }) => api<SeriesSubscribersAnswer>(`/admin-series-subscribers/${encodeURIComponent(seriesId)}`, { signal }),
  });

export function useSeriesSubscribers(seriesId: string | null) {
  return useQuery({ ...seriesSubscribersQueryOptions(seriesId ?? ''), enabled: Boolean(seriesId) });
}
