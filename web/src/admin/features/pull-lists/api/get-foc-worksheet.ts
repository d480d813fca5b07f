import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FocWorksheetAnswer } from '@shop/domain/contract/pullLists';
import { api } from '../../../../lib/api';

export type FocDistributor = FocWorksheetAnswer['distributor'];

/** GET /admin-foc: the distributor order worksheet of a FOC date. */
export const focWorksheetQueryOptions = (date: string, distributor: FocDistributor) =>
  queryOptions({
    queryKey: ['admin-foc', date, distributor],
    queryFn: ({ signal }) => api<FocWorksheetAnswer>(`/admin-foc?date=${encodeURIComponent(date)}&distributor=${distributor}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useFocWorksheet(date: string, distributor: FocDistributor) {
  return useQuery({ ...focWorksheetQueryOptions(date, distributor), enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
}
