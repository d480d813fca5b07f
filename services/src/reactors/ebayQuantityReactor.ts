import type { StockItemAdded, StockItemEdited } from '@shop/domain/catalogue/index';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '@shop/projections/runner/projector';
import { sql } from 'kysely';
import { queueQuantityFlush } from '../marketplaceSync/quantitySync.ts';
import type { Queues } from '../queue/queues.ts';

/**
 * The stock events that change an item's available count (hold, release, sale, admin edit and
 * quantity change, import, eBay sale, delete), and those that list or unlist it on eBay.
 */
export const EBAY_QUANTITY_EVENT_TYPES = [
  'StockItemAdded',
  'StockItemEdited',
  'StockQuantityAdjusted',
  'StockItemDeleted',
  'StockHeld',
  'StockHoldReleased',
  'StockSold',
  'StockSoldExternally',
] as const;

interface Listing {
  sku: string;
  listed: boolean;
  /** Changes to count in this batch. */
  changes: number;
}

/** The SKU an item is listed under after the event, null when it is not (or no longer) on eBay; undefined: no change. */
function listingChange(event: RecordedEvent): string | null | undefined {
  if (event.type === 'StockItemAdded') {
    const d = (event as unknown as StockItemAdded).data;
    return d.ebaySku || d.ebayListingId ? (d.ebaySku ?? d.stockItemId) : undefined;
  }
  if (event.type === 'StockItemEdited') {
    const d = (event as unknown as StockItemEdited).data;
    if (!('ebaySku' in d.changes) && !('ebayListingId' in d.changes)) return undefined;
    const sku = 'ebaySku' in d.changes ? d.changes.ebaySku : d.previous.ebaySku;
    const listingId = 'ebayListingId' in d.changes ? d.changes.ebayListingId : d.previous.ebayListingId;
    return sku || listingId ? (sku ?? d.stockItemId) : null;
  }
  return undefined;
}

/**
 * The eBay quantity reactor: every change to a listed item's available count marks the item in
 * `ebay_quantity_sync` (in the runner's transaction, with the checkpoint: none lost, none counted
 * twice) and queues a flush (marketplaceSync/quantitySync.ts), which sets the listing's quantity to
 * the count it reads afresh. Which items are listed it keeps in the same table, from the events that
 * store or clear an item's eBay SKU and listing id, so it is exact at each event's place in the log.
 */
export function ebayQuantityReactor(queues: Queues, options: { flushDelayMs?: number } = {}): Projector {
  return {
    name: 'reactor-ebay-quantity',
    tables: [],
    eventTypes: EBAY_QUANTITY_EVENT_TYPES,
    async apply(trx, events) {
      const ids = [...new Set(events.map((e) => (e.data as { stockItemId?: string }).stockItemId).filter((id): id is string => !!id))];
      if (ids.length === 0) return;
      const known = await trx
        .selectFrom('ebay_quantity_sync')
        .select(['stock_item_id', 'sku', 'listed'])
        .where('stock_item_id', 'in', ids)
        .execute();
      const listings = new Map<string, Listing>(known.map((r) => [r.stock_item_id, { sku: r.sku, listed: r.listed, changes: 0 }]));
      const touched = new Set<string>();
      let changedAt = new Date(0);
      for (const event of events) {
        const id = (event.data as { stockItemId?: string }).stockItemId;
        if (!id) continue;
        const change = listingChange(event);
        let listing = listings.get(id);
        if (change !== undefined) {
          listing =
            change === null
              ? listing
                ? { ...listing, listed: false }
                : undefined
              : { sku: change, listed: true, changes: listing?.changes ?? 0 };
          if (listing) {
            listings.set(id, listing);
            touched.add(id);
          }
        }
        // Listing it counts as a change too: the listing shows the count as it is now.
        if (listing?.listed) {
          listing.changes += 1;
          touched.add(id);
          if (event.createdAt > changedAt) changedAt = event.createdAt;
        }
      }
      if (touched.size === 0) return;
      const rows = [...touched].map((id) => {
        const l = listings.get(id)!;
        return { stock_item_id: id, sku: l.sku, listed: l.listed, changes: String(l.changes), changed_at: changedAt };
      });
      await trx
        .insertInto('ebay_quantity_sync')
        .values(rows)
        .onConflict((oc) =>
          oc.column('stock_item_id').doUpdateSet({
            sku: sql`excluded.sku`,
            listed: sql`excluded.listed`,
            changes: sql`ebay_quantity_sync.changes + excluded.changes`,
            changed_at: sql`case when excluded.changes > 0 then excluded.changed_at else ebay_quantity_sync.changed_at end`,
            last_error: sql`case when excluded.changes > 0 then null else ebay_quantity_sync.last_error end`,
          }),
        )
        .execute();
      // Redis refusing fails the batch: nothing moves, and it is read again.
      if (rows.some((r) => r.listed && r.changes !== '0')) await queueQuantityFlush(queues.queue('ebay-sync'), options.flushDelayMs);
    },
  };
}
