import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SeriesPageAnswer } from '@shop/domain/contract/series';
import { api } from '../../../lib/api';
import { CATALOGUE_STALE_MS } from '../../../config';

export type SeriesPage = SeriesPageAnswer;

export function getSeriesPage(seriesId: string, signal?: AbortSignal): Promise<SeriesPage> {
  return api<SeriesPage>(`/series/${encodeURIComponent(seriesId)}`, { signal });
}

/** GET /series/{id}: the series (the one it joined, for a merged id) and its issues, newest first. */
export const seriesPageQueryOptions = (seriesId: string) =>
  queryOptions({
    queryKey: ['series', seriesId],
    queryFn: ({ signal }) => getSeriesPage(seriesId, signal),
    staleTime: CATALOGUE_STALE_MS,
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });

export function useSeriesPage(seriesId: string) {
  return useQuery(seriesPageQueryOptions(seriesId));
}
