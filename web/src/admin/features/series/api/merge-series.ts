import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSeriesAnswer } from '@shop/domain/contract/series';
import { api } from '../../../../lib/api';
import { adminSeriesKey } from './get-admin-series';

/** POST /merge-series/{id} {intoSeriesId}: the series joins another; answers the one that lives on. */
export function useMergeSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seriesId, intoSeriesId }: { seriesId: string; intoSeriesId: string }) =>
      api<AdminSeriesAnswer>(`/merge-series/${encodeURIComponent(seriesId)}`, { method: 'POST', body: { intoSeriesId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSeriesKey }),
  });
}
