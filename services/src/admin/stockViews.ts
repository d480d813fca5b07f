import {
  availableQuantity,
  batchDecider,
  itemFocDate,
  itemPriceCents,
  stockItemDecider,
  BATCH_NOT_FOUND_MESSAGE,
  STOCK_ITEM_NOT_FOUND,
  type BatchSnapshot,
  type BatchState,
  type StockItemState,
} from '@shop/domain/catalogue/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { Deps } from '../deps/deps.ts';
import type { BatchView, ComicView } from '../catalogue/comicView.ts';
import { loadStream, type LoadedStream } from '../commands/loadStream.ts';
import { streamId } from '../eventstore/streamIds.ts';
import { liveSeries } from '../series/seriesStreams.ts';

export const stockStream = (stockItemId: string) => streamId('stock', stockItemId);
export const batchStream = (batchId: string) => streamId('batch', batchId);

export function loadStockItem(ctx: Deps, stockItemId: string): Promise<LoadedStream<StockItemState>> {
  return loadStream(ctx.store, stockItemDecider, stockStream(stockItemId));
}

export function loadBatch(ctx: Pick<Deps, 'store'>, batchId: string): Promise<LoadedStream<BatchState>> {
  return loadStream(ctx.store, batchDecider, batchStream(batchId));
}

/** The batch an item is put in, as the stock events record it (404 when there is no such batch). */
export async function batchSnapshotOf(ctx: Deps, batchId: string | null | undefined): Promise<BatchSnapshot | null> {
  if (!batchId) return null;
  const { state } = await loadBatch(ctx, batchId);
  if (state.status !== 'active') throw new DomainError(BATCH_NOT_FOUND_MESSAGE, 'not-found');
  return snapshotOf(state);
}

export function snapshotOf(state: Exclude<BatchState, { status: 'absent' }>): BatchSnapshot {
  return {
    batchId: state.batchId,
    batchName: state.batch.name,
    batchDate: state.batch.publishDate,
    discountPercent: state.batch.discountPercent,
  };
}

/** A batch as the admin screens see it (the same shape as the catalogue's batchView), from the write side. */
export function batchViewOf(state: BatchState): BatchView {
  if (state.status === 'absent') throw new DomainError(BATCH_NOT_FOUND_MESSAGE, 'not-found');
  const b = state.batch;
  return {
    _id: state.batchId,
    name: b.name,
    type: b.type,
    itemType: b.itemType,
    periodType: b.periodType ?? null,
    supplierType: b.supplierType ?? null,
    publishDate: b.publishDate ? new Date(b.publishDate).toISOString() : null,
    cutOffDate: b.cutOffDate ? new Date(b.cutOffDate).toISOString() : null,
    discountPercent: b.discountPercent,
    value: b.value,
    hideHomePage: b.hideHomePage,
    default: b.default,
  };
}

/**
 * A stock item as comicView(row, 'admin') shows it, from the write side (so a command's answer
 * already has the change). The batch's name, date and discount are its current ones, as in the read model.
 */
export async function stockItemView(ctx: Pick<Deps, 'store'>, state: StockItemState): Promise<ComicView> {
  if (state.status === 'absent') throw new DomainError(STOCK_ITEM_NOT_FOUND, 'not-found');
  const item = state.item;
  // The read model follows later batch edits (name, publish date, discount); so does this.
  let batch: BatchSnapshot | null = item.batch;
  let cutOffDate: string | null = null;
  if (item.batch) {
    const { state: current } = await loadBatch(ctx, item.batch.batchId);
    if (current.status === 'active') {
      batch = snapshotOf(current);
      cutOffDate = current.batch.cutOffDate ?? null;
    }
  }
  const discountPercent = batch?.discountPercent ?? 0;
  // The read model follows renames and merges of the series; so does this.
  const series = item.seriesId ? await liveSeries(ctx, item.seriesId).catch(() => null) : null;
  return {
    _id: state.stockItemId,
    comicId: item.comicId,
    itemType: item.itemType,
    periodType: item.periodType,
    supplierType: item.supplierType,
    publisher: item.publisher,
    mainDescription: item.mainDescription,
    variantDescription: item.variantDescription,
    writer: item.writer,
    artist: item.artist,
    coverArtist: item.coverArtist,
    selected: item.selected,
    srp: item.srp,
    priceOverride: item.priceOverride,
    price: itemPriceCents({ srp: item.srp, priceOverride: item.priceOverride, discountPercent }),
    number: item.number,
    available: Math.max(0, availableQuantity(state)),
    initialQuantity: item.initialQuantity,
    salesQuantity: item.salesQuantity,
    salesValue: item.salesValue,
    releaseMonth: item.releaseMonth,
    releaseYear: item.releaseYear,
    images: item.images,
    hasImage: item.hasImage,
    pnp: item.pnp,
    key: item.key,
    ebaySku: item.ebaySku ?? null,
    ebayListingId: item.ebayListingId ?? null,
    batch: batch?.batchId ?? null,
    batchName: batch?.batchName ?? null,
    batchDate: batch?.batchDate ? new Date(batch.batchDate).toISOString() : null,
    seriesId: series?.seriesId ?? item.seriesId,
    seriesTitle: series?.series.title ?? item.seriesTitle,
    issueNumber: item.issueNumber,
    cover: item.cover,
    printing: item.printing,
    focDate: item.focDate,
    releaseDate: item.releaseDate,
    orderBy: itemFocDate(item, cutOffDate),
    upc: item.upc,
  };
}
