import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { AdminSearchResult } from '../../../types';

export const adminSearchQueryOptions = (term: string) => {
  const trimmed = term.trim();
  return queryOptions({
    queryKey: ['admin', 'search', trimmed.toLowerCase()],
    queryFn: async ({ signal }) => {
      const data = await api<Partial<AdminSearchResult>>(`/admin-search-stock/${encodeURIComponent(trimmed)}`, { signal });
      return { comics: data.comics ?? [], orders: data.orders ?? [], ebayInfos: data.ebayInfos ?? [] } satisfies AdminSearchResult;
    },
    enabled: trimmed.length > 0,
    staleTime: 30_000,
  });
};

export function useAdminSearch(term: string) {
  return useQuery(adminSearchQueryOptions(term));
}
