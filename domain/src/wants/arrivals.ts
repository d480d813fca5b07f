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

/** The stock item as the want rule sees it: its series and issue number ('' is none: read from the title). */
export function wantItemOf(
  stockItemId: string,
  item: Pick<StockItemFields, 'mainDescription' | 'condition'> & Partial<Pick<StockItemFields, 'seriesId' | 'issueNumber'>>,
): WantItem {
  return {
    stockItemId,
    title: item.mainDescription,
    seriesId: item.seriesId ?? null,
    issueNumber: item.issueNumber ? item.issueNumber : null,
    grade: item.condition?.grade ?? null,
  };
}
