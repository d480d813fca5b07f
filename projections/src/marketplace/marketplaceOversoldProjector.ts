import type { MarketplaceOversoldFlagged, MarketplaceOversoldResolved } from '@shop/domain/marketplace/oversold';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '../runner/projector.ts';

/** marketplace_oversold: one row per oversold line of a marketplace order, open until settled. */
export const marketplaceOversoldProjector: Projector = {
  name: 'marketplace-oversold',
  tables: ['marketplace_oversold'],
  eventTypes: ['MarketplaceOversoldFlagged', 'MarketplaceOversoldResolved'],
  async apply(trx, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as MarketplaceOversoldFlagged | MarketplaceOversoldResolved;
      if (event.type === 'MarketplaceOversoldFlagged') {
        const d = event.data;
        if (d.lines.length === 0) continue;
        await trx
          .insertInto('marketplace_oversold')
          .values(
            d.lines.map((l) => ({
              order_id: d.orderId,
              line_key: l.key,
              public_id: d.publicId,
              external_id: d.externalId,
              buyer_username: d.buyerUsername,
              sold_at: new Date(d.soldAt),
              stock_item_id: l.stockItemId,
              name: l.name,
              sku: l.sku,
              oversold: l.oversold,
              other_channel: l.otherSale?.channel ?? null,
              other_order_id: l.otherSale?.orderId ?? null,
              other_public_id: l.otherSale?.publicId ?? null,
              other_external_id: l.otherSale?.externalId ?? null,
              other_sold_at: l.otherSale ? new Date(l.otherSale.soldAt) : null,
              later_sale: l.laterSale,
              flagged_at: recorded.createdAt,
              resolution: null,
              note: '',
              resolved_at: null,
            })),
          )
          .onConflict((oc) => oc.columns(['order_id', 'line_key']).doNothing())
          .execute();
      } else if (event.type === 'MarketplaceOversoldResolved') {
        await trx
          .updateTable('marketplace_oversold')
          .set({ resolution: event.data.resolution, note: event.data.note, resolved_at: recorded.createdAt })
          .where('order_id', '=', event.data.orderId)
          .execute();
      }
    }
  },
};
