import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiError, extractMessage } from '../../../../lib/api';
import type { AdminComic, StockItemPayload } from '../../../types';
import { replaceInCaches, updateStockCaches } from '../../../lib/stock-caches';

export interface EditStockInput {
  id: string;
  changes: Partial<StockItemPayload>;
}

/** PUT /edit-stock/{id}: 200 with comics; anything else throws 'Error! Stock not updated' (or the server's message). */
export async function editStock({ id, changes }: EditStockInput): Promise<AdminComic[]> {
  const response = await apiRequest<{ comics?: AdminComic[]; comic?: AdminComic }>(`/edit-stock/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: changes,
  });
  if (response.status !== 200) {
    throw new ApiError(extractMessage(response.data, 'Error! Stock not updated'), response.status, response.data);
  }
  const data = response.data ?? {};
  return data.comics ?? (data.comic ? [data.comic] : []);
}

export function useEditStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editStock,
    onSuccess: (comics, input) => {
      const updated = comics.find((c) => c._id === input.id);
      if (comics.length) replaceInCaches(queryClient, comics);
      if (!updated) {
        updateStockCaches(queryClient, (item) =>
          item._id === input.id ? ({ ...item, ...input.changes, images: input.changes.images ?? item.images } as AdminComic) : item,
        );
        void queryClient.invalidateQueries({ queryKey: ['admin'] });
      }
    },
  });
}
