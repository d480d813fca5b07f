import type { BrowseQuery } from '@shop/domain/catalogue/index';
import type { Reach } from './catalogueCache.ts';

/**
 * The items a browse answer could list (browseStock's filters but the grade's, which only narrow it):
 * an item of these coming back in stock computes the answer again.
 */
export function browseReach(query: BrowseQuery): Reach {
  return (item) => {
    if (query.batchId && item.batchId !== query.batchId) return false;
    if (query.mode === 'key-comics') return item.key && item.itemType === 'comic';
    return item.itemType === query.itemType && (!query.periodType || item.periodType === query.periodType);
  };
}
