import { groupSalesRows, parseSalesFile, SalesFileError, type LineError, type SalesRow } from '@shop/domain/marketplace/salesFile';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import type { ComicView } from '../catalogue/comicView.ts';
import type { Marketplace } from '../marketplace/marketplace.ts';
import { recordSale, saleFromMarketplaceOrder, type SaleInput, type SaleOutcome } from './marketplaceOrders.ts';
import { comicOf, loadStockItem } from './stockItems.ts';

type Ctx = Pick<Deps, 'db' | 'store' | 'ids'>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export interface UpdateTransactionsResult {
  message: string;
  /** Whether this run wrote anything (updateTransactionsSave on, and not the test call). */
  saved: boolean;
  days: number;
  orders: SaleOutcome[];
  /** Marketplace orders recorded now (new, or with new lines), or that would be in a dry run. */
  recorded: number;
  alreadyRecorded: number;
  /** Lines whose SKU matched no stock item (recorded without taking stock). */
  unmatched: number;
  /** Copies sold on eBay that were not free in the shop. */
  oversold: number;
  errors: { externalId: string; reason: string }[];
}

/**
 * Update transactions: the marketplace's orders of the last `days` days, oldest first, each recorded
 * once (see marketplaceOrders.ts). With save false nothing is written: the answer says what would be.
 */
export async function updateTransactions(
  ctx: Ctx,
  marketplace: Marketplace,
  options: { days: number; save: boolean; metadata: EventMetadata },
): Promise<UpdateTransactionsResult> {
  const orders = [...(await marketplace.listOrders({ sinceDays: options.days }))].reverse();
  const outcomes: SaleOutcome[] = [];
  const errors: UpdateTransactionsResult['errors'] = [];
  for (const order of orders) {
    try {
      outcomes.push(await recordSale(ctx, saleFromMarketplaceOrder(order), { save: options.save, metadata: options.metadata }));
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      errors.push({ externalId: order.orderId, reason: e.message });
    }
  }
  const fresh = outcomes.filter((o) => o.status !== 'already recorded');
  const freshLines = fresh.flatMap((o) => o.lines.filter((l) => l.status !== 'already recorded'));
  const unmatched = freshLines.filter((l) => !l.matched).length;
  const oversold = freshLines.reduce((n, l) => n + l.oversold, 0);
  const already = outcomes.length - fresh.length;
  const verb = options.save ? 'Recorded' : 'Would record';
  const parts = [
    `${verb} ${plural(fresh.length, 'new eBay order')} of the last ${plural(options.days, 'day')}`,
    ...(already > 0 ? [`${already} already recorded`] : []),
    ...(unmatched > 0 ? [`${plural(unmatched, 'line')} matched no stock item`] : []),
    ...(oversold > 0 ? [`${plural(oversold, 'copy', 'copies')} oversold`] : []),
    ...(errors.length > 0 ? [`${plural(errors.length, 'order')} refused`] : []),
  ];
  return {
    message: `${parts.join('; ')}.${options.save ? '' : ' Nothing was saved.'}`,
    saved: options.save,
    days: options.days,
    orders: outcomes.reverse(),
    recorded: fresh.length,
    alreadyRecorded: already,
    unmatched,
    oversold,
    errors,
  };
}

export interface SalesUploadResult {
  comics: ComicView[];
  message: string;
  /** Sales (kept rows) recorded now. */
  recorded: number;
  /** Kept rows not recorded because they were recorded before, or repeat a row of this file. */
  skipped: number;
  /** Rows that are not sales: not of type Order, no title, header, preamble. */
  ignored: number;
  errors: LineError[];
  /** Recorded rows whose SKU matched no stock item: the sale is recorded, no stock was taken. */
  unmatched: { line: number; sku: string | null; title: string }[];
  orders: SaleOutcome[];
}

function saleOfRows(orderNumber: string, rows: readonly SalesRow[]): SaleInput {
  const first = rows[0]!;
  const hasAddress = first.deliveryCity !== '' || first.state !== '' || first.postcode !== '';
  return {
    externalId: orderNumber,
    source: 'sales-file',
    soldAt: first.date,
    buyer: { username: first.buyerUsername || first.buyerName || 'unknown', name: first.buyerName || first.buyerUsername },
    shipTo: hasAddress
      ? {
          name: first.buyerName,
          addressLine1: '',
          addressLine2: null,
          suburb: first.deliveryCity,
          state: first.state,
          postalCode: first.postcode,
          countryCode: 'AU',
        }
      : null,
    lines: rows.map((r) => ({
      line: r.line,
      sku: r.sku,
      title: r.itemTitle,
      quantity: r.quantity,
      valueCents: r.itemSubtotal,
      postageCents: r.postage,
      feesCents: r.feeFixed + r.feeVariable,
    })),
  };
}

/** PUT /add-ebay-sales: every sale of the file recorded once; bad rows refused by line. Always saves. */
export async function uploadSalesFile(ctx: Ctx, text: string, metadata: EventMetadata): Promise<SalesUploadResult> {
  let parsed;
  try {
    parsed = parseSalesFile(text);
  } catch (e) {
    if (e instanceof SalesFileError) throw new DomainError(e.message, 'invalid');
    throw e;
  }
  const { orders, duplicates } = groupSalesRows(parsed.rows);
  const errors: LineError[] = [...parsed.errors];
  const outcomes: SaleOutcome[] = [];
  for (const order of orders) {
    try {
      outcomes.push(await recordSale(ctx, saleOfRows(order.orderNumber, order.rows), { save: true, metadata }));
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      for (const row of order.rows) errors.push({ line: row.line, reason: e.message });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  const lines = outcomes.flatMap((o) => o.lines);
  const recordedLines = lines.filter((l) => l.status === 'recorded');
  const recorded = recordedLines.length;
  const skipped = duplicates.length + lines.filter((l) => l.status === 'already recorded').length;
  const unmatched = recordedLines.filter((l) => !l.matched).map((l) => ({ line: l.line ?? 0, sku: l.sku, title: l.title }));

  const comics: ComicView[] = [];
  for (const id of new Set(recordedLines.flatMap((l) => (l.stockItemId ? [l.stockItemId] : [])))) {
    const item = await loadStockItem(ctx, id);
    if (item) comics.push(await comicOf(ctx, item));
  }
  const orderCount = outcomes.filter((o) => o.status === 'recorded' || o.status === 'lines added').length;
  const parts = [
    `Recorded ${plural(recorded, 'sale')} from ${plural(orderCount, 'order')}`,
    ...(skipped > 0 ? [`skipped ${plural(skipped, 'sale')} already recorded`] : []),
    ...(unmatched.length > 0 ? [`${plural(unmatched.length, 'sale')} matched no stock item`] : []),
    ...(errors.length > 0 ? [`${plural(errors.length, 'row')} refused`] : []),
  ];
  return { comics, message: `${parts.join('; ')}.`, recorded, skipped, ignored: parsed.ignored, errors, unmatched, orders: outcomes };
}
