import { useMemo } from 'react';
import { useNotify } from '../../../components/ui/notify';
import type { CompleteOrderConfig } from '../../../api/complete-order';
import { confirmationPath, rememberAfterCheckout } from '../../../lib/after-checkout';

/**
 * After a completion: 'Success' or 'Failure', then the page reloads. The cached order is left as it
 * was behind the notice (the checkout does not flip to "All paid!"); after the reload a success
 * opens the order's confirmation page, and a failure reopens the checkout at the payment step.
 */
export function useCompletionNotices(): CompleteOrderConfig {
  const notify = useNotify();
  return useMemo(() => {
    const reload = () => window.location.reload();
    return {
      onSuccess: (result, input) => {
        if (result.ok) {
          const order = result.data.order;
          // An admin's ad-hoc sale stays on the page it was made from.
          const adhoc = Boolean(input.order.name?.trim()) && !input.latestTransaction.cardToken;
          if (order.publicId && !adhoc)
            rememberAfterCheckout({ kind: 'confirmation', path: confirmationPath(order.publicId, result.data.confirmationToken) });
          notify({
            title: 'Success',
            message: 'Thank you! Your order is complete. A confirmation email is on its way.',
            tone: 'success',
            onClose: reload,
          });
        } else {
          if (!input.order.name?.trim()) rememberAfterCheckout({ kind: 'resume-payment' });
          notify({ title: 'Failure', message: result.errorMessage, tone: 'error', onClose: reload });
        }
      },
      onError: (_error, input) => {
        if (!input.order.name?.trim()) rememberAfterCheckout({ kind: 'resume-payment' });
        notify({ title: 'Failure', message: 'fail', tone: 'error', onClose: reload });
      },
    };
  }, [notify]);
}
