import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, extractMessage } from '../../../../lib/api';
import type { AdminComic, StockItemPayload } from '../../../types';

export type AddStockResult = { ok: true; comic?: AdminComic } | { ok: false; message: string };

/** POST /add-stock: 201 is success. */
export async function addStock(payload: StockItemPayload): Promise<AddStockResult> {
  const response = await apiRequest<{ comic?: AdminComic; message?: string }>('/add-stock', { method: 'POST', body: payload });
  if (response.status === 201) return { ok: true, comic: response.data?.comic };
  return { ok: false, message: extractMessage(response.data, `Stock not added (${response.status})`) };
}

export function useAddStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStock,
    onSuccess: (result) => {
      if (!result.ok) return;
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      for (const key of ['stock', 'homepage-stock', 'more-homepage-stock', 'search-stock']) {
        void queryClient.invalidateQueries({ queryKey: [key], refetchType: 'none' });
      }
    },
  });
}
