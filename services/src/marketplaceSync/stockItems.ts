import {
  entityIdSchema,
  itemPriceCents,
  STOCK_ITEM_NOT_FOUND,
  stockItemDecider,
  type StockItemFields,
  type StockItemState,
} from '@shop/domain/catalogue/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { Deps } from '../deps/deps.ts';
import type { ComicView } from '../catalogue/comicView.ts';
import { stockItemView } from '../admin/stockViews.ts';
import { loadStream } from '../commands/loadStream.ts';
import { stockStreamId } from '../orders/streams.ts';

type Ctx = Pick<Deps, 'db' | 'store' | 'ids'>;

export type ActiveStockItem = Extract<StockItemState, { status: 'active' | 'deleted' }> & { status: 'active' };

export interface LoadedItem {
  stockItemId: string;
  state: ActiveStockItem;
}

/** A stock item id as the calls take it; anything that cannot be one is simply not found. */
export function isStockItemId(id: string): boolean {
  return entityIdSchema.safeParse(id).success;
}

/** The write side's view of a stock item, or null when it does not exist (or was deleted). */
export async function loadStockItem(ctx: Pick<Deps, 'store'>, stockItemId: string): Promise<LoadedItem | null> {
  if (!isStockItemId(stockItemId)) return null;
  const { state } = await loadStream(ctx.store, stockItemDecider, stockStreamId(stockItemId));
  return state.status === 'active' ? { stockItemId, state: state as ActiveStockItem } : null;
}

/** As loadStockItem, but a missing item is the 404 'Stock item not found'. */
export async function requireStockItem(ctx: Pick<Deps, 'store'>, stockItemId: string): Promise<LoadedItem> {
  const item = await loadStockItem(ctx, stockItemId);
  if (!item) throw new DomainError(STOCK_ITEM_NOT_FOUND, 'not-found');
  return item;
}

/** The batch's current discount (the read model), else the one the item recorded. */
async function discountPercentOf(ctx: Ctx, item: StockItemFields): Promise<number> {
  if (!item.batch) return 0;
  const row = await ctx.db.selectFrom('batches').select('discount_percent').where('batch_id', '=', item.batch.batchId).executeTakeFirst();
  return row?.discount_percent ?? item.batch.discountPercent;
}

/** The shop's price of the item (price rules, then the batch discount), cents. */
export async function shopPriceCents(ctx: Ctx, item: StockItemFields): Promise<number> {
  return itemPriceCents({ srp: item.srp, priceOverride: item.priceOverride, discountPercent: await discountPercentOf(ctx, item) });
}

/** The item as the admin's comic answers show it: the write side's current state (admin/stockViews). */
export function comicOf(ctx: Pick<Deps, 'store'>, loaded: LoadedItem): Promise<ComicView> {
  return stockItemView(ctx, loaded.state);
}
