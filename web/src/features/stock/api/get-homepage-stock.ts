import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { CATALOGUE_STALE_MS } from '../../../config';
import type { Batch, Comic } from '../../../types/api';

export interface HomepageStock {
  batches: Batch[];
  comics: Comic[];
}

export interface HomepageRow {
  batch: Batch;
  comics: Comic[];
}

/** Groups the homepage comics by their batch, in the order of the batches, skipping hidden and empty ones. */
export function groupByBatch(data: HomepageStock): HomepageRow[] {
  const byBatch = new Map<string, Comic[]>();
  for (const comic of data.comics ?? []) {
    const id = comic.batch ?? '';
    const list = byBatch.get(id);
    if (list) list.push(comic);
    else byBatch.set(id, [comic]);
  }
  return (data.batches ?? [])
    .filter((batch) => !batch.hideHomePage)
    .map((batch) => ({ batch, comics: byBatch.get(batch._id) ?? [] }))
    .filter((row) => row.comics.length > 0);
}

export const homepageStockQueryOptions = () =>
  queryOptions({
    queryKey: ['homepage-stock'],
    queryFn: ({ signal }) => api<HomepageStock>('/homepage-stock', { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

export function useHomepageStock() {
  return useQuery(homepageStockQueryOptions());
}
