import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiRequest, ApiError } from '../../lib/api';
import { siteSettingsQueryOptions } from '../../api/get-site-settings';
import type { SiteSettingsResponse } from '../../types/api';
import { replaceOrder } from '../lib/orders';
import type { AdminOrder } from '../types';

export type OrderListKind = 'awaiting' | 'complete' | 'adhoc' | 'all' | 'processed';

export const ORDER_LIST_PATHS: Record<OrderListKind, string> = {
  awaiting: '/orders-awaiting-postage',
  complete: '/complete-orders',
  adhoc: '/adhoc-orders',
  all: '/all-orders',
  processed: '/admin-orders-processed',
};

const ordersKey = ['admin', 'orders'] as const;

export function useOrderList(kind: OrderListKind) {
  return useQuery({
    queryKey: [...ordersKey, kind],
    queryFn: async ({ signal }) => (await api<{ orders?: AdminOrder[] }>(ORDER_LIST_PATHS[kind], { signal })).orders ?? [],
    staleTime: 15_000,
  });
}

/** The header badge reads ['site-settings']: the new count goes there at once, without a reload. */
export function setOrdersNeedPosting(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData<SiteSettingsResponse>(siteSettingsQueryOptions().queryKey, (old) =>
    old ? { ...old, ordersNeedPosting: count } : old,
  );
}

function applyOrder(queryClient: QueryClient, order: AdminOrder): void {
  queryClient.setQueriesData<AdminOrder[]>({ queryKey: ordersKey }, (list) => (Array.isArray(list) ? replaceOrder(list, order) : list));
  queryClient.setQueryData<AdminOrder[]>([...ordersKey, 'awaiting'], (list) =>
    Array.isArray(list) ? replaceOrder(list, order, (o) => !o.posted) : list,
  );
  queryClient.setQueriesData<{ comics: unknown[]; orders: AdminOrder[] }>({ queryKey: ['admin', 'search'] }, (data) =>
    data && Array.isArray(data.orders) ? { ...data, orders: replaceOrder(data.orders, order) } : data,
  );
}

interface PostedAnswer {
  order: AdminOrder;
  ordersNeedPosting: number;
}

function usePostingMutation(call: (input: { id: string; tracking?: string }) => Promise<PostedAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      if (typeof data?.ordersNeedPosting === 'number') setOrdersNeedPosting(queryClient, data.ordersNeedPosting);
      if (data?.order?._id) applyOrder(queryClient, data.order);
      void queryClient.invalidateQueries({ queryKey: ordersKey, refetchType: 'none' });
    },
  });
}

/** GET /post-order/{id}/{tracking}: posted with a tracking number. */
export function usePostOrder() {
  return usePostingMutation(({ id, tracking }) =>
    api<PostedAnswer>(`/post-order/${encodeURIComponent(id)}/${encodeURIComponent(tracking ?? '')}`),
  );
}

/** GET /mark-as-posted/{id}. */
export function useMarkAsPosted() {
  return usePostingMutation(({ id }) => api<PostedAnswer>(`/mark-as-posted/${encodeURIComponent(id)}`));
}

export function useResendEmail() {
  return useMutation({
    mutationFn: ({ id, which }: { id: string; which: 'confirm' | 'posted' }) =>
      api<{ message?: string }>(`/order-resend-${which}/${encodeURIComponent(id)}`),
  });
}

/** DELETE /delete-order/{id} -> {orders}; non-200: 'Error! Order not deleted'. */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const response = await apiRequest<{ orders?: AdminOrder[]; ordersNeedPosting?: number }>(`/delete-order/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (response.status !== 200) throw new ApiError('Error! Order not deleted', response.status, response.data);
      return response.data ?? {};
    },
    onSuccess: (data, id) => {
      queryClient.setQueriesData<AdminOrder[]>({ queryKey: ordersKey }, (list) => (Array.isArray(list) ? list.filter((o) => o._id !== id) : list));
      queryClient.setQueriesData<{ comics: unknown[]; orders: AdminOrder[] }>({ queryKey: ['admin', 'search'] }, (d) =>
        d && Array.isArray(d.orders) ? { ...d, orders: d.orders.filter((o) => o._id !== id) } : d,
      );
      if (typeof data.ordersNeedPosting === 'number') setOrdersNeedPosting(queryClient, data.ordersNeedPosting);
      else void queryClient.invalidateQueries({ queryKey: siteSettingsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ordersKey, refetchType: 'none' });
    },
  });
}

