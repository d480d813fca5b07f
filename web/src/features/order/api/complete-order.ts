import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, extractMessage, tempAuthorisation } from '../../../lib/api';
import { useNotify } from '../../../components/ui/notify';
import type { LatestTransaction, Order, OrderResponse } from '../../../types/api';
import { currentOrderKey } from './get-current-order';

export interface CompleteOrderInput {
  order: Order;
  latestTransaction: LatestTransaction;
}

export type CompleteOrderResult = { ok: true; data: OrderResponse } | { ok: false; errorMessage: string };

/** Any status under 500 is an answer: 200 is success, others carry errorMessage. */
export async function completeOrder({ order, latestTransaction }: CompleteOrderInput): Promise<CompleteOrderResult> {
  const response = await apiRequest<OrderResponse & { errorMessage?: string; message?: string }>(
    `/complete-order/${encodeURIComponent(order._id)}`,
    { method: 'PUT', body: { ...order, tempAuthorisation: tempAuthorisation(), latestTransaction } },
  );
  if (response.status === 200) return { ok: true, data: response.data };
  if (response.status >= 500) throw new Error('fail');
  return { ok: false, errorMessage: extractMessage(response.data, 'fail') };
}

/**
 * Completes the order (card payment, all-paid completion or an admin's ad-hoc sale),
 * then shows 'Success' or 'Failure' and reloads the page.
 */
export function useCompleteOrder() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const reload = () => window.location.reload();
  return useMutation({
    scope: { id: 'current-order' },
    mutationFn: completeOrder,
    onSuccess: (result) => {
      if (result.ok) {
        queryClient.setQueryData<OrderResponse>(currentOrderKey, {
          order: result.data.order,
          transactions: result.data.transactions ?? [],
          credit: result.data.credit ?? 0,
        });
        notify({ title: 'Success', message: 'Thank you! Your order is complete. A confirmation email is on its way.', tone: 'success', onClose: reload });
      } else {
        notify({ title: 'Failure', message: result.errorMessage, tone: 'error', onClose: reload });
      }
    },
    onError: () => {
      notify({ title: 'Failure', message: 'fail', tone: 'error', onClose: reload });
    },
  });
}
