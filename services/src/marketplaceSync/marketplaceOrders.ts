/**
 * Recording marketplace orders: from eBay's API (update transactions) or from the sales file.
 *
 * A marketplace order is recorded in three steps, each idempotent, the last one marking it done:
 * 1. the order stream `order-{id}` (id derived from the marketplace order number) gets OrderStarted
 *    (type ebay, the external id, the buyer as owner), appended with expected version no_stream;
 * 2. each matched line takes its stock with RecordExternalSale on its stock stream (once per
 *    marketplace order on each stock stream; only free copies, the rest recorded as oversold);
 * 3. the marketplace-order stream `ebayorder-{id}` gets MarketplaceOrderRecorded (buyer, address,
 *    lines, money), or MarketplaceOrderLinesAdded for lines a later sales file adds.
 * A run that crashes between the steps is finished by the next run; an order whose lines are all
 * recorded is skipped, so running twice changes nothing the second time.
 */
import {
  availableQuantity,
  stockItemDecider,
  stockItemName,
  type StockItemState,
  type StockSoldExternally,
} from '@shop/domain/catalogue/index';
import {
  marketplaceOrderDecider,
  saleLineKey,
  type MarketplaceBuyer,
  type MarketplaceOrderTotals,
  type MarketplaceSaleLine,
  type MarketplaceShipTo,
  type MarketplaceSource,
} from '@shop/domain/marketplace/marketplaceOrder';
import { orderDecider } from '@shop/domain/orders/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { loadStream } from '../commands/loadStream.ts';
import { handle } from '../commands/handle.ts';
import { ConcurrencyError } from '../eventstore/types.ts';
import type { MarketplaceOrder } from '../marketplace/marketplace.ts';
import { nextPublicId } from '../orders/currentOrder.ts';
import { orderStreamId, stockStreamId } from '../orders/streams.ts';
import { marketplaceOrderId, marketplaceOrderStreamId } from './marketplaceOrderIds.ts';
import { flagOversoldOrder } from './oversold.ts';
import { isStockItemId } from './stockItems.ts';

type Ctx = Pick<Deps, 'db' | 'store' | 'ids'>;

export { marketplaceOrderId, marketplaceOrderStreamId };

/** The buyer as the order's owner: not a user, and no guest's temp token can hash to it. */
export const marketplaceBuyerOwner = (username: string) => ({ kind: 'guest' as const, token: `ebay-buyer:${username}` });

export interface SaleLineInput {
  sku: string | null;
  title: string;
  quantity: number;
  valueCents: number;
  postageCents: number;
  feesCents: number | null;
  /** The sales file's line number. */
  line?: number;
}

export interface SaleInput {
  externalId: string;
  source: MarketplaceSource;
  soldAt: string;
  buyer: MarketplaceBuyer;
  shipTo: MarketplaceShipTo | null;
  lines: SaleLineInput[];
  totals?: Partial<MarketplaceOrderTotals>;
}

export type LineStatus = 'recorded' | 'already recorded' | 'would record';

export interface LineOutcome {
  line?: number;
  sku: string | null;
  title: string;
  quantity: number;
  stockItemId: string | null;
  name: string;
  /** Copies taken off our stock (or that would be, in a dry run), and copies oversold. */
  taken: number;
  oversold: number;
  matched: boolean;
  status: LineStatus;
}

export interface SaleOutcome {
  externalId: string;
  orderId: string;
  publicId: number | null;
  soldAt: string;
  buyerUsername: string;
  buyerName: string;
  /** recorded: new; lines added: an order recorded before got new lines; already recorded: nothing new; would record: dry run. */
  status: 'recorded' | 'lines added' | 'already recorded' | 'would record';
  lines: LineOutcome[];
}

interface ResolvedLine {
  input: SaleLineInput;
  key: string;
  stockItemId: string | null;
  state: StockItemState | null;
}

async function resolveLine(ctx: Ctx, input: SaleLineInput): Promise<ResolvedLine> {
  const key = saleLineKey(input.sku, input.title);
  const sku = input.sku?.trim() ?? '';
  if (sku === '' || !isStockItemId(sku)) return { input, key, stockItemId: null, state: null };
  const { state } = await loadStream(ctx.store, stockItemDecider, stockStreamId(sku));
  // A deleted item still takes the sale (as oversold): it was sold.
  return state.status === 'absent' ? { input, key, stockItemId: null, state: null } : { input, key, stockItemId: sku, state };
}

const nameOf = (line: ResolvedLine) => (line.state && line.state.status !== 'absent' ? stockItemName(line.state.item) : line.input.title);

/** Step 2 for one line: its stock taken once per marketplace order (the existing sale when there is one). */
async function takeStock(
  ctx: Ctx,
  line: ResolvedLine,
  externalId: string,
  metadata: EventMetadata,
): Promise<{ taken: number; oversold: number }> {
  const id = stockStreamId(line.stockItemId!);
  const recorded = async () => {
    const events = await ctx.store.readStream(id);
    const earlier = events.find(
      (e) => e.type === 'StockSoldExternally' && (e.data as StockSoldExternally['data']).externalOrderId === externalId,
    );
    return earlier
      ? { taken: (earlier.data as StockSoldExternally['data']).taken, oversold: (earlier.data as StockSoldExternally['data']).oversold }
      : null;
  };
  const before = await recorded();
  if (before) return before;
  const { events } = await handle(
    ctx,
    stockItemDecider,
    id,
    { type: 'RecordExternalSale', data: { externalOrderId: externalId, quantity: line.input.quantity, valueCents: line.input.valueCents } },
    metadata,
  );
  const sold = events.find((e): e is StockSoldExternally => e.type === 'StockSoldExternally');
  if (sold) return { taken: sold.data.taken, oversold: sold.data.oversold };
  // A run at the same moment recorded it first.
  return (await recorded()) ?? { taken: 0, oversold: 0 };
}

/** Step 1: the order stream of type ebay; its order number (publicId) when it already exists. */
async function startMarketplaceOrder(ctx: Ctx, orderId: string, sale: SaleInput, metadata: EventMetadata): Promise<number> {
  const existing = await loadStream(ctx.store, orderDecider, orderStreamId(orderId));
  if (existing.state.started) return existing.state.publicId;
  try {
    const started = await handle(
      ctx,
      orderDecider,
      orderStreamId(orderId),
      {
        type: 'StartOrder',
        orderId,
        publicId: await nextPublicId(ctx as Deps),
        owner: marketplaceBuyerOwner(sale.buyer.username),
        orderType: 'ebay',
        externalId: sale.externalId,
        date: sale.soldAt,
      },
      metadata,
    );
    return started.state.publicId;
  } catch (e) {
    // Another run started it at the same moment: use theirs.
    if ((e instanceof DomainError && e.kind === 'conflict') || e instanceof ConcurrencyError) {
      return (await loadStream(ctx.store, orderDecider, orderStreamId(orderId))).state.publicId;
    }
    throw e;
  }
}

/**
 * Records one marketplace order (or, with save false, says what recording it would do and writes
 * nothing). Lines already recorded for this order are left alone.
 */
export async function recordSale(ctx: Ctx, sale: SaleInput, options: { save: boolean; metadata: EventMetadata }): Promise<SaleOutcome> {
  const externalId = sale.externalId.trim();
  const orderId = marketplaceOrderId(externalId);
  const recordId = marketplaceOrderStreamId(orderId);
  const record = await loadStream(ctx.store, marketplaceOrderDecider, recordId);
  const known = new Set(record.state.status === 'recorded' ? record.state.lines.map((l) => l.key) : []);

  const resolved: ResolvedLine[] = [];
  const seen = new Set<string>();
  for (const input of sale.lines) {
    const key = saleLineKey(input.sku, input.title);
    if (seen.has(key)) continue;
    seen.add(key);
    resolved.push(await resolveLine(ctx, input));
  }
  const fresh = resolved.filter((l) => !known.has(l.key));
  const outcome = (status: SaleOutcome['status'], publicId: number | null, lines: LineOutcome[]): SaleOutcome => ({
    externalId,
    orderId,
    publicId,
    soldAt: sale.soldAt,
    buyerUsername: sale.buyer.username,
    buyerName: sale.buyer.name,
    status,
    lines,
  });
  const lineOutcome = (l: ResolvedLine, status: LineStatus, taken: number, oversold: number): LineOutcome => ({
    ...(l.input.line !== undefined ? { line: l.input.line } : {}),
    sku: l.input.sku,
    title: l.input.title,
    quantity: l.input.quantity,
    stockItemId: l.stockItemId,
    name: nameOf(l),
    taken,
    oversold,
    matched: l.stockItemId !== null,
    status,
  });
  const alreadyRecorded = resolved
    .filter((l) => known.has(l.key))
    .map((l) => {
      const earlier = record.state.status === 'recorded' ? record.state.lines.find((r) => r.key === l.key) : undefined;
      return lineOutcome(l, 'already recorded', earlier?.taken ?? 0, earlier?.oversold ?? 0);
    });
  const publicIdBefore = record.state.status === 'recorded' ? record.state.publicId : null;

  if (fresh.length === 0) {
    // A run that stopped after recording the order flags its oversold lines now.
    if (
      options.save &&
      record.state.status === 'recorded' &&
      record.state.oversold.status === 'none' &&
      record.state.lines.some((l) => l.oversold > 0)
    )
      await flagOversoldOrder(ctx, orderId, options.metadata);
    return outcome('already recorded', publicIdBefore, alreadyRecorded);
  }

  if (!options.save) {
    const predicted = fresh.map((l) => {
      const free = l.state && l.state.status === 'active' ? Math.max(0, availableQuantity(l.state)) : 0;
      const taken = l.stockItemId ? Math.min(l.input.quantity, free) : 0;
      return lineOutcome(l, 'would record', taken, l.stockItemId ? l.input.quantity - taken : 0);
    });
    return outcome('would record', publicIdBefore, [...predicted, ...alreadyRecorded]);
  }

  // Refuse a bad order before anything is written (the decider checks it again when it records).
  marketplaceOrderDecider.decide(
    {
      type: 'RecordMarketplaceOrder',
      orderId,
      publicId: 1,
      externalId,
      source: sale.source,
      soldAt: sale.soldAt,
      buyer: sale.buyer,
      shipTo: sale.shipTo,
      lines: fresh.map((l) => toSaleLine(l, 0, 0)),
    },
    record.state,
  );

  const publicId = publicIdBefore ?? (await startMarketplaceOrder(ctx, orderId, { ...sale, externalId }, options.metadata));
  const lines: MarketplaceSaleLine[] = [];
  const outcomes: LineOutcome[] = [];
  for (const line of fresh) {
    const { taken, oversold } = line.stockItemId ? await takeStock(ctx, line, externalId, options.metadata) : { taken: 0, oversold: 0 };
    lines.push(toSaleLine(line, taken, oversold));
    outcomes.push(lineOutcome(line, 'recorded', taken, oversold));
  }
  const executed = await handle(
    ctx,
    marketplaceOrderDecider,
    recordId,
    {
      type: 'RecordMarketplaceOrder',
      orderId,
      publicId,
      externalId,
      source: sale.source,
      soldAt: sale.soldAt,
      buyer: sale.buyer,
      shipTo: sale.shipTo,
      lines,
      ...(sale.totals ? { totals: sale.totals } : {}),
    },
    options.metadata,
  );
  const appended = executed.appended[0]?.event.type;
  if (outcomes.some((o) => o.oversold > 0)) await flagOversoldOrder(ctx, orderId, options.metadata);
  if (!appended)
    return outcome('already recorded', publicId, [
      ...outcomes.map((o) => ({ ...o, status: 'already recorded' as const })),
      ...alreadyRecorded,
    ]);
  return outcome(appended === 'MarketplaceOrderRecorded' ? 'recorded' : 'lines added', publicId, [...outcomes, ...alreadyRecorded]);
}

function toSaleLine(line: ResolvedLine, taken: number, oversold: number): MarketplaceSaleLine {
  const item = line.state && line.state.status !== 'absent' ? line.state.item : null;
  return {
    key: line.key,
    sku: line.input.sku,
    stockItemId: line.stockItemId,
    name: nameOf(line),
    title: line.input.title,
    comicId: item?.comicId ?? null,
    itemType: item?.itemType ?? null,
    quantity: line.input.quantity,
    valueCents: line.input.valueCents,
    postageCents: line.input.postageCents,
    feesCents: line.input.feesCents,
    taken,
    oversold,
  };
}

/** A marketplace order from eBay's API as a sale to record. */
export function saleFromMarketplaceOrder(order: MarketplaceOrder): SaleInput {
  const address = order.shippingAddress;
  return {
    externalId: order.orderId,
    source: 'api',
    soldAt: order.createdAt,
    buyer: { username: order.buyerUsername, name: order.buyerName },
    shipTo: address
      ? {
          name: address.fullName,
          addressLine1: address.addressLine1,
          addressLine2: address.addressLine2,
          suburb: address.suburb,
          state: address.state,
          postalCode: address.postalCode,
          countryCode: address.countryCode,
        }
      : null,
    lines: order.lines.map((l) => ({
      sku: l.sku,
      title: l.title,
      quantity: l.quantity,
      valueCents: l.totalCents,
      postageCents: l.postageCents,
      feesCents: null,
    })),
    totals: { totalCents: order.totalCents, postageCents: order.postageCents, feesCents: order.feesCents },
  };
}
