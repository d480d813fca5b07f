import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { removeFromCaches } from '../../../lib/stock-caches';

export function useDeleteStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/delete-stock/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => removeFromCaches(queryClient, id),
  });
}
