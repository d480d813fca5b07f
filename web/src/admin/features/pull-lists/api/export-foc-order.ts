import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { FocDistributor } from './get-foc-worksheet';

/** GET /admin-foc/export: the order file (recorded by the server as an export); answers its text. */
export function useExportFocOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, distributor }: { date: string; distributor: FocDistributor }) =>
      api<string>(`/admin-foc/export?date=${encodeURIComponent(date)}&distributor=${distributor}`),
    onSuccess: (_csv, { date, distributor }) => queryClient.invalidateQueries({ queryKey: ['admin-foc', date, distributor] }),
  });
}
