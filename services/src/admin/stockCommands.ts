import { randomUUID } from 'node:crypto';
import {
  stockItemDecider,
  toStockItemChanges,
  toStockItemFields,
  type StockItemEdit,
  type StockItemInput,
} from '@shop/domain/catalogue/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import type { ComicView } from '../catalogue/comicView.ts';
import { handle } from '../commands/handle.ts';
import { batchSnapshotOf, stockItemView, stockStream } from './stockViews.ts';

/** POST /api/add-stock: a new stock item (its batch must exist). */
export async function addStock(ctx: Deps, input: StockItemInput, metadata: EventMetadata): Promise<ComicView> {
  const item = toStockItemFields(input, await batchSnapshotOf(ctx, input.batchId));
  const stockItemId = randomUUID();
  const { state } = await handle(
    ctx,
    stockItemDecider,
    stockStream(stockItemId),
    { type: 'AddStockItem', data: { stockItemId, item } },
    metadata,
  );
  return stockItemView(ctx, state);
}

/** PUT /api/edit-stock/{id}: the fields sent; a batchId moves the item to that batch. */
export async function editStock(ctx: Deps, stockItemId: string, edit: StockItemEdit, metadata: EventMetadata): Promise<ComicView> {
  const batch = edit.batchId ? await batchSnapshotOf(ctx, edit.batchId) : null;
  const changes = toStockItemChanges(edit, batch);
  const { state } = await handle(ctx, stockItemDecider, stockStream(stockItemId), { type: 'EditStockItem', data: { changes } }, metadata);
  return stockItemView(ctx, state);
}

/** DELETE /api/delete-stock/{id}. */
export async function deleteStock(ctx: Deps, stockItemId: string, metadata: EventMetadata, reason?: string) {
  const { state, events } = await handle(
    ctx,
    stockItemDecider,
    stockStream(stockItemId),
    { type: 'DeleteStockItem', data: reason ? { reason } : {} },
    metadata,
  );
  return { state, deleted: events.length > 0 };
}
