import type { BrowseQuery } from '@shop/domain/catalogue/index';
import type { Reach, StockPlace } from './catalogueCache.ts';
import type { ComicView } from './comicView.ts';

/**
 * The items a browse page could list (browseStock's filters but the grade's, which only narrow it):
 * an item of these coming back in stock computes the page again. Not an item that sorts after the
 * last item of a full page: it joins a later page and this one keeps its items. Only the first key
 * of the order is compared (the batch's date, or the price), strictly, so a tie or a missing date
 * reaches the page.
 */
export function browseReach(query: BrowseQuery, page: readonly ComicView[]): Reach {
  const last = page.length === query.limit ? page[page.length - 1] : undefined;
  return (item) => inMode(query, item) && !(last && sortsAfter(item, last, query.sort));
}

function inMode(query: BrowseQuery, item: StockPlace): boolean {
  if (query.batchId && item.batchId !== query.batchId) return false;
  if (query.mode === 'key-comics') return item.key && item.itemType === 'comic';
  return item.itemType === query.itemType && (!query.periodType || item.periodType === query.periodType);
}

/** Whether the item sorts after the page's last item by the order's first key (catalogueQueries' BROWSE_ORDER). */
function sortsAfter(item: StockPlace, last: ComicView, sort: BrowseQuery['sort']): boolean {
  switch (sort) {
    case 'relevance':
    case 'newest': {
      const lastTime = last.batchDate === null ? null : Date.parse(last.batchDate);
      return item.batchTime !== null && lastTime !== null && item.batchTime < lastTime;
    }
    case 'price-asc':
      return item.price > last.price;
    case 'price-desc':
      return item.price < last.price;
    case 'grade-desc':
      return false;
  }
}
