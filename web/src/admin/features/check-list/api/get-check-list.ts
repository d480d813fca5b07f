import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { CheckListItem } from '../../../types';

export const checkListKey = ['admin', 'check-list'] as const;

export const checkListQueryOptions = () =>
  queryOptions({
    queryKey: checkListKey,
    queryFn: async ({ signal }) => (await api<{ checkListItems?: CheckListItem[] }>('/admin-check-list', { signal })).checkListItems ?? [],
    staleTime: 15_000,
  });

export function useCheckList() {
  return useQuery(checkListQueryOptions());
}
