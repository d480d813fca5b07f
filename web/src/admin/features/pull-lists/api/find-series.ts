import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSeriesListAnswer } from '@shop/domain/contract/series';
import { api } from '../../../../lib/api';

/** GET /admin-series?term=: series whose title matches, to pick one. */
export const findSeriesQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['admin-series', term],
    queryFn: ({ signal }) => api<AdminSeriesListAnswer>(`/admin-series?term=${encodeURIComponent(term)}&page=1`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useFindSeries(term: string) {
  return useQuery({ ...findSeriesQueryOptions(term), enabled: term.trim().length > 0 });
}
