import { useMutation } from '@tanstack/react-query';
import { apiRequest, extractMessage, tempAuthorisation } from '../../../lib/api';
import { useNotify } from '../../../components/ui/notify';
import type { LatestTransactionBody, Order, OrderResponse } from '../../../types/api';
import { confirmationPath, rememberAfterCheckout } from '../../checkout/lib/after-checkout';

export interface CompleteOrderInput {
  order: Order;
  latestTransaction: LatestTransactionBody;
}

export type CompleteOrderResult = { ok: true; data: OrderResponse & { confirmationToken?: string } } | { ok: false; errorMessage: string };

/** Any status under 500 is an answer: 200 is success, others carry errorMessage. */
export async function completeOrder({ order, latestTransaction }: CompleteOrderInput): Promise<CompleteOrderResult> {
  const response = await apiRequest<OrderResponse & { errorMessage?: string; message?: string; confirmationToken?: string }>(
    `/complete-order/${encodeURIComponent(order._id)}`,
    { method: 'PUT', body: { ...order, tempAuthorisation: tempAuthorisation(), latestTransaction } },
  );
  if (response.status === 200) return { ok: true, data: response.data };
  if (response.status >= 500) throw new Error('fail');
  return { ok: false, errorMessage: extractMessage(response.data, 'fail') };
}

/**
 * Completes the order (card payment, all-paid completion or an admin's ad-hoc sale),
 * then shows 'Success' or 'Failure' and reloads the page. The cached order is left as it was
 * behind the notice (the checkout does not flip to "All paid!"); after the reload a success opens
 * the order's confirmation page, and a failure reopens the checkout at the payment step.
 */
export function useCompleteOrder() {
  const notify = useNotify();
  const reload = () => window.location.reload();
  return useMutation({
    scope: { id: 'current-order' },
    mutationFn: completeOrder,
    onSuccess: (result, input) => {
      if (result.ok) {
        const order = result.data.order;
        // An admin's ad-hoc sale stays on the page it was made from.
        const adhoc = Boolean(input.order.name?.trim()) && !input.latestTransaction.cardToken;
        if (order.publicId && !adhoc) rememberAfterCheckout({ kind: 'confirmation', path: confirmationPath(order.publicId, result.data.confirmationToken) });
        notify({ title: 'Success', message: 'Thank you! Your order is complete. A confirmation email is on its way.', tone: 'success', onClose: reload });
      } else {
        if (!input.order.name?.trim()) rememberAfterCheckout({ kind: 'resume-payment' });
        notify({ title: 'Failure', message: result.errorMessage, tone: 'error', onClose: reload });
      }
    },
    onError: (_error, input) => {
      if (!input.order.name?.trim()) rememberAfterCheckout({ kind: 'resume-payment' });
      notify({ title: 'Failure', message: 'fail', tone: 'error', onClose: reload });
    },
  });
}
