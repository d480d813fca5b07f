/**
 * Oversold marketplace sales: flagging them (MarketplaceOversoldFlagged on the marketplace order's
 * stream) with the other sale of the copy and which came later, listing them for the admin's eBay
 * screen, and recording what the admin did (MarketplaceOversoldResolved).
 */
import type { StockSold, StockSoldExternally } from '@shop/domain/catalogue/index';
import { marketplaceOrderDecider } from '@shop/domain/marketplace/marketplaceOrder';
import {
  laterSaleOf,
  oversoldAdvice,
  type OversoldLine,
  type OversoldOtherSale,
  type OversoldResolution,
} from '@shop/domain/marketplace/oversold';
import { orderDecider } from '@shop/domain/orders/index';
import type { EventMetadata, RecordedEvent } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { handle } from '../commands/handle.ts';
import { loadStream } from '../commands/loadStream.ts';
import { orderStreamId, stockStreamId } from '../orders/streams.ts';
import { marketplaceOrderId, marketplaceOrderStreamId } from './marketplaceOrderIds.ts';

type Ctx = Pick<Deps, 'db' | 'store' | 'ids'>;

async function publicIdOf(ctx: Ctx, orderId: string): Promise<number | null> {
  const { state } = await loadStream(ctx.store, orderDecider, orderStreamId(orderId));
  return state.started ? state.publicId : null;
}

/** The sale that had the copy this marketplace order found sold: the nearest other sale on the item's stream. */
async function otherSaleOf(ctx: Ctx, stockItemId: string, externalId: string): Promise<OversoldOtherSale | null> {
  const events = await ctx.store.readStream(stockStreamId(stockItemId));
  const ours = events.findIndex(
    (e) => e.type === 'StockSoldExternally' && (e.data as StockSoldExternally['data']).externalOrderId === externalId,
  );
  const isOther = (e: RecordedEvent) =>
    e.type === 'StockSold' ||
    (e.type === 'StockSoldExternally' &&
      (e.data as StockSoldExternally['data']).externalOrderId !== externalId &&
      (e.data as StockSoldExternally['data']).taken > 0);
  const before = events
    .slice(0, ours < 0 ? events.length : ours)
    .filter(isOther)
    .at(-1);
  // A checkout holding the copy when eBay's sale was recorded sells it afterwards.
  const other = before ?? (ours >= 0 ? events.slice(ours + 1).find((e) => e.type === 'StockSold') : undefined);
  if (!other) return null;
  if (other.type === 'StockSold') {
    const orderId = (other.data as StockSold['data']).orderId;
    return { channel: 'site', orderId, publicId: await publicIdOf(ctx, orderId), externalId: null, soldAt: other.createdAt.toISOString() };
  }
  const otherExternal = (other.data as StockSoldExternally['data']).externalOrderId;
  const orderId = marketplaceOrderId(otherExternal);
  const record = await loadStream(ctx.store, marketplaceOrderDecider, marketplaceOrderStreamId(orderId));
  return {
    channel: 'ebay',
    orderId,
    publicId: record.state.status === 'recorded' ? record.state.publicId : await publicIdOf(ctx, orderId),
    externalId: otherExternal,
    soldAt: record.state.status === 'recorded' ? record.state.soldAt : other.createdAt.toISOString(),
  };
}

/**
 * Flags the order's oversold lines once (a run that stopped between recording and flagging is
 * finished by the next). Returns how many lines were flagged now.
 */
export async function flagOversoldOrder(ctx: Ctx, orderId: string, metadata: EventMetadata): Promise<number> {
  const record = await loadStream(ctx.store, marketplaceOrderDecider, marketplaceOrderStreamId(orderId));
  const state = record.state;
  if (state.status !== 'recorded' || state.oversold.status !== 'none') return 0;
  const oversoldLines = state.lines.filter((l) => l.oversold > 0 && l.stockItemId !== null);
  if (oversoldLines.length === 0) return 0;
  const lines: OversoldLine[] = [];
  for (const line of oversoldLines) {
    const otherSale = await otherSaleOf(ctx, line.stockItemId!, state.externalId);
    lines.push({
      key: line.key,
      stockItemId: line.stockItemId!,
      name: line.name,
      sku: line.sku,
      oversold: line.oversold,
      otherSale,
      laterSale: laterSaleOf(state.soldAt, otherSale),
    });
  }
  const { appended } = await handle(
    ctx,
    marketplaceOrderDecider,
    marketplaceOrderStreamId(orderId),
    { type: 'FlagOversold', lines },
    metadata,
  );
  return appended.length > 0 ? lines.length : 0;
}

export async function resolveOversold(
  ctx: Ctx,
  orderId: string,
  resolution: OversoldResolution,
  note: string,
  metadata: EventMetadata,
): Promise<void> {
  await handle(ctx, marketplaceOrderDecider, marketplaceOrderStreamId(orderId), { type: 'ResolveOversold', resolution, note }, metadata);
}

/** The oversold list of the admin's eBay screen: open ones first (newest first), then settled ones. */
export async function listOversold(ctx: Pick<Deps, 'db'>, limit = 500) {
  const rows = await ctx.db
    .selectFrom('marketplace_oversold')
    .selectAll()
    .orderBy((eb) => eb.case().when('resolution', 'is', null).then(0).else(1).end())
    .orderBy('flagged_at', 'desc')
    .orderBy('order_id')
    .orderBy('line_key')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const otherSale: OversoldOtherSale | null =
      r.other_channel && r.other_order_id && r.other_sold_at
        ? {
            channel: r.other_channel as 'site' | 'ebay',
            orderId: r.other_order_id,
            publicId: r.other_public_id,
            externalId: r.other_external_id,
            soldAt: r.other_sold_at.toISOString(),
          }
        : null;
    const laterSale = r.later_sale as 'ebay' | 'site';
    return {
      orderId: r.order_id,
      publicId: r.public_id,
      externalId: r.external_id,
      buyerUsername: r.buyer_username,
      soldAt: r.sold_at.toISOString(),
      stockItemId: r.stock_item_id,
      name: r.name,
      sku: r.sku,
      oversold: r.oversold,
      otherSale,
      laterSale,
      advice: oversoldAdvice({ laterSale, otherSale }),
      flaggedAt: r.flagged_at.toISOString(),
      resolution: r.resolution as OversoldResolution | null,
      note: r.note,
      resolvedAt: r.resolved_at?.toISOString() ?? null,
    };
  });
}
