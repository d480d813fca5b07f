import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { AdminUser } from '../types';

export const usersQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: ['admin', 'users'],
    queryFn: async ({ signal }) => (await api<{ users?: AdminUser[] }>('/users', { signal })).users ?? [],
    staleTime: 60_000,
    enabled,
  });

export function useUsers(enabled = true) {
  return useQuery(usersQueryOptions(enabled));
}
