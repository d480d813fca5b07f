import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { AdminSearchResult } from '../../../types';

export function useAdminSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: ['admin', 'search', trimmed.toLowerCase()],
    queryFn: async ({ signal }) => {
      const data = await api<Partial<AdminSearchResult>>(`/admin-search-stock/${encodeURIComponent(trimmed)}`, { signal });
      return { comics: data.comics ?? [], orders: data.orders ?? [], ebayInfos: data.ebayInfos } satisfies AdminSearchResult;
    },
    enabled: trimmed.length > 0,
    staleTime: 30_000,
  });
}
