/** "Homepage: fewer than 10 items returned means no more": each homepage row loads 10 at a time. */
export const HOMEPAGE_PAGE_SIZE = 10;

/** Search answers the best matches at once (the search call has no paging). */
export const SEARCH_RESULT_LIMIT = 120;

/**
 * Where page `page` (1-based) of `limit` items starts: (page - 1) x limit. The storefront asks
 * page 1 with limit 60, then pages 3, 4, ... with limit 30, so its second request starts at item 60.
 */
export function browseOffset(page: number, limit: number): number {
  return (Math.max(1, page) - 1) * limit;
}

/** Page `page` of a homepage row: page 1 came with the homepage itself. */
export function homepageOffset(page: number): number {
  return Math.max(0, page - 1) * HOMEPAGE_PAGE_SIZE;
}
