import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest, extractMessage, tempAuthorisation } from '../lib/api';
import type { LatestTransactionBody, Order, OrderResponse } from '../types/api';

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

export type CompleteOrderConfig = Pick<UseMutationOptions<CompleteOrderResult, Error, CompleteOrderInput>, 'onSuccess' | 'onError'>;

/**
 * Completes the order (card payment or all-paid completion). What follows (the notice, the reload)
 * is the caller's: mutationConfig.
 */
export function useCompleteOrder({ mutationConfig }: { mutationConfig?: CompleteOrderConfig } = {}) {
  return useMutation({
    scope: { id: 'current-order' },
    mutationFn: completeOrder,
    ...mutationConfig,
  });
}
