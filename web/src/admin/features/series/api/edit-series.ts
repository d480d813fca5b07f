import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSeriesAnswer, SeriesEditBody } from '@shop/domain/contract/series';
import { api } from '../../../../lib/api';
import { adminSeriesKey } from './get-admin-series';

/** PUT /edit-series/{id}: title (a rename), publisher, volume. */
export function useEditSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seriesId, changes }: { seriesId: string; changes: SeriesEditBody }) =>
      api<AdminSeriesAnswer>(`/edit-series/${encodeURIComponent(seriesId)}`, { method: 'PUT', body: changes }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSeriesKey }),
  });
}
