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
import { resolveSeriesChoice } from '../series/resolveSeries.ts';
import { batchSnapshotOf, stockItemView, stockStream } from './stockViews.ts';

/**
 * POST /api/add-stock: a new stock item (its batch must exist). Its series is `seriesId` (404 when
 * unknown; a merged series' items go to the series it joined) or `seriesTitle` (an unknown title
 * starts a series with the item's publisher).
 */
export async function addStock(ctx: Deps, input: StockItemInput, metadata: EventMetadata): Promise<ComicView> {
  const batch = await batchSnapshotOf(ctx, input.batchId);
  const series = await resolveSeriesChoice(ctx, input, { publisher: input.publisher }, metadata);
  const item = toStockItemFields(input, batch, series ?? null);
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

/**
 * PUT /api/edit-stock/{id}: the fields sent; a batchId moves the item to that batch, a seriesId or
 * seriesTitle to that series (null or '' takes it out of its series).
 */
export async function editStock(ctx: Deps, stockItemId: string, edit: StockItemEdit, metadata: EventMetadata): Promise<ComicView> {
  const batch = edit.batchId ? await batchSnapshotOf(ctx, edit.batchId) : null;
  const series = await resolveSeriesChoice(ctx, edit, { publisher: edit.publisher ?? '' }, metadata);
  const changes = toStockItemChanges(edit, batch, series);
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
