import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api';
import { LOCAL_KNOWN_LISTS, readKnownLists, type KnownLists } from '../lib/known-lists';

/** The suggestion lists: GET /admin-lists when the server has it, else the local copy. */
export const knownListsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'lists'],
    queryFn: async ({ signal }) => {
      try {
        const response = await apiRequest<unknown>('/admin-lists', { signal });
        return response.ok ? readKnownLists(response.data) : LOCAL_KNOWN_LISTS;
      } catch {
        return LOCAL_KNOWN_LISTS;
      }
    },
    staleTime: Infinity,
    retry: false,
  });

export function useKnownLists(): KnownLists {
  const { data } = useQuery(knownListsQueryOptions());
  return data ?? LOCAL_KNOWN_LISTS;
}
