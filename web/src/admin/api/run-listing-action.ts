import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { AdminComic } from '../types';
import { replaceInCaches } from '../lib/stock-caches';

export type ListingAction = 'upload' | 'refresh' | 'clear' | 'delete';

/** GET /ebay-{upload|refresh|clear|delete}-comic/{id} -> {comic, message}. */
export function useListingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: ListingAction; id: string }) =>
      api<{ comic?: AdminComic; message?: string }>(`/ebay-${action}-comic/${encodeURIComponent(id)}`),
    onSuccess: (data) => {
      if (data?.comic?._id) replaceInCaches(queryClient, [data.comic]);
    },
  });
}
