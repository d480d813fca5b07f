import { randomUUID } from 'node:crypto';
import type { OrderEvent } from '@shop/domain/orders/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataTidy } from '../../../admin/dataTidy.ts';
import { testMetadata } from '../../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { call, createAccounts, eventCount, settled, type Accounts } from './testSupport.ts';

let t: TestApp;
let a: Accounts;
type Order = Record<string, unknown> & {
  _id: string;
  publicId: number;
  posted: boolean;
  trackingNumber: string | null;
  user: { email: string } | null;
  total: number;
  pnp: number;
  paid: number;
};

const address = {
  givenName: 'Jane',
  familyName: 'Citizen',
  addressLine1: '1 Main St',
  suburb: 'Kenmore',
  state: 'QLD',
  postalCode: '4069',
  countryCode: 'AU',
};
const totals = {
  itemCount: 2,
  total: 1190,
  pnp: 450,
  paid: 1640,
  creditFrom: 0,
  creditLeft: 0,
  creditForward: 0,
  toPay: 0,
  paidInFull: true,
};
const line = {
  stockItemId: 'st-saga',
  name: 'Saga #70',
  kind: 'new',
  itemType: 'comic',
  periodType: 'new',
  supplierType: 'diamond',
  comicId: 'NOV260001',
  price: 595,
  pnp: 0,
} as const;

let nextPublicId = 5000;
/** An order built from its events, as checkout would have appended them. */
async function order(options: {
  owner: { userId: string } | { guest: string };
  complete?: boolean;
  name?: string;
  email?: string;
  items?: boolean;
}) {
  const orderId = randomUUID();
  const publicId = nextPublicId++;
  const date = new Date().toISOString();
  const events: OrderEvent[] = [
    {
      type: 'OrderStarted',
      data: {
        orderId,
        publicId,
        type: 'ioa',
        externalId: null,
        ownerUserId: 'userId' in options.owner ? options.owner.userId : null,
        guestToken: 'guest' in options.owner ? options.owner.guest : null,
        date,
      },
    },
  ];
  if (options.items !== false) events.push({ type: 'OrderItemAdded', data: { ...line, quantity: 2, available: 5 } });
  if (options.name) events.push({ type: 'OrderNameSet', data: { name: options.name } });
  if (options.email) events.push({ type: 'OrderEmailSet', data: { email: options.email } });
  events.push({ type: 'ShippingAddressSet', data: { address } });
  if (options.complete) {
    events.push(
      {
        type: 'CheckoutStarted',
        data: { checkoutId: 'c1', startedAt: date, adhoc: !!options.name, pickup: false, lines: [], totals, creditToUse: 0 },
      },
      { type: 'PaymentRecorded', data: { checkoutId: 'c1', paymentId: 'p1', amountCents: 1640, provider: 'card', recordedAt: date } },
      {
        type: 'OrderCompleted',
        data: {
          checkoutId: 'c1',
          completedDate: date,
          publicId,
          ownerUserId: 'userId' in options.owner ? options.owner.userId : null,
          email: options.email ?? '',
          adhoc: !!options.name,
          name: options.name ?? '',
          pickup: false,
          lines: [{ ...line, quantity: 2 }] as never,
          totals,
          creditUsed: 0,
          creditForward: 0,
        },
      },
    );
  }
  await t.ctx.store.append(
    `order-${orderId}`,
    'order',
    events.map((e) => ({ ...e, metadata: testMetadata() })),
    'no_stream',
  );
  return { orderId, publicId };
}

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t, method, url, { token: a.admin.token, payload });
async function refused(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, status: number, message: RegExp) {
  const before = await eventCount(t);
  const res = await admin(method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toMatch(message);
  expect(await eventCount(t)).toBe(before);
}

let customerOrder: { orderId: string; publicId: number };
let guestOrder: { orderId: string; publicId: number };
let adhocOrder: { orderId: string; publicId: number };
let openOrder: { orderId: string; publicId: number };

beforeAll(async () => {
  t = await createTestApp();
  a = await createAccounts(t);
  customerOrder = await order({ owner: { userId: a.customer.userId }, complete: true });
  guestOrder = await order({ owner: { guest: 'guest-hash-1' }, complete: true, email: 'guest@example.com' });
  adhocOrder = await order({ owner: { userId: a.admin.userId }, complete: true, name: 'Walk-in Wally' });
  openOrder = await order({ owner: { userId: a.customer.userId } });
  await settled(t);
});
afterAll(() => t.close());

describe('admin order lists', () => {
  it('lists awaiting postage (oldest first), complete, ad-hoc and all orders with the admin card fields', async () => {
    const awaiting = (await admin('GET', '/api/orders-awaiting-postage')).json().orders as Order[];
    expect(awaiting.map((o) => o.publicId)).toEqual([customerOrder.publicId, guestOrder.publicId]);
    const card = awaiting[0]!;
    expect(card).toMatchObject({
      _id: customerOrder.orderId,
      publicId: customerOrder.publicId,
      name: '',
      user: { givenName: 'Cus', familyName: 'Tester', email: a.customer.email },
      email: a.customer.email,
      type: 'ioa',
      externalId: null,
      paid: 1640,
      total: 1190,
      toPay: 0,
      pnp: 450,
      carriedForward: 0,
      complete: true,
      posted: false,
      postedDate: null,
      trackingNumber: null,
      shippingIsPickup: false,
      shippingAddress: address,
      billingAddress: null,
      orderItems: [{ _id: 'st-saga', name: 'Saga #70', quantity: 2, price: 595, comicId: 'NOV260001' }],
      searchTerms: '',
    });
    expect(typeof card.createdAt).toBe('string');
    expect(typeof card.completedDate).toBe('string');
    const complete = (await admin('GET', '/api/complete-orders')).json().orders as Order[];
    expect(complete.map((o) => o.publicId).sort()).toEqual([customerOrder.publicId, guestOrder.publicId, adhocOrder.publicId].sort());
    const adhoc = (await admin('GET', '/api/adhoc-orders')).json().orders as Order[];
    expect(adhoc.map((o) => o.name)).toEqual(['Walk-in Wally']);
    const all = (await admin('GET', '/api/all-orders')).json().orders as Order[];
    expect(all.map((o) => o.publicId)).toContain(openOrder.publicId);
    expect(all.find((o) => o._id === guestOrder.orderId)).toMatchObject({ email: 'guest@example.com', user: null, guest: true });
  });

  it('finds orders in the admin search by number, customer email and item name', async () => {
    const byNumber = (await admin('GET', `/api/admin-search-stock/${customerOrder.publicId}`)).json().orders as Order[];
    expect(byNumber.map((o) => o._id)).toContain(customerOrder.orderId);
    const byEmail = (await admin('GET', '/api/admin-search-stock/guest@example.com')).json().orders as Order[];
    expect(byEmail.map((o) => o._id)).toEqual([guestOrder.orderId]);
    const byItem = (await admin('GET', '/api/admin-search-stock/saga')).json().orders as Order[];
    expect(byItem.length).toBeGreaterThanOrEqual(3);
  });
});

describe('posting', () => {
  it('posts with a tracking number and answers the new ordersNeedPosting at once', async () => {
    const res = await admin('GET', `/api/post-order/${customerOrder.orderId}/33ABC123456`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { order: Order; ordersNeedPosting: number };
    expect(body.order).toMatchObject({
      posted: true,
      trackingNumber: '33ABC123456',
      trackingUrl: 'https://auspost.com.au/mypost/track/details/33ABC123456',
    });
    expect(body.ordersNeedPosting).toBe(1);
    await settled(t);
    const settings = (await admin('GET', '/api/site-settings-admin')).json();
    expect(settings.ordersNeedPosting).toBe(1);
  });

  it('marks as posted without a tracking number', async () => {
    const res = await admin('GET', `/api/mark-as-posted/${guestOrder.orderId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ order: { posted: true, trackingNumber: null }, ordersNeedPosting: 0 });
  });

  it('refuses to post twice, an order not complete, an unknown order and a bad tracking number, changing nothing', async () => {
    await refused('GET', `/api/mark-as-posted/${guestOrder.orderId}`, undefined, 409, /already been posted/);
    await refused('GET', `/api/post-order/${openOrder.orderId}`, undefined, 409, /Only a completed order can be posted/);
    await refused('GET', '/api/post-order/no-such-order', undefined, 404, /Order not found/);
    await refused(
      'GET',
      `/api/post-order/${adhocOrder.orderId}/${encodeURIComponent('bad<script>')}`,
      undefined,
      400,
      /tracking number has only letters/,
    );
    await refused('GET', `/api/post-order/${adhocOrder.orderId}/${'9'.repeat(65)}`, undefined, 400, /at most 64 characters/);
  });
});

describe('resending emails', () => {
  it('queues the confirmation and the posted email again under new job ids', async () => {
    const first = await admin('GET', `/api/order-resend-confirm/${customerOrder.orderId}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toMatch(/Order confirmation for order \d+ queued to cus-/);
    const job = await t.ctx.queues!.queue('email').getJob(first.json().jobId);
    expect(job?.name).toBe('orderConfirmation');
    expect(job?.data).toMatchObject({ to: a.customer.email, template: 'orderConfirmation' });
    await new Promise((r) => setTimeout(r, 2));
    const again = await admin('GET', `/api/order-resend-confirm/${customerOrder.orderId}`);
    expect(again.json().jobId).not.toBe(first.json().jobId);
    const posted = await admin('GET', `/api/order-resend-posted/${customerOrder.orderId}`);
    expect(posted.statusCode).toBe(200);
    expect((await t.ctx.queues!.queue('email').getJob(posted.json().jobId))?.data).toMatchObject({
      template: 'orderPosted',
      data: { trackingNumber: '33ABC123456' },
    });
  });

  it('answers 409 when there is nothing to resend and 404 for an unknown order', async () => {
    await refused('GET', `/api/order-resend-confirm/${openOrder.orderId}`, undefined, 409, /not complete yet/);
    await refused('GET', `/api/order-resend-posted/${adhocOrder.orderId}`, undefined, 409, /not been posted yet/);
    await refused('GET', '/api/order-resend-confirm/no-such-order', undefined, 404, /Order not found/);
  });
});

describe('deleting', () => {
  it('deletes an order and answers the list without it', async () => {
    const res = await admin('DELETE', `/api/delete-order/${openOrder.orderId}`);
    expect(res.statusCode).toBe(200);
    expect((res.json().orders as Order[]).map((o) => o._id)).not.toContain(openOrder.orderId);
    await refused('DELETE', `/api/delete-order/${openOrder.orderId}`, undefined, 404, /Order not found/);
  });
});

describe('users, credit and feedback', () => {
  it('lists users without password hashes', async () => {
    const res = await admin('GET', '/api/users');
    expect(res.statusCode).toBe(200);
    const users = res.json().users as Record<string, unknown>[];
    expect(users.find((u) => u._id === a.customer.userId)).toMatchObject({
      email: a.customer.email,
      givenName: 'Cus',
      familyName: 'Tester',
      admin: false,
      credit: 0,
    });
    expect(res.body).not.toMatch(/argon2|passwordHash/);
  });

  it('sends credit (appended on the user’s credit stream) and shows it in their balance', async () => {
    const res = await admin('POST', '/api/user-send-credit', {
      targetUserId: a.customer.userId,
      amount: '12.50',
      description: 'Sorry for the bent cover',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/Sent \$12.50 credit to Cus Tester/);
    const events = await t.ctx.store.readStream(`credit-${a.customer.userId}`);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['CreditGranted', { amountCents: 1250, description: 'Sorry for the bent cover', grantedBy: a.admin.userId }],
    ]);
    await settled(t);
    const user = ((await admin('GET', '/api/users')).json().users as { _id: string; credit: number }[]).find(
      (u) => u._id === a.customer.userId,
    );
    expect(user?.credit).toBe(1250);
  });

  it.each([
    [{ targetUserId: 'x', amount: 'ten dollars', description: 'd' }, 400, /Enter the credit amount in dollars/],
    [{ targetUserId: 'x', amount: '0', description: 'd' }, 400, /more than \$0.00/],
    [{ targetUserId: 'x', amount: '-5', description: 'd' }, 400, /more than \$0.00/],
    [{ targetUserId: 'x', amount: '1.234', description: 'd' }, 400, /at most 2 decimal places/],
    [{ targetUserId: 'x', amount: '5', description: '' }, 400, /description/],
    [{ amount: '5', description: 'd' }, 400, /targetUserId/],
    [{ targetUserId: 'no-such-user', amount: '5', description: 'd' }, 404, /User not found/],
  ])('refuses credit %j with a clear %i, changing nothing', async (body, status, message) => {
    await refused('POST', '/api/user-send-credit', body, status, message);
  });

  it('lists feedback for the admin', async () => {
    await t.ctx.store.append(
      'feedback-f1',
      'feedback',
      [
        {
          type: 'FeedbackSubmitted',
          data: { feedbackId: 'f1', email: 'reader@example.com', description: 'More manga please', userId: null },
          metadata: testMetadata(),
        },
      ],
      'no_stream',
    );
    await settled(t);
    const res = await admin('GET', '/api/feedback');
    expect(res.statusCode).toBe(200);
    expect(res.json().feedbacks).toEqual([
      { _id: 'f1', email: 'reader@example.com', description: 'More manga please', createdAt: expect.any(String), userId: null },
    ]);
  });
});

describe('Data Tidy', () => {
  it('removes guest orders with no items older than 30 days, and nothing else', async () => {
    const empty = await order({ owner: { guest: 'guest-hash-2' }, items: false });
    const withItems = await order({ owner: { guest: 'guest-hash-3' } });
    const userEmpty = await order({ owner: { userId: a.customer.userId }, items: false });
    await settled(t);
    const soon = await dataTidy(t.ctx, testMetadata());
    expect(soon.removedGuestOrders).toBe(0);
    const later = await dataTidy(t.ctx, testMetadata(), new Date(Date.now() + 31 * 86_400_000));
    expect(later.removedGuestOrders).toBe(1);
    const deleted = await t.ctx.store.readStream(`order-${empty.orderId}`);
    expect(deleted.at(-1)).toMatchObject({ type: 'OrderDeleted', metadata: { actor: { kind: 'system', name: 'data-tidy' } } });
    expect((await t.ctx.store.readStream(`order-${withItems.orderId}`)).at(-1)?.type).not.toBe('OrderDeleted');
    expect((await t.ctx.store.readStream(`order-${userEmpty.orderId}`)).at(-1)?.type).not.toBe('OrderDeleted');
  });

  it('checks every read model against a rebuild from the events', async () => {
    await settled(t);
    const res = await admin('GET', '/api/data-tidy');
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      message: string;
      removedGuestOrders: number;
      readModels: { projector: string; equal: boolean; differences: Record<string, number> }[];
    };
    expect(body.message).toMatch(/Data tidy done/);
    expect(body.readModels.map((r) => r.projector)).toEqual(
      expect.arrayContaining(['catalogue', 'orders', 'users', 'audit', 'admin-check-list', 'site-settings']),
    );
    for (const r of body.readModels) expect(r, `${r.projector} differs: ${JSON.stringify(r.differences)}`).toMatchObject({ equal: true });
  });
});
