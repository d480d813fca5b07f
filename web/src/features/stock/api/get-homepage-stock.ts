import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { CATALOGUE_STALE_MS } from '../../../config';
import type { Batch, Comic, HomepageStockResponse } from '../../../types/api';
import { nextHomepageBatchesPage } from '../../../lib/paging';

export type HomepageStock = HomepageStockResponse;

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

/** The rows of every loaded page, in order; a batch that comes again on a later page is shown once. */
export function homepageRows(pages: readonly HomepageStock[]): HomepageRow[] {
  const seen = new Set<string>();
  const rows: HomepageRow[] = [];
  for (const page of pages) {
    for (const row of groupByBatch(page)) {
      if (seen.has(row.batch._id)) continue;
      seen.add(row.batch._id);
      rows.push(row);
    }
  }
  return rows;
}

/** Page 1 is plain `/homepage-stock` (the same address as before paging); later pages add `?page=n`. */
export function homepageStockPath(page: number): string {
  return page <= 1 ? '/homepage-stock' : `/homepage-stock?page=${page}`;
}

export function getHomepageStock(page: number, signal?: AbortSignal): Promise<HomepageStock> {
  return api<HomepageStock>(homepageStockPath(page), { signal });
}

interface EarlyHomepageStock {
  /** The call index.html starts when a visit starts on the homepage. */
  __homepageStock?: Promise<HomepageStock | null>;
  /** Its answer, once it came. */
  __homepageStockData?: HomepageStock | null;
}

const isHomepageStock = (data: unknown): data is HomepageStock =>
  Boolean(data) && Array.isArray((data as HomepageStock).batches) && Array.isArray((data as HomepageStock).comics);

/**
 * Page 1 as index.html asked for it while the app's script loaded (only when the visit starts on
 * the homepage), taken once; null when there is none or it failed (then the app asks itself).
 */
async function takeEarlyHomepageStock(): Promise<HomepageStock | null> {
  const holder = window as unknown as EarlyHomepageStock;
  const early = holder.__homepageStock;
  delete holder.__homepageStock;
  delete holder.__homepageStockData;
  const data = early ? await early : null;
  return isHomepageStock(data) ? data : null;
}

/** That answer when it has already come (the usual case): the homepage's first render draws its rows. */
function takeArrivedHomepageStock(): { pages: HomepageStock[]; pageParams: number[] } | undefined {
  if (typeof window === 'undefined') return undefined;
  const holder = window as unknown as EarlyHomepageStock;
  const data = holder.__homepageStockData;
  if (!isHomepageStock(data)) return undefined;
  delete holder.__homepageStock;
  delete holder.__homepageStockData;
  return { pages: [data], pageParams: [1] };
}

/** The homepage's batch rows, 8 a page; the next page is asked for as the shopper nears the bottom. */
export const homepageStockInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['homepage-stock'],
    queryFn: async ({ pageParam, signal }) =>
      (pageParam === 1 ? await takeEarlyHomepageStock() : null) ?? getHomepageStock(pageParam, signal),
    initialPageParam: 1,
    // Read when the query is first made (the homepage's first render), not on every render.
    initialData: takeArrivedHomepageStock,
    initialDataUpdatedAt: () => Date.now(),
    getNextPageParam: (_lastPage, allPages) => nextHomepageBatchesPage(allPages),
    staleTime: CATALOGUE_STALE_MS,
  });

export function useHomepageStock() {
  return useInfiniteQuery(homepageStockInfiniteQueryOptions());
}
