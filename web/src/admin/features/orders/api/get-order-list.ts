import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { AdminOrder } from '../../../types';
import { ordersKey } from '../lib/orders-cache';

export type OrderListKind = 'awaiting' | 'complete' | 'adhoc' | 'all' | 'processed';

export const ORDER_LIST_PATHS: Record<OrderListKind, string> = {
  awaiting: '/orders-awaiting-postage',
  complete: '/complete-orders',
  adhoc: '/adhoc-orders',
  all: '/all-orders',
  processed: '/admin-orders-processed',
};

export const orderListQueryOptions = (kind: OrderListKind) =>
  queryOptions({
    queryKey: [...ordersKey, kind],
    queryFn: async ({ signal }) => (await api<{ orders?: AdminOrder[] }>(ORDER_LIST_PATHS[kind], { signal })).orders ?? [],
    staleTime: 15_000,
  });

export function useOrderList(kind: OrderListKind) {
  return useQuery(orderListQueryOptions(kind));
}
