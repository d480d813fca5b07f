import type { ComicView } from './comicView.ts';

/** The counts of a stock item that holds, releases and sales change, laid over cached answers. */
export interface LiveCounts {
  available: number;
  salesQuantity: number;
  salesValue: number;
}

/** A comic's JSON without its live counts and closing brace: `{"_id":…,"price":…` */
export function staticPrefix(view: ComicView): string {
  const { number: _number, available: _available, salesQuantity: _quantity, salesValue: _value, ...rest } = view;
  return JSON.stringify(rest).slice(0, -1);
}

/** The rest of a comic's JSON: its live counts (a shopper's `number` is what they can buy) and the closing brace. */
export function liveFields(live: LiveCounts): string {
  const available = Math.max(0, live.available);
  return `,"number":${available},"available":${available},"salesQuantity":${live.salesQuantity},"salesValue":${live.salesValue}}`;
}
