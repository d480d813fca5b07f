import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { OrderResponse } from '../../../types/api';
import { completeOrder, type CompleteOrderInput, type CompleteOrderResult } from '../../../api/complete-order';
import { currentOrderKey } from '../../../api/get-current-order';
import { putAnswer } from '../../../lib/put-answer';

export type AdhocSaleConfig = Pick<UseMutationOptions<CompleteOrderResult, Error, CompleteOrderInput>, 'onSuccess' | 'onError'>;

/**
 * An admin's ad-hoc (in-person) sale: completes the named order at once and puts the answer in the
 * cached order. What follows (the notice, the reload) is the caller's: mutationConfig.
 */
export function useAdhocSale({ mutationConfig }: { mutationConfig?: AdhocSaleConfig } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'current-order' },
    mutationFn: completeOrder,
    onSuccess: async (result, ...rest) => {
      if (result.ok) {
        await putAnswer<OrderResponse>(queryClient, currentOrderKey, {
          order: result.data.order,
          transactions: result.data.transactions ?? [],
          credit: result.data.credit ?? 0,
        });
      }
      return mutationConfig?.onSuccess?.(result, ...rest);
    },
    onError: mutationConfig?.onError,
  });
}
