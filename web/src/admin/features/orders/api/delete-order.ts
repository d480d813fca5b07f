import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiError } from '../../../../lib/api';
import { siteSettingsQueryOptions } from '../../../../api/get-site-settings';
import type { AdminOrder } from '../../../types';
import { ordersKey, setOrdersNeedPosting } from '../lib/orders-cache';

/** DELETE /delete-order/{id} -> {orders}; non-200: 'Error! Order not deleted'. */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const response = await apiRequest<{ orders?: AdminOrder[]; ordersNeedPosting?: number }>(`/delete-order/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      });
      if (response.status !== 200) throw new ApiError('Error! Order not deleted', response.status, response.data);
      return response.data ?? {};
    },
    onSuccess: (data, id) => {
      queryClient.setQueriesData<AdminOrder[]>({ queryKey: ordersKey }, (list) =>
        Array.isArray(list) ? list.filter((o) => o._id !== id) : list,
      );
      queryClient.setQueriesData<{ comics: unknown[]; orders: AdminOrder[] }>({ queryKey: ['admin', 'search'] }, (d) =>
        d && Array.isArray(d.orders) ? { ...d, orders: d.orders.filter((o) => o._id !== id) } : d,
      );
      if (typeof data.ordersNeedPosting === 'number') setOrdersNeedPosting(queryClient, data.ordersNeedPosting);
      else void queryClient.invalidateQueries({ queryKey: siteSettingsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ordersKey, refetchType: 'none' });
    },
  });
}
