import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSeriesAnswer } from '@shop/domain/contract/series';
import { api } from '../../../../lib/api';
import { adminSeriesKey } from './get-admin-series';

/** PUT /series-shelf/{id} {shelfCopies}: copies of each new issue ordered for the shelf. */
export function useSetSeriesShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seriesId, shelfCopies }: { seriesId: string; shelfCopies: number }) =>
      api<AdminSeriesAnswer>(`/series-shelf/${encodeURIComponent(seriesId)}`, { method: 'PUT', body: { shelfCopies } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSeriesKey }),
  });
}
