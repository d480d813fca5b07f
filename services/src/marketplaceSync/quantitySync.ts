/**
 * Keeping eBay's listing quantities in step with the shop (docs/marketplace.md, "Quantities in
 * step"). The eBay quantity reactor marks each listed item whose available count changed in
 * `ebay_quantity_sync` (a counter of changes per item, in its checkpoint's transaction) and queues a
 * flush; the flush, run on the 'ebay-sync' queue, reads each marked item's count afresh from its
 * stock stream and sets the listings 25 at a time (bulkUpdatePriceQuantity). An item is done when
 * the count pushed covers every change counted before it was read: a change during the push leaves
 * it marked for the next flush, so no change is lost, and a burst of changes is one update.
 */
import { availableQuantity, stockItemDecider } from '@shop/domain/catalogue/index';
import { DEFAULT_LISTING_QUANTITY, listedQuantity } from '@shop/domain/marketplace/batchQuantity';
import type { Queue } from 'bullmq';
import { sql } from 'kysely';
import type { Deps } from '../deps/deps.ts';
import { loadStream } from '../commands/loadStream.ts';
import type { Marketplace, QuantityUpdate } from '../marketplace/marketplace.ts';
import { stockStreamId } from '../orders/streams.ts';

export const EBAY_SYNC_JOBS = { quantities: 'ebay-quantities', salesPull: 'ebay-sales-pull' } as const;

/** How long changes gather before a flush (a burst of sales of one item becomes one update). */
export const QUANTITY_FLUSH_DELAY_MS = 2_000;
/** eBay's bulkUpdatePriceQuantity takes 25 SKUs; a flush takes at most this many items. */
export const QUANTITY_FLUSH_LIMIT = 1_000;
const BULK_LIMIT = 25;

/**
 * Queues a flush unless one is already waiting to start. BullMQ's deduplication in throttle mode:
 * adds within the ttl are ignored, and the ttl ends before the waiting flush starts (its delay is
 * longer), so an item marked after a flush has read its counts always gets a flush of its own.
 */
export async function queueQuantityFlush(queue: Queue, delayMs = QUANTITY_FLUSH_DELAY_MS): Promise<void> {
  await queue.add(
    EBAY_SYNC_JOBS.quantities,
    {},
    {
      delay: delayMs,
      deduplication: { id: EBAY_SYNC_JOBS.quantities, ttl: Math.max(1, delayMs - 250) },
      attempts: 5,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: { count: 100 },
      removeOnFail: { count: 1000 },
    },
  );
}

/** The quantity a listing shows: the copies free in the shop, at most the default listing quantity. */
export function syncedQuantity(available: number): number {
  return listedQuantity(DEFAULT_LISTING_QUANTITY, available);
}

export interface FlushResult {
  updated: number;
  notListed: number;
  failed: number;
  /** Items still marked after the flush (changed while it ran, or over the limit), not counting failures. */
  remaining: number;
}

type Ctx = Pick<Deps, 'db' | 'store'>;

/** Pushes the newest count of every marked item; see the file's comment. */
export async function flushQuantities(ctx: Ctx, marketplace: Marketplace, limit = QUANTITY_FLUSH_LIMIT): Promise<FlushResult> {
  const rows = await ctx.db
    .selectFrom('ebay_quantity_sync')
    .select(['stock_item_id', 'sku', 'changes'])
    .where('listed', '=', true)
    .where(sql<boolean>`changes > pushed`)
    .orderBy('changed_at')
    .limit(limit)
    .execute();
  const result: FlushResult = { updated: 0, notListed: 0, failed: 0, remaining: 0 };
  for (let start = 0; start < rows.length; start += BULK_LIMIT) {
    const chunk = rows.slice(start, start + BULK_LIMIT);
    const updates: Array<QuantityUpdate & { stockItemId: string; changes: string }> = [];
    for (const row of chunk) {
      const { state } = await loadStream(ctx.store, stockItemDecider, stockStreamId(row.stock_item_id));
      updates.push({
        sku: row.sku,
        quantity: syncedQuantity(availableQuantity(state)),
        stockItemId: row.stock_item_id,
        changes: row.changes,
      });
    }
    const answers = new Map((await marketplace.updateQuantities(updates)).map((a) => [a.sku, a]));
    for (const update of updates) {
      const answer = answers.get(update.sku);
      if (!answer || answer.outcome === 'failed') {
        result.failed++;
        await ctx.db
          .updateTable('ebay_quantity_sync')
          .set({ last_error: answer?.message ?? 'eBay gave no answer for this SKU' })
          .where('stock_item_id', '=', update.stockItemId)
          .execute();
        continue;
      }
      if (answer.outcome === 'updated') result.updated++;
      else result.notListed++;
      await ctx.db
        .updateTable('ebay_quantity_sync')
        .set({
          pushed: update.changes,
          pushed_at: new Date(),
          pushed_quantity: answer.outcome === 'updated' ? update.quantity : null,
          last_error: null,
        })
        .where('stock_item_id', '=', update.stockItemId)
        .where(sql<boolean>`pushed < ${update.changes}::bigint`)
        .execute();
    }
  }
  const left = await ctx.db
    .selectFrom('ebay_quantity_sync')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('listed', '=', true)
    .where('last_error', 'is', null)
    .where(sql<boolean>`changes > pushed`)
    .executeTakeFirstOrThrow();
  result.remaining = Number(left.n);
  return result;
}

/** How the quantity sync stands, for the admin's eBay screen. */
export async function quantitySyncStatus(ctx: Pick<Deps, 'db'>) {
  const row = await ctx.db
    .selectFrom('ebay_quantity_sync')
    .select([
      sql<string>`count(*) filter (where listed)`.as('listed'),
      sql<string>`count(*) filter (where listed and changes > pushed and last_error is null)`.as('pending'),
      sql<string>`count(*) filter (where listed and changes > pushed and last_error is not null)`.as('failed'),
      sql<Date | null>`max(pushed_at)`.as('last_pushed_at'),
    ])
    .executeTakeFirstOrThrow();
  return {
    listed: Number(row.listed),
    pending: Number(row.pending),
    failed: Number(row.failed),
    lastPushedAt: row.last_pushed_at ? new Date(row.last_pushed_at).toISOString() : null,
  };
}
