import type { Reach } from './catalogueCache.ts';

/**
 * The items back in stock a homepage page could show: those of a batch that is one of its rows (the
 * row's first items may change), and those of a batch with no row on any page (it may gain one, and
 * the rows after it move down a place). An item of a batch with a row on another page changes only
 * that page. An item added, edited or deleted reaches every page (`everyMoveReaches`): leaving its
 * batch, it may empty that batch's row, which a page cannot tell.
 */
export function homepageReach(pageBatchIds: readonly string[], rowBatchIds: readonly string[]): Reach {
  const onPage = new Set(pageBatchIds);
  const withRows = new Set(rowBatchIds);
  return (item) => item.batchId !== null && (onPage.has(item.batchId) || !withRows.has(item.batchId));
}
