import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSeriesListAnswer } from '@shop/domain/contract/series';
import { api } from '../../../../lib/api';

export const adminSeriesKey = ['admin', 'series'] as const;

/** GET /admin-series?term=&page=: series whose title holds the term, 50 a page, with shelf copies. */
export const adminSeriesQueryOptions = (term: string, page = 1) =>
  queryOptions({
    queryKey: [...adminSeriesKey, term, page],
    queryFn: ({ signal }) =>
      api<AdminSeriesListAnswer>(`/admin-series?${new URLSearchParams({ term, page: String(page) }).toString()}`, { signal }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export function useAdminSeries(term: string, page = 1) {
  return useQuery(adminSeriesQueryOptions(term, page));
}
