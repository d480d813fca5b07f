import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { siteSettingsQueryOptions } from '../../../../api/get-site-settings';
import type { SiteSettingsResponse } from '../../../../types/api';
import type { AdminOrder } from '../../../types';
import { replaceOrder } from './orders';

export const ordersKey = ['admin', 'orders'] as const;

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

export interface PostedAnswer {
  order: AdminOrder;
  ordersNeedPosting: number;
}

/** Post and mark-as-posted: the answer's order and count go straight into the cached lists and the badge. */
export function usePostingMutation(call: (input: { id: string; tracking?: string }) => Promise<PostedAnswer>) {
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
