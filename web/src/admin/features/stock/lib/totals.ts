import type { AdminBatch, AdminComic } from '../../../types';
import { batchIdOf } from '../../../lib/variants';

/** The All Stock figures (admin spec section 2 'Stock list'). Money in cents. */
export interface StockTotals {
  /** Stock items counted. */
  items: number;
  /** Items listed on the marketplace (they have a listing id). */
  uploaded: number;
  /** Items with copies left that are not listed yet. */
  toGo: number;
  /** Copies bought (initial quantities). */
  initial: number;
  /** Copies sold. */
  sold: number;
  /** Copies left in the shop. */
  left: number;
  /** Value of the sales. */
  salesValue: number;
  /** Shop price of the copies left. */
  valueLeft: number;
  /** What the batches cost (the selected batch, or every batch of the items). */
  purchaseValue: number;
}

export function stockTotals(items: readonly AdminComic[], batches: readonly AdminBatch[], batchId: string | null): StockTotals {
  const totals: StockTotals = {
    items: 0,
    uploaded: 0,
    toGo: 0,
    initial: 0,
    sold: 0,
    left: 0,
    salesValue: 0,
    valueLeft: 0,
    purchaseValue: 0,
  };
  const batchIds = new Set<string>();
  for (const item of items) {
    const left = Math.max(0, item.number ?? 0);
    totals.items += 1;
    if (item.ebayListingId) totals.uploaded += 1;
    else if (left > 0) totals.toGo += 1;
    totals.initial += item.initialQuantity ?? 0;
    totals.sold += item.salesQuantity ?? 0;
    totals.left += left;
    totals.salesValue += item.salesValue ?? 0;
    totals.valueLeft += left * (item.price ?? 0);
    const id = batchIdOf(item);
    if (id) batchIds.add(id);
  }
  const counted = batchId ? batches.filter((b) => b._id === batchId) : batches.filter((b) => batchIds.has(b._id));
  totals.purchaseValue = counted.reduce((sum, batch) => sum + (batch.value ?? 0), 0);
  return totals;
}

/** Server totals (when the answer has them) win over counting the loaded items. */
export function readServerTotals(data: unknown): Partial<StockTotals> | null {
  if (!data || typeof data !== 'object') return null;
  const totals = (data as { totals?: unknown }).totals;
  if (!totals || typeof totals !== 'object') return null;
  const out: Partial<StockTotals> = {};
  for (const [key, value] of Object.entries(totals as Record<string, unknown>)) {
    if (typeof value === 'number' && Number.isFinite(value)) (out as Record<string, number>)[key] = value;
  }
  return Object.keys(out).length ? out : null;
}
