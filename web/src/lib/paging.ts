/** Browse paging: the first page holds 60 items, later pages 30. */
export const FIRST_PAGE_SIZE = 60;
export const NEXT_PAGE_SIZE = 30;
/** Scrolling within this many pixels of the bottom loads the next page. */
export const SCROLL_THRESHOLD_PX = 100;
/** Homepage rows load this many items a time; fewer means no more. */
export const HOMEPAGE_PAGE_SIZE = 10;
/** The homepage loads this many batch rows a time (`/homepage-stock?page=n`); fewer means no more. */
export const HOMEPAGE_BATCHES_PAGE_SIZE = 8;

export interface PageParam {
  /** 1-based page number in units of `limit`. */
  page: number;
  limit: number;
}

export const FIRST_PAGE: PageParam = { page: 1, limit: FIRST_PAGE_SIZE };

/**
 * The next page to request, or undefined at the end (a page with fewer items than
 * requested). Later pages are counted in units of 30, so after the first 60 items
 * the next request is page 3 of 30 (items 61-90), assuming the server skips
 * (page - 1) * limit items.
 */
export function nextPageParam(lastPageLength: number, lastParam: PageParam, loadedCount: number): PageParam | undefined {
  if (lastPageLength < lastParam.limit) return undefined;
  return { page: Math.floor(loadedCount / NEXT_PAGE_SIZE) + 1, limit: NEXT_PAGE_SIZE };
}

/**
 * Search paging: browse's pages (60, then pages 3, 4, ... of 30), ending once `total` matches
 * are loaded or a page comes back short. An answer without a total (a server that does not
 * page search) is the whole result: asking again would only bring the same items back.
 */
export function nextSearchPageParam(
  lastPageLength: number,
  lastParam: PageParam,
  loadedCount: number,
  total: number | undefined,
): PageParam | undefined {
  if (total === undefined || loadedCount >= total) return undefined;
  return nextPageParam(lastPageLength, lastParam, loadedCount);
}

/**
 * The homepage's next page of batch rows, or undefined at the end: a page with fewer than 8
 * batches is the last. A page that brings no batch not seen before also ends it (a server that
 * does not page the homepage answers every batch each time).
 */
export function nextHomepageBatchesPage(pages: readonly { batches?: readonly { _id: string }[] | null }[]): number | undefined {
  const last = pages[pages.length - 1];
  const batches = last?.batches ?? [];
  if (batches.length < HOMEPAGE_BATCHES_PAGE_SIZE) return undefined;
  const seen = new Set(pages.slice(0, -1).flatMap((page) => (page.batches ?? []).map((b) => b._id)));
  if (pages.length > 1 && batches.every((b) => seen.has(b._id))) return undefined;
  return pages.length + 1;
}

/** Joins pages, dropping any item seen before (by _id). */
export function flattenUnique<T extends { _id: string }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      out.push(item);
    }
  }
  return out;
}

/** Homepage rows: the initial items are page 1, more pages follow while a page is full. */
export function nextHomepagePage(lastPageLength: number, pageCount: number): number | undefined {
  return lastPageLength < HOMEPAGE_PAGE_SIZE ? undefined : pageCount + 1;
}

/** A horizontal row steps by 1/1.25 of its visible width. */
export function rowScrollStep(visibleWidth: number): number {
  return visibleWidth / 1.25;
}
