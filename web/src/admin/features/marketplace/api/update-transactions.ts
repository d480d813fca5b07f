import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export function useUpdateTransactions() {
  return useMutation({
    mutationFn: (test: boolean) =>
      api<{ message?: string } & Record<string, unknown>>(test ? '/ebay-update-transactions-test' : '/ebay-update-transactions'),
  });
}
