import type { OrderEvent } from '@shop/domain/orders/index';
import {
  added,
  batman,
  checkoutStartedEvent,
  guestStarted,
  home,
  orderCompletedEvent,
  saga,
  shippingSet,
  started,
} from '@shop/domain/orders/testFixtures';
import { testMetadata } from '@shop/services/testing/fixtures';
import { useTestEventStore } from '@shop/services/testing/testEventStore';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ordersProjector } from './ordersProjector.ts';

const t = useTestEventStore();
beforeEach(async () => {
  await sql`truncate orders, orders_awaiting_postage, events, streams`.execute(t.tdb.db);
});

/** Appends events to an order stream and applies them (in the order given), as the runner would. */
async function project(orderId: string, events: OrderEvent[], options: { batches?: number } = {}) {
  await t.store.append(
    `order-${orderId}`,
    'order',
    events.map((e) => ({ ...e, metadata: testMetadata() })),
    'any',
  );
  const fresh = (await t.store.readStream(`order-${orderId}`)).slice(-events.length);
  const size = Math.ceil(fresh.length / (options.batches ?? 1));
  for (let i = 0; i < fresh.length; i += size) {
    await t.tdb.db.transaction().execute((trx) => ordersProjector.apply(trx, fresh.slice(i, i + size)));
  }
}
const row = (orderId: string) => t.tdb.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
const awaiting = async () =>
  (await t.tdb.db.selectFrom('orders_awaiting_postage').select('order_id').orderBy('order_id').execute()).map((r) => r.order_id);

const totals = {
  itemCount: 3,
  total: 2390,
  pnp: 850,
  paid: 3240,
  creditFrom: 0,
  creditLeft: 0,
  creditForward: 0,
  toPay: 0,
  paidInFull: true,
};

describe('orders read model', () => {
  it('follows an order from start to posting, with every field the admin card needs', async () => {
    await project('o1', [
      started(),
      added(saga, 1),
      added(batman, 1),
      added(saga, 2),
      shippingSet(home),
      { type: 'OrderSearchRecorded', data: { term: 'saga' } },
    ]);
    expect(await row('o1')).toMatchObject({
      public_id: 1042,
      user_id: 'u1',
      guest: false,
      complete: false,
      item_count: 3,
      total: 2390,
      pnp: 850,
      to_pay: 3240,
      order_items: [
        expect.objectContaining({ _id: 's1', name: 'Saga #1', quantity: 2, price: 595 }),
        expect.objectContaining({ _id: 's2', quantity: 1 }),
      ],
      shipping_address: home,
      search_terms: 'saga',
      checkout_id: null,
    });
    await project('o1', [checkoutStartedEvent({ totals })]);
    expect(await row('o1')).toMatchObject({ checkout_id: 'c1', checkout_started_at: new Date('2025-03-01T00:00:00.000Z') });
    await project('o1', [
      {
        type: 'PaymentRecorded',
        data: { checkoutId: 'c1', paymentId: 'p1', amountCents: 3240, provider: 'card', recordedAt: '2025-03-01T00:01:00.000Z' },
      },
      orderCompletedEvent({ totals, completedDate: '2025-03-01T00:02:00.000Z' }),
    ]);
    expect(await row('o1')).toMatchObject({
      complete: true,
      completed_date: new Date('2025-03-01T00:02:00.000Z'),
      paid: 3240,
      to_pay: 0,
      checkout_id: null,
    });
    expect(await awaiting()).toEqual(['o1']);
    await project('o1', [{ type: 'OrderPosted', data: { postedDate: '2025-03-02T00:00:00.000Z', trackingNumber: 'AB123' } }]);
    expect(await row('o1')).toMatchObject({ posted: true, tracking_number: 'AB123' });
    expect(await awaiting()).toEqual([]);
  });

  it('lists completed orders for posting, but not deleted ones or ad-hoc sales; pickup orders are listed', async () => {
    await project('o2', [started({ orderId: 'o2', publicId: 2 }), added(saga, 1), checkoutStartedEvent(), orderCompletedEvent()]);
    await project('o3', [
      started({ orderId: 'o3', publicId: 3 }),
      added(saga, 1),
      { type: 'OrderNameSet', data: { name: 'Walk-in' } },
      checkoutStartedEvent({ adhoc: true }),
      orderCompletedEvent({ adhoc: true, name: 'Walk-in' }),
    ]);
    await project('o4', [
      started({ orderId: 'o4', publicId: 4 }),
      added(saga, 1),
      { type: 'PickupSet', data: { pickup: true } },
      checkoutStartedEvent({ pickup: true }),
      orderCompletedEvent({ pickup: true }),
    ]);
    expect(await awaiting()).toEqual(['o2', 'o4']);
    expect(await row('o3')).toMatchObject({ adhoc: true, name: 'Walk-in' });
    await project('o2', [{ type: 'OrderDeleted', data: { deletedAt: '2025-03-03T00:00:00.000Z' } }]);
    expect(await awaiting()).toEqual(['o4']);
    expect(await row('o2')).toMatchObject({ deleted: true });
  });

  it('moves a claimed guest order to the account and marks a merged one', async () => {
    await project('o1', [guestStarted(), added(saga, 1), { type: 'OrderEmailSet', data: { email: 'guest@example.com' } }]);
    expect(await row('o1')).toMatchObject({ guest: true, user_id: null, email: 'guest@example.com' });
    await project('o1', [{ type: 'GuestOrderClaimed', data: { userId: 'u7', mergedIntoOrderId: 'o9' } }]);
    expect(await row('o1')).toMatchObject({ guest: false, user_id: 'u7', merged_into_order_id: 'o9' });
  });

  it('is the same whether the events come in one batch or many', async () => {
    const events: OrderEvent[] = [
      started(),
      added(saga, 1),
      added(batman, 1),
      shippingSet(home),
      checkoutStartedEvent({ totals }),
      orderCompletedEvent({ totals }),
    ];
    await project('o1', events, { batches: 1 });
    const once = await row('o1');
    await sql`truncate orders, orders_awaiting_postage, events, streams`.execute(t.tdb.db);
    await project('o1', events, { batches: events.length });
    const many = await row('o1');
    expect({ ...many, created_at: null, updated_at: null }).toEqual({ ...once, created_at: null, updated_at: null });
  });
});
