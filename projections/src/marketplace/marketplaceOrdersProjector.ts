import {
  MARKETPLACE_ORDER_EVENT_TYPES,
  type MarketplaceOrderEvent,
  type MarketplaceSaleLine,
  type MarketplaceOrderTotals,
} from '@shop/domain/marketplace/marketplaceOrder';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '../runner/projector.ts';

const counts = (lines: readonly MarketplaceSaleLine[]) => ({
  item_count: lines.reduce((n, l) => n + l.quantity, 0),
  unmatched_lines: lines.filter((l) => l.stockItemId === null).length,
  oversold: lines.reduce((n, l) => n + l.oversold, 0),
});

const money = (totals: MarketplaceOrderTotals) => ({
  items_cents: totals.itemsCents,
  postage_cents: totals.postageCents,
  total_cents: totals.totalCents,
  fees_cents: totals.feesCents,
});

/** marketplace_orders: one row per recorded marketplace order, its lines as JSON. */
export const marketplaceOrdersProjector: Projector = {
  name: 'marketplace-orders',
  tables: ['marketplace_orders'],
  eventTypes: MARKETPLACE_ORDER_EVENT_TYPES,
  async apply(trx, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as MarketplaceOrderEvent;
      if (event.type === 'MarketplaceOrderRecorded') {
        const d = event.data;
        await trx
          .insertInto('marketplace_orders')
          .values({
            order_id: d.orderId,
            public_id: d.publicId,
            external_id: d.externalId,
            source: d.source,
            buyer_username: d.buyer.username,
            buyer_name: d.buyer.name,
            sold_at: new Date(d.soldAt),
            recorded_at: recorded.createdAt,
            updated_at: recorded.createdAt,
            ...counts(d.lines),
            ...money(d.totals),
            ship_to: JSON.stringify(d.shipTo),
            lines: JSON.stringify(d.lines),
          })
          .onConflict((oc) => oc.column('order_id').doNothing())
          .execute();
      } else if (event.type === 'MarketplaceOrderLinesAdded') {
        const row = await trx
          .selectFrom('marketplace_orders')
          .select(['lines'])
          .where('order_id', '=', event.data.orderId)
          .executeTakeFirst();
        if (!row) continue;
        const lines = [...(row.lines as MarketplaceSaleLine[]), ...event.data.lines];
        await trx
          .updateTable('marketplace_orders')
          .set({ lines: JSON.stringify(lines), ...counts(lines), ...money(event.data.totals), updated_at: recorded.createdAt })
          .where('order_id', '=', event.data.orderId)
          .execute();
      }
    }
  },
};
