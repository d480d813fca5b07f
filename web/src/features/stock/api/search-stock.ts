import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, tempAuthorisation } from '../../../lib/api';
import { getAccessToken } from '../../../lib/session';
import { CATALOGUE_STALE_MS } from '../../../config';
import type { Comic } from '../../../types/api';

/** Logged-in users GET with the bearer header; guests POST their temp token. */
export function searchStock(term: string, signal?: AbortSignal): Promise<{ comics: Comic[] }> {
  const path = `/search-stock/${encodeURIComponent(term)}`;
  if (getAccessToken()) return api(path, { signal });
  return api(path, { method: 'POST', body: { tempAuthorisation: tempAuthorisation() }, signal });
}

export const searchStockQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['search-stock', term.toLowerCase()],
    queryFn: async ({ signal }) => (await searchStock(term, signal)).comics ?? [],
    enabled: term.trim().length > 0,
    staleTime: CATALOGUE_STALE_MS,
  });

export function useSearchStock(term: string) {
  return useQuery(searchStockQueryOptions(term));
}
