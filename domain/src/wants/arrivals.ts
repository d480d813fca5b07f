/**
 * Which stock events bring an item into stock (issue 18): an item added with copies (an import, the
 * admin's add), an edit raising its quantity from 0, or an adjustment (a repeat upload) from 0.
 */
import type { StockItemEvent, StockItemFields } from '../catalogue/stockItemEvents.ts';
import type { WantItem } from './wantMatch.ts';

export const ARRIVAL_EVENT_TYPES = ['StockItemAdded', 'StockItemEdited', 'StockQuantityAdjusted'] as const;

export function isArrival(event: StockItemEvent): boolean {
  switch (event.type) {
    case 'StockItemAdded':
      return event.data.number > 0;
    case 'StockItemEdited': {
      const { changes, previous } = event.data;
      return changes.number !== undefined && changes.number > 0 && previous.number === 0;
    }
    case 'StockQuantityAdjusted':
      return event.data.previousNumber <= 0 && event.data.number > 0;
    default:
      return false;
  }
}

/** The stock item as the want rule sees it. Series fields are read when stock items carry them. */
export function wantItemOf(stockItemId: string, item: Pick<StockItemFields, 'mainDescription' | 'condition'>): WantItem {
  const withSeries = item as { seriesId?: string | null; issueNumber?: string | number | null };
  return {
    stockItemId,
    title: item.mainDescription,
    seriesId: withSeries.seriesId ?? null,
    issueNumber: withSeries.issueNumber === null || withSeries.issueNumber === undefined ? null : String(withSeries.issueNumber),
    grade: item.condition?.grade ?? null,
  };
}
