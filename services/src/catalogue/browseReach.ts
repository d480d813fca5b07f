import type { BrowseQuery } from '@shop/domain/catalogue/index';
import type { BrowseSortKey, Reach, StockPlace } from './catalogueCache.ts';
import type { ListedItem } from './itemJson.ts';

/** A browse page: its items, and the sort key of the last (for where an item sorts against it). */
export interface BrowsePage {
  items: ListedItem[];
  lastKey: BrowseSortKey | null;
}

/**
 * The items a browse page could list (browseStock's filters but the grade's, which only narrow it):
 * an item of these coming back in stock, or moved, computes the page again. Not an item that sorts
 * after the last item of a full page: it joins a later page and this one keeps its items. The order
 * is compared key by key as catalogueQueries' BROWSE_ORDER has it (the batch's date or the price,
 * then the title as sorted, then the order added); a missing date or key, or a grade order, reaches.
 */
export function browseReach(query: BrowseQuery, page: BrowsePage): Reach {
  const last = page.items.length === query.limit ? page.items[page.items.length - 1] : undefined;
  return (item) => inMode(query, item) && !(last && sortsAfter(item, last, page.lastKey, query.sort));
}

function inMode(query: BrowseQuery, item: StockPlace): boolean {
  if (query.batchId && item.batchId !== query.batchId) return false;
  if (query.mode === 'key-comics') return item.key && item.itemType === 'comic';
  return item.itemType === query.itemType && (!query.periodType || item.periodType === query.periodType);
}

/** What a page's last item says of where it sorts: its batch's date and its price. */
export type ListedAt = Pick<ListedItem, 'batchTime' | 'price'>;

/** Whether the item sorts strictly after the page's last item in the page's order (browse's, or search's but relevance); unsure, no. */
export function sortsAfter(item: StockPlace, last: ListedAt, lastKey: BrowseSortKey | null, sort: BrowseQuery['sort']): boolean {
  const first = firstKeyOrder(item, last, sort);
  if (first === null) return false;
  if (first !== 0) return first > 0;
  return sortKeyAfter(item.sortKey, lastKey);
}

/** Whether a title as sorted (byte by byte, as its "C" collation) and order added come strictly after another's; not known, no. */
export function sortKeyAfter(key: BrowseSortKey | null, last: BrowseSortKey | null): boolean {
  if (!key || !last) return false;
  const title = Buffer.compare(Buffer.from(key.sortTitle), Buffer.from(last.sortTitle));
  if (title !== 0) return title > 0;
  return BigInt(key.addedPosition) > BigInt(last.addedPosition);
}

/** 1 when the item's first key sorts after the last item's, -1 before, 0 a tie, null not known. */
function firstKeyOrder(item: StockPlace, last: ListedAt, sort: BrowseQuery['sort']): 1 | -1 | 0 | null {
  switch (sort) {
    case 'relevance':
    case 'newest': {
      // Newest batch first.
      if (item.batchTime === null || last.batchTime === null) return null;
      return Math.sign(last.batchTime - item.batchTime) as 1 | -1 | 0;
    }
    case 'price-asc':
      return Math.sign(item.price - last.price) as 1 | -1 | 0;
    case 'price-desc':
      return Math.sign(last.price - item.price) as 1 | -1 | 0;
    case 'grade-desc':
      return null;
  }
}
