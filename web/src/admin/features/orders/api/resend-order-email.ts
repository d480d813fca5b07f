import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export function useResendEmail() {
  return useMutation({
    mutationFn: ({ id, which }: { id: string; which: 'confirm' | 'posted' }) =>
      api<{ message?: string }>(`/order-resend-${which}/${encodeURIComponent(id)}`),
  });
}
