import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { CATALOGUE_STALE_MS } from '../../../config';
import type { Comic } from '../../../types/api';
import { nextHomepagePage } from '../../../lib/paging';

export function getMoreHomepageStock(batchId: string, page: number, signal?: AbortSignal): Promise<{ moreComics: Comic[] }> {
  return api(`/more-homepage-stock/${encodeURIComponent(batchId)}/${page}`, { signal });
}

/**
 * A homepage row: page 1 is the items that came with the homepage, later pages
 * come from more-homepage-stock on demand.
 */
export const homepageRowQueryOptions = (batchId: string, initial: Comic[]) =>
  infiniteQueryOptions({
    queryKey: ['more-homepage-stock', batchId],
    queryFn: async ({ pageParam, signal }) =>
      pageParam === 1 ? initial : ((await getMoreHomepageStock(batchId, pageParam, signal)).moreComics ?? []),
    initialPageParam: 1,
    initialData: { pages: [initial], pageParams: [1] },
    getNextPageParam: (lastPage, allPages) => nextHomepagePage(lastPage.length, allPages.length),
    staleTime: CATALOGUE_STALE_MS,
  });

export function useHomepageRow(batchId: string, initial: Comic[]) {
  return useInfiniteQuery(homepageRowQueryOptions(batchId, initial));
}
