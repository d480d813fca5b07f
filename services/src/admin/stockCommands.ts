import { randomUUID } from 'node:crypto';
import {
  stockItemDecider,
  toStockItemChanges,
  toStockItemFields,
  type StockItemCommand,
  type StockItemEdit,
  type StockItemInput,
  type StockItemState,
} from '@shop/domain/catalogue/index';
import { fold } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import type { ComicView } from '../catalogue/comicView.ts';
import { decide, decision, handleStreams } from '../commands/handle.ts';
import { resolveSeriesChoice } from '../series/resolveSeries.ts';
import { certCommands, certDecisions } from './slabCerts.ts';
import { batchSnapshotOf, stockItemView, stockStream } from './stockViews.ts';

/**
 * One step on a stock item and the reservations of the slab certifications it takes or gives up
 * (slabCerts.ts): appended together, decided again when any of them moved.
 */
async function handleStockWithCerts(
  ctx: Deps,
  stockItemId: string,
  command: StockItemCommand,
  metadata: EventMetadata,
): Promise<{ state: StockItemState; appended: number }> {
  const id = stockStream(stockItemId);
  const { answer } = await handleStreams(ctx, metadata, async () => {
    const before = await ctx.store.readStream(id);
    const state = fold(stockItemDecider, before as never);
    const decided = decide(stockItemDecider, [command], state);
    const was = state.status === 'active' ? state.item.condition : null;
    const now = decided.state.status === 'active' ? decided.state.item.condition : null;
    const certs = decided.events.length === 0 ? [] : await certDecisions(ctx.store, certCommands(stockItemId, was, now));
    return {
      decisions: [decision(stockItemDecider, id, before.length, decided.events), ...certs],
      answer: { state: decided.state, appended: decided.events.length },
    };
  });
  return answer;
}

/**
 * POST /api/add-stock: a new stock item (its batch must exist; a slab's certification must be
 * free). Its series is `seriesId` (404 when
 * unknown; a merged series' items go to the series it joined) or `seriesTitle` (an unknown title
 * starts a series with the item's publisher).
 */
export async function addStock(ctx: Deps, input: StockItemInput, metadata: EventMetadata): Promise<ComicView> {
  const batch = await batchSnapshotOf(ctx, input.batchId);
  const series = await resolveSeriesChoice(ctx, input, { publisher: input.publisher }, metadata);
  const item = toStockItemFields(input, batch, series ?? null);
  const stockItemId = randomUUID();
  const { state } = await handleStockWithCerts(ctx, stockItemId, { type: 'AddStockItem', data: { stockItemId, item } }, metadata);
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
  const { state } = await handleStockWithCerts(ctx, stockItemId, { type: 'EditStockItem', data: { changes } }, metadata);
  return stockItemView(ctx, state);
}

/** DELETE /api/delete-stock/{id}: a slab's certification is free again. */
export async function deleteStock(ctx: Deps, stockItemId: string, metadata: EventMetadata, reason?: string) {
  const { state, appended } = await handleStockWithCerts(
    ctx,
    stockItemId,
    { type: 'DeleteStockItem', data: reason ? { reason } : {} },
    metadata,
  );
  return { state, deleted: appended > 0 };
}
