import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id }: { queue: string; id: string }) =>
      api<{ message?: string }>(`/admin-retry-job/${encodeURIComponent(queue)}/${encodeURIComponent(id)}`, { method: 'POST', body: {} }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'failed-jobs'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'status'] });
    },
  });
}
