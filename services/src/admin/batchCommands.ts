import { randomUUID } from 'node:crypto';
import { batchDecider, heldQuantity, BATCH_NOT_FOUND_MESSAGE, type BatchEdit, type BatchFields } from '@shop/domain/catalogue/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import type { BatchView } from '../catalogue/comicView.ts';
import { handle } from '../commands/handle.ts';
import { deleteStock } from './stockCommands.ts';
import { batchStream, batchViewOf, loadBatch, loadStockItem } from './stockViews.ts';

export async function addBatch(ctx: Deps, batch: BatchFields, metadata: EventMetadata): Promise<BatchView> {
  const batchId = randomUUID();
  const { state } = await handle(ctx, batchDecider, batchStream(batchId), { type: 'CreateBatch', data: { batchId, batch } }, metadata);
  return batchViewOf(state);
}

export async function editBatch(ctx: Deps, batchId: string, changes: BatchEdit, metadata: EventMetadata): Promise<BatchView> {
  const { state } = await handle(ctx, batchDecider, batchStream(batchId), { type: 'EditBatch', data: { changes } }, metadata);
  return batchViewOf(state);
}

/** The batch's stock items that are not deleted, from the read model. */
async function itemsOf(ctx: Deps, batchId: string): Promise<string[]> {
  const rows = await ctx.db.selectFrom('stock_items').select('stock_item_id').where('batch_id', '=', batchId).execute();
  return rows.map((r) => r.stock_item_id);
}

async function assertBatchExists(ctx: Deps, batchId: string) {
  const { state } = await loadBatch(ctx, batchId);
  if (state.status === 'absent') throw new DomainError(BATCH_NOT_FOUND_MESSAGE, 'not-found');
  return state;
}

/**
 * DELETE /delete-batch/{id}: only an empty batch is deleted (BatchNotDeletedError -> 202 otherwise).
 * The items are counted in the read model; each is checked on its own stream (an item deleted a
 * moment ago that the projector has not seen yet does not keep the batch).
 */
export async function deleteBatch(ctx: Deps, batchId: string, metadata: EventMetadata): Promise<void> {
  await assertBatchExists(ctx, batchId);
  const ids = await itemsOf(ctx, batchId);
  let stockItemCount = 0;
  for (const id of ids) {
    const { state } = await loadStockItem(ctx, id);
    if (state.status === 'active' && state.item.batch?.batchId === batchId) stockItemCount++;
  }
  await handle(ctx, batchDecider, batchStream(batchId), { type: 'DeleteBatch', data: { stockItemCount } }, metadata);
}

/**
 * DELETE /clear-stock/{batchId}: removes the batch's items that never sold and are not held by a
 * checkout (their sales and holds read from each item's own stream), then deletes them one by one.
 * When items exist but none can go, BatchNotDeletedError (202).
 */
export async function clearBatch(ctx: Deps, batchId: string, metadata: EventMetadata): Promise<{ removed: number; kept: number }> {
  await assertBatchExists(ctx, batchId);
  const items: { stockItemId: string; salesQuantity: number; heldQuantity: number }[] = [];
  for (const id of await itemsOf(ctx, batchId)) {
    const { state } = await loadStockItem(ctx, id);
    if (state.status !== 'active' || state.item.batch?.batchId !== batchId) continue;
    items.push({ stockItemId: id, salesQuantity: state.item.salesQuantity, heldQuantity: heldQuantity(state) });
  }
  const { events } = await handle(ctx, batchDecider, batchStream(batchId), { type: 'ClearBatch', data: { items } }, metadata);
  const cleared = events.find((e) => e.type === 'BatchCleared');
  if (!cleared || cleared.type !== 'BatchCleared') return { removed: 0, kept: 0 };
  let removed = 0;
  let kept = cleared.data.keptCount;
  const causation = { ...metadata };
  for (const stockItemId of cleared.data.stockItemIds) {
    try {
      // Through deleteStock: a slab's certification is freed with its item.
      const { deleted } = await deleteStock(ctx, stockItemId, causation, `cleared with batch ${cleared.data.name}`);
      if (deleted) removed++;
    } catch (e) {
      // Held by a checkout that started a moment ago: it stays, like the items with sales.
      if (e instanceof DomainError && e.kind === 'conflict') kept++;
      else throw e;
    }
  }
  return { removed, kept };
}
