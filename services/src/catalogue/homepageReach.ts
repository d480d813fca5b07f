import { sortKeyAfter } from './browseReach.ts';
import type { BrowseSortKey, Reach } from './catalogueCache.ts';

/**
 * The items back in stock a homepage page could show: those of a batch that is one of its rows (the
 * row's first items may change), but not one that sorts after the last item of a full row
 * (`fullRowEnds`, by batch: it would be past the row's first items), and those of a batch with no
 * row on any page that could have one (`homeBatchIds`: not hidden from the homepage; it may gain a
 * row, and the rows after it move down a place). An item of a batch with a row on another page
 * changes only that page, and one of a batch hidden from the homepage none (hiding or showing a
 * batch moves the structure). An item added, edited or deleted reaches every page
 * (`everyMoveReaches`): leaving its batch, it may empty that batch's row, which a page cannot tell.
 */
export function homepageReach(
  pageBatchIds: readonly string[],
  rowBatchIds: readonly string[],
  homeBatchIds: readonly string[],
  fullRowEnds: ReadonlyMap<string, BrowseSortKey>,
): Reach {
  const onPage = new Set(pageBatchIds);
  const withRows = new Set(rowBatchIds);
  const home = new Set(homeBatchIds);
  return (item) => {
    if (item.batchId === null) return false;
    if (!onPage.has(item.batchId)) return home.has(item.batchId) && !withRows.has(item.batchId);
    return !sortKeyAfter(item.sortKey, fullRowEnds.get(item.batchId) ?? null);
  };
}

/** The items back in stock a page of a homepage row's items could show: its batch's, but those after a full page's last. */
export function rowPageReach(batchId: string, fullPageEnd: BrowseSortKey | null): Reach {
  return (item) => item.batchId === batchId && !sortKeyAfter(item.sortKey, fullPageEnd);
}
