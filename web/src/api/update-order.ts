import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, tempAuthorisation } from '../lib/api';
import type { Order, OrderResponse } from '../types/api';
import { currentOrderKey } from './get-current-order';
import { putAnswer } from '../lib/put-answer';

export function updateOrder(order: Order): Promise<OrderResponse> {
  return api<OrderResponse>(`/update-order/${encodeURIComponent(order._id)}`, {
    method: 'PUT',
    body: { ...order, tempAuthorisation: tempAuthorisation() },
  });
}

/** A change to the order, applied to the latest cached order when its turn comes. */
export type OrderChange = (order: Order) => Order;

function latestOrder(queryClient: QueryClient): Order {
  const cached = queryClient.getQueryData<OrderResponse>(currentOrderKey);
  if (!cached) throw new Error('Your order has not loaded yet. Please try again.');
  return cached.order;
}

/**
 * Pushes the whole order to the server and replaces the cached order, transactions
 * and credit with the answer. Changes run one after another (scope), each applied to
 * the order the previous one returned, so quick clicks never lose an update. What to show after
 * each change is the caller's (mutationConfig, called after the cache is updated).
 */
export function useUpdateOrder({ mutationConfig }: { mutationConfig?: UpdateOrderConfig } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'current-order' },
    mutationFn: (change: OrderChange) => updateOrder(change(latestOrder(queryClient))),
    onSuccess: async (data, ...rest) => {
      await putAnswer<OrderResponse>(queryClient, currentOrderKey, {
        order: data.order,
        transactions: data.transactions ?? [],
        credit: data.credit ?? 0,
      });
      return mutationConfig?.onSuccess?.(data, ...rest);
    },
    onError: mutationConfig?.onError,
  });
}

export type UpdateOrderConfig = Pick<UseMutationOptions<OrderResponse, Error, OrderChange>, 'onSuccess' | 'onError'>;
