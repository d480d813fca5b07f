/** "Homepage: fewer than 10 items returned means no more": each homepage row loads 10 at a time. */
export const HOMEPAGE_PAGE_SIZE = 10;

/**
 * Homepage: at most this many batch rows in one answer of GET /homepage-stock; `?page=2` has the
 * next ones. A page with fewer is the last.
 */
export const HOMEPAGE_ROWS_PER_PAGE = 8;

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

/** Where page `page` (1-based) of homepage rows starts. */
export function homepageRowsOffset(page: number): number {
  return (Math.max(1, page) - 1) * HOMEPAGE_ROWS_PER_PAGE;
}
