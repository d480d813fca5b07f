import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../components/ui/notify';
import { formatMoney } from '../../../lib/money';
import type { OrderResponse } from '../../../types/api';
import { adhocSaleMessage } from '../lib/adhoc-sale';
import { completeOrder } from './complete-order';
import { currentOrderKey } from './get-current-order';

/**
 * An admin's ad-hoc (in-person) sale: completes the named order at once, then 'Success' saying
 * what was recorded (no email goes to a customer at the counter) or 'Failure', and reloads.
 */
export function useAdhocSale() {
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
        notify({ title: 'Success', message: adhocSaleMessage(result.data.order, formatMoney), tone: 'success', onClose: reload });
      } else {
        notify({ title: 'Failure', message: result.errorMessage, tone: 'error', onClose: reload });
      }
    },
    onError: () => notify({ title: 'Failure', message: 'fail', tone: 'error', onClose: reload }),
  });
}
