import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Order } from '../../../types/api';

/** The logged-in user's past orders (bearer). */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ['orders'],
    queryFn: async ({ signal }) => (await api<{ orders: Order[] }>('/orders', { signal })).orders ?? [],
    staleTime: 60 * 1000,
  });

export function useOrders(enabled: boolean) {
  return useQuery({ ...ordersQueryOptions(), enabled });
}
