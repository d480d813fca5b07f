import { sql, type Insertable, type Transaction } from 'kysely';
import { evolveOrder, initialOrderState, isAdhocOrder, orderTotalsOf, type OrderEvent, type OrderState } from '@shop/domain/orders/index';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '../runner/projector.ts';
import type { ReadModels } from '../schema.ts';
import { ORDER_EVENT_TYPES } from '@shop/domain/orders/orderEventTypes';
import type { OrderItemRow, OrderTables } from './tables.ts';

type Trx = Transaction<ReadModels>;
type OrderRow = Insertable<OrderTables['orders']>;

const ORDER_STREAM_PREFIX = 'order-';
const date = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

/**
 * Needs posting: completed, not posted, not deleted, and not an ad-hoc (in-person) sale - the
 * customer took those away. Pickup orders are listed: the admin packs them and marks them posted
 * (collected) like any other.
 */
export function awaitsPostage(state: OrderState): boolean {
  return state.complete && !state.posted && !state.deleted && !isAdhocOrder(state);
}

function itemRows(state: OrderState): OrderItemRow[] {
  return state.orderItems.map((l) => ({
    _id: l.stockItemId,
    name: l.name,
    type: l.kind,
    itemType: l.itemType,
    periodType: l.periodType,
    supplierType: l.supplierType,
    comicId: l.comicId,
    price: l.price,
    pnp: l.pnp,
    quantity: l.quantity,
  }));
}

/** Totals: frozen ones once complete; during a checkout with the credit it set aside; otherwise without credit. */
export function orderRowOf(state: OrderState, createdAt: Date, updatedAt: Date): OrderRow {
  const totals = orderTotalsOf(state, 0);
  const owner = state.owner;
  return {
    order_id: state._id,
    public_id: state.publicId,
    type: state.type,
    external_id: state.externalId,
    user_id: owner?.kind === 'user' ? owner.userId : null,
    guest: owner?.kind === 'guest',
    email: state.email,
    name: state.name,
    adhoc: isAdhocOrder(state),
    date: date(state.date) ?? createdAt,
    created_at: createdAt,
    updated_at: updatedAt,
    complete: state.complete,
    completed_date: date(state.completedDate),
    posted: state.posted,
    posted_date: date(state.postedDate),
    tracking_number: state.trackingNumber,
    deleted: state.deleted,
    merged_into_order_id: state.mergedIntoOrderId,
    item_count: totals.itemCount,
    total: totals.total,
    pnp: totals.pnp,
    paid: totals.paid,
    to_pay: totals.toPay,
    credit_from: totals.creditFrom,
    carried_forward: totals.creditForward,
    pickup: state.shippingIsPickup,
    same_as_billing: state.shippingIsSameAsBilling,
    shipping_address: JSON.stringify(state.shippingAddress),
    billing_address: JSON.stringify(state.billingAddress),
    order_items: JSON.stringify(itemRows(state)),
    search_terms: state.searchTerms,
    checkout_id: state.checkout?.checkoutId ?? null,
    checkout_started_at: date(state.checkout?.startedAt),
    state: JSON.stringify(state),
  };
}

const UPDATABLE = [
  'public_id',
  'type',
  'external_id',
  'user_id',
  'guest',
  'email',
  'name',
  'adhoc',
  'date',
  'updated_at',
  'complete',
  'completed_date',
  'posted',
  'posted_date',
  'tracking_number',
  'deleted',
  'merged_into_order_id',
  'item_count',
  'total',
  'pnp',
  'paid',
  'to_pay',
  'credit_from',
  'carried_forward',
  'pickup',
  'same_as_billing',
  'shipping_address',
  'billing_address',
  'order_items',
  'search_terms',
  'checkout_id',
  'checkout_started_at',
  'state',
] as const satisfies readonly (keyof OrderRow)[];

async function upsertOrders(trx: Trx, rows: OrderRow[]): Promise<void> {
  // 35 columns: 1,000 rows stay well under PostgreSQL's 65,535 parameters.
  for (let i = 0; i < rows.length; i += 1000) {
    await trx
      .insertInto('orders')
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) => oc.column('order_id').doUpdateSet((eb) => Object.fromEntries(UPDATABLE.map((c) => [c, eb.ref(`excluded.${c}`)]))))
      .execute();
  }
}

/**
 * orders and orders_awaiting_postage. Folds each order's events with the domain's own evolveOrder
 * (the state is kept in the row), so the read model can never disagree with the write side's rules.
 */
export const ordersProjector: Projector = {
  name: 'orders',
  tables: ['orders', 'orders_awaiting_postage'],
  eventTypes: ORDER_EVENT_TYPES,
  async apply(trx, events: RecordedEvent[]) {
    const byOrder = new Map<string, RecordedEvent[]>();
    for (const event of events) {
      if (!event.streamId.startsWith(ORDER_STREAM_PREFIX)) continue;
      const orderId = event.streamId.slice(ORDER_STREAM_PREFIX.length);
      const list = byOrder.get(orderId);
      if (list) list.push(event);
      else byOrder.set(orderId, [event]);
    }
    if (byOrder.size === 0) return;

    const existing = await trx
      .selectFrom('orders')
      .select(['order_id', 'state', 'created_at'])
      .where('order_id', 'in', [...byOrder.keys()])
      .execute();
    const known = new Map(existing.map((r) => [r.order_id, r]));

    const rows: OrderRow[] = [];
    const awaiting: { order_id: string; public_id: number; completed_at: Date }[] = [];
    const notAwaiting: string[] = [];
    for (const [orderId, orderEvents] of byOrder) {
      const row = known.get(orderId);
      let state: OrderState = row ? row.state : initialOrderState();
      const createdAt = row ? row.created_at : orderEvents[0]!.createdAt;
      for (const event of orderEvents) state = evolveOrder(state, { type: event.type, data: event.data } as OrderEvent);
      if (!state.started) continue;
      rows.push(orderRowOf(state, createdAt, orderEvents.at(-1)!.createdAt));
      if (awaitsPostage(state)) {
        awaiting.push({ order_id: orderId, public_id: state.publicId, completed_at: date(state.completedDate) ?? createdAt });
      } else {
        notAwaiting.push(orderId);
      }
    }
    await upsertOrders(trx, rows);
    if (notAwaiting.length > 0) await trx.deleteFrom('orders_awaiting_postage').where('order_id', 'in', notAwaiting).execute();
    if (awaiting.length > 0) {
      await trx
        .insertInto('orders_awaiting_postage')
        .values(awaiting)
        .onConflict((oc) =>
          oc.column('order_id').doUpdateSet({ public_id: sql`excluded.public_id`, completed_at: sql`excluded.completed_at` }),
        )
        .execute();
    }
  },
};
