import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WantListAnswer } from '@shop/domain/contract/wants';
import { api } from '../../../lib/api';

export const wantListKey = ['want-list'] as const;

/** GET /api/want-list: the signed-in customer's wants, newest first. */
export const wantListQueryOptions = () =>
  queryOptions({ queryKey: wantListKey, queryFn: ({ signal }) => api<WantListAnswer>('/want-list', { signal }) });

export function useWantList(enabled: boolean) {
  return useQuery({ ...wantListQueryOptions(), enabled });
}
