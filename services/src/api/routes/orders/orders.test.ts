import { availableQuantity, heldQuantity, stockItemDecider } from '@shop/domain/catalogue/index';
import { orderDecider } from '@shop/domain/orders/index';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadStream } from '../../../commands/loadStream.ts';
import { recordShopperSearch } from '../catalogue/recordShopperSearch.ts';
import { nextOrderIdOf } from '../../../orders/currentOrder.ts';
import { currentOrderStreamId, guestTokenHash, orderStreamId, stockStreamId } from '../../../orders/streams.ts';
import { addStock, call, confirmationEmailOf, home, newTempToken, settleAll, startSquare } from '../../../orders/testKit.ts';
import { BrowseGate } from '../../../db/salesFirst.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';

let t: TestApp;
let square: Awaited<ReturnType<typeof startSquare>>;

beforeAll(async () => {
  t = await createTestApp();
  square = await startSquare(t.ctx);
});
afterAll(async () => {
  await square?.close();
  await t?.close();
});

type Order = {
  _id: string;
  publicId: number;
  orderItems: { _id: string; name: string; quantity: number; price: number; available: number }[];
  toPay: number;
  total: number;
  pnp: number;
  complete: boolean;
  searchTerms: string;
  searchHistory: string[];
  shippingIsPickup: boolean;
  email: string;
  paid: number;
  completedDate: string | null;
};

const guestOrder = async (token: string) => {
  const res = await call(t.app, 'POST', '/api/current-order', { body: { tempAuthorisation: token } });
  expect(res.status).toBe(200);
  return res.body.order as Order;
};
const update = (order: Partial<Order> & { _id: string } & Record<string, unknown>, token: string | null, bearer?: string) =>
  call(t.app, 'PUT', `/api/update-order/${order._id}`, { body: { ...order, tempAuthorisation: token ?? '' }, token: bearer ?? null });
const complete = (
  order: { _id: string } & Record<string, unknown>,
  token: string | null,
  latestTransaction: Record<string, string>,
  bearer?: string,
) =>
  call(t.app, 'PUT', `/api/complete-order/${order._id}`, {
    body: { ...order, tempAuthorisation: token ?? '', latestTransaction },
    token: bearer ?? null,
  });
const stockState = async (id: string) => (await loadStream(t.ctx.store, stockItemDecider, stockStreamId(id))).state;
const orderState = async (id: string) => (await loadStream(t.ctx.store, orderDecider, orderStreamId(id))).state;
const fakeSearchRequest = (body: unknown, headers: Record<string, string> = {}) =>
  ({
    headers,
    body,
    id: 'req-search',
    log: { warn: () => undefined, error: () => undefined, info: () => undefined },
  }) as unknown as FastifyRequest;

describe('the clock', () => {
  it("is the one Deps.clock: a fixed clock is the order's date and its events' time", async () => {
    const fixed = new Date('2031-02-03T04:05:06.000Z');
    const clock = t.ctx.clock;
    t.ctx.clock = () => new Date(fixed);
    try {
      const item = await addStock(t.ctx, { mainDescription: 'Clock #1', number: 2, price: 500 });
      await settleAll(t);
      const token = newTempToken();
      const draft = await guestOrder(token);
      expect((await update({ _id: draft._id, orderItems: [{ _id: item, quantity: 1 }] as never }, token)).status).toBe(200);
      const events = await t.ctx.store.readStream(orderStreamId(draft._id));
      expect(events.map((e) => e.type)).toContain('OrderStarted');
      expect(events.find((e) => e.type === 'OrderStarted')!.data).toMatchObject({ date: fixed.toISOString() });
      for (const event of events) expect(event.metadata.time).toBe(fixed.toISOString());
    } finally {
      t.ctx.clock = clock;
    }
  });
});

describe('current order', () => {
  it('gives a guest one current order per temp token: a draft, written (with its order number) by its first change', async () => {
    const saga = await addStock(t.ctx, { mainDescription: 'Saga #0', number: 5, price: 595 });
    await settleAll(t);
    const token = newTempToken();
    const first = await call(t.app, 'POST', '/api/current-order', { body: { tempAuthorisation: token } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ transactions: [], credit: 0 });
    const draft = first.body.order as Order;
    expect(draft).toMatchObject({ orderItems: [], complete: false, toPay: 0, total: 0, publicId: 0 });
    expect((await guestOrder(token))._id).toBe(draft._id);
    expect((await guestOrder(newTempToken()))._id).not.toBe(draft._id);
    // Nothing written: no order, no pointer, no order number used.
    expect((await loadStream(t.ctx.store, orderDecider, orderStreamId(draft._id))).version).toBe(0);
    expect(await t.ctx.store.readStream(currentOrderStreamId({ kind: 'guest', token: guestTokenHash(token) }))).toEqual([]);
    // A change that changes nothing leaves it a draft.
    expect(await update({ _id: draft._id, orderItems: [] }, token)).toMatchObject({
      status: 200,
      body: { order: { _id: draft._id, publicId: 0 } },
    });
    expect((await loadStream(t.ctx.store, orderDecider, orderStreamId(draft._id))).version).toBe(0);

    const res = await update({ _id: draft._id, orderItems: [{ _id: saga, quantity: 1 } as never] }, token);
    expect(res.status).toBe(200);
    const written = res.body.order as Order;
    expect(written).toMatchObject({ _id: draft._id, orderItems: [expect.objectContaining({ _id: saga, quantity: 1 })] });
    expect(written.publicId).toBeGreaterThanOrEqual(1001);
    expect(await guestOrder(token)).toMatchObject({ _id: draft._id, publicId: written.publicId });
    const events = (await t.ctx.store.readStream(orderStreamId(draft._id))).map((e) => e.type);
    expect(events).toEqual(['OrderStarted', 'OrderItemAdded']);
  });

  it('writes a draft by its first change without reading again what current-order read, else in one round trip', async () => {
    const saga = await addStock(t.ctx, { mainDescription: 'Saga #0 one read', number: 5, price: 595 });
    await settleAll(t);
    const firstChange = async (token: string, orderId: string) => {
      const readStream = vi.spyOn(t.ctx.store, 'readStream');
      const readStreams = vi.spyOn(t.ctx.store, 'readStreams');
      try {
        expect((await update({ _id: orderId, orderItems: [{ _id: saga, quantity: 1 } as never] }, token)).status).toBe(200);
        return { readStream: readStream.mock.calls.length, readStreams: readStreams.mock.calls.map(([ids]) => ids) };
      } finally {
        readStream.mockRestore();
        readStreams.mockRestore();
      }
    };
    // The pointer current-order read is kept: the append that writes the draft proves it.
    const token = newTempToken();
    const draft = await guestOrder(token);
    expect(await firstChange(token, draft._id)).toEqual({ readStream: 0, readStreams: [] });
    expect((await t.ctx.store.readStream(orderStreamId(draft._id))).map((e) => e.type)).toEqual(['OrderStarted', 'OrderItemAdded']);
    // current-order answered elsewhere (another API process): the order and the pointer read in one round trip.
    const other = newTempToken();
    const owner = { kind: 'guest' as const, token: guestTokenHash(other) };
    const otherDraft = nextOrderIdOf(owner, 0);
    expect(await firstChange(other, otherDraft)).toEqual({
      readStream: 0,
      readStreams: [[orderStreamId(otherDraft), currentOrderStreamId(owner)]],
    });
    expect((await t.ctx.store.readStream(orderStreamId(otherDraft))).map((e) => e.type)).toEqual(['OrderStarted', 'OrderItemAdded']);
  });

  it("writes a guest's next order by its first change once the pointer names a completed one", async () => {
    const saga = await addStock(t.ctx, { mainDescription: 'Saga #0 next', number: 5, price: 595 });
    await settleAll(t);
    const token = newTempToken();
    const first = await guestOrder(token);
    const line = [{ _id: saga, quantity: 1 } as never];
    expect((await update({ _id: first._id, orderItems: line }, token)).status).toBe(200);
    const card = { value: '595', cardToken: 'cnon:card-nonce-ok', buyerToken: '' };
    const done = await complete({ _id: first._id, orderItems: line, shippingIsPickup: true, email: 'next@example.com' }, token, card);
    expect(done.status).toBe(200);
    const next = await guestOrder(token);
    expect(next._id).not.toBe(first._id);
    // Not the caller's: the completed order's id is not a draft, and another guest's next draft is no one's here.
    expect((await update({ _id: (await guestOrder(newTempToken()))._id, orderItems: line }, token)).status).toBe(404);
    const written = await update({ _id: next._id, orderItems: line }, token);
    expect(written.status).toBe(200);
    expect((written.body.order as Order).publicId).toBeGreaterThan((done.body.order as Order).publicId);
    expect((await t.ctx.store.readStream(orderStreamId(next._id))).map((e) => e.type)).toEqual(['OrderStarted', 'OrderItemAdded']);
    expect(await orderState(first._id)).toMatchObject({ complete: true });
  });

  it('agrees on one order when the first changes race', async () => {
    const saga = await addStock(t.ctx, { mainDescription: 'Saga #00', number: 10, price: 595 });
    await settleAll(t);
    const token = newTempToken();
    const draft = await guestOrder(token);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => update({ _id: draft._id, orderItems: [{ _id: saga, quantity: 1 } as never] }, token)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => (a.body.order as Order)._id))).toEqual(new Set([draft._id]));
    const events = (await t.ctx.store.readStream(orderStreamId(draft._id))).map((e) => e.type);
    expect(events).toEqual(['OrderStarted', 'OrderItemAdded']);
    expect(await guestOrder(token)).toMatchObject({ _id: draft._id, orderItems: [expect.objectContaining({ quantity: 1 })] });
  });

  it("writes no one else's draft: another shopper naming it gets 404 and nothing is written", async () => {
    const saga = await addStock(t.ctx, { mainDescription: 'Saga #000', number: 10, price: 595 });
    await settleAll(t);
    const draft = await guestOrder(newTempToken());
    const other = newTempToken();
    expect(await update({ _id: draft._id, orderItems: [{ _id: saga, quantity: 1 } as never] }, other)).toMatchObject({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect(
      await complete({ _id: draft._id, orderItems: [{ _id: saga, quantity: 1 }], shippingIsPickup: true, email: 'a@example.com' }, other, {
        value: '595',
        cardToken: 'cnon:card-nonce-ok',
        buyerToken: '',
      }),
    ).toMatchObject({ status: 404 });
    expect((await loadStream(t.ctx.store, orderDecider, orderStreamId(draft._id))).version).toBe(0);
  });

  it('checks out a draft sent straight to complete-order (written with the body first), and refuses an empty one', async () => {
    const saga = await addStock(t.ctx, { mainDescription: 'Saga #0000', number: 10, price: 595 });
    await settleAll(t);
    const token = newTempToken();
    const draft = await guestOrder(token);
    const card = { value: '595', cardToken: 'cnon:card-nonce-ok', buyerToken: '' };
    expect(await complete({ _id: draft._id, orderItems: [], shippingIsPickup: true, email: 'a@example.com' }, token, card)).toMatchObject({
      status: 400,
      body: { errorMessage: 'Your order has no items' },
    });
    const res = await complete(
      { _id: draft._id, orderItems: [{ _id: saga, quantity: 1 }], shippingIsPickup: true, email: 'a@example.com' },
      token,
      card,
    );
    expect(res).toMatchObject({ status: 200, body: { order: { _id: draft._id, complete: true, paid: 595 } } });
  });

  it('refuses without an identity, and answers 401 for a bad or expired bearer token', async () => {
    expect(await call(t.app, 'POST', '/api/current-order', { body: {} })).toMatchObject({
      status: 401,
      body: { message: 'Please log in' },
    });
    expect(await call(t.app, 'POST', '/api/current-order', { body: { tempAuthorisation: 'short' } })).toMatchObject({ status: 401 });
    expect(await call(t.app, 'GET', '/api/current-order')).toMatchObject({ status: 401, body: { message: 'Please log in' } });
    const bad = await call(t.app, 'GET', '/api/current-order', { token: 'not.a.jwt' });
    expect(bad).toMatchObject({ status: 401, body: { message: expect.stringMatching(/expired/) } });
    const badPost = await call(t.app, 'POST', '/api/current-order', { body: { tempAuthorisation: newTempToken() }, token: 'not.a.jwt' });
    expect(badPost.status).toBe(401);
  });
});

describe('update-order', () => {
  it('takes names, prices and availability from the catalogue and says what it changed', async () => {
    const saga = await addStock(t.ctx, { mainDescription: 'Saga #1', number: 2, price: 595 });
    await settleAll(t);
    const token = newTempToken();
    const order = await guestOrder(token);
    const res = await update(
      {
        _id: order._id,
        orderItems: [{ _id: saga, quantity: 5, name: 'Cheap', price: 1 } as never, { _id: 'missing-item', quantity: 1 } as never],
      },
      token,
    );
    expect(res.status).toBe(200);
    const updated = res.body.order as Order;
    expect(updated.orderItems).toEqual([expect.objectContaining({ _id: saga, name: 'Saga #1', quantity: 2, price: 595, available: 2 })]);
    expect(updated).toMatchObject({ total: 1190, pnp: 450, toPay: 1640 });
    expect(res.body.messages).toEqual([
      'An item you added is no longer available.',
      'Only 2 of Saga #1 are available, so your order has 2.',
    ]);

    // Decreasing below 1 removes the line.
    const removed = await update({ _id: order._id, orderItems: [{ _id: saga, quantity: 0 } as never] }, token);
    expect((removed.body.order as Order).orderItems).toEqual([]);
  });

  it('lets only the owner touch an order (404 for anyone else) and refuses bad input without changing anything', async () => {
    const saga = await addStock(t.ctx, { mainDescription: 'Saga #2', number: 3, price: 595 });
    await settleAll(t);
    const token = newTempToken();
    const order = await guestOrder(token);
    await update({ _id: order._id, orderItems: [{ _id: saga, quantity: 1 } as never] }, token);
    const before = (await loadStream(t.ctx.store, orderDecider, orderStreamId(order._id))).version;

    expect(await update({ _id: order._id, orderItems: [] }, newTempToken())).toMatchObject({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect(await update({ _id: 'no-such-order', orderItems: [] }, token)).toMatchObject({ status: 404 });
    const bad = await update({ _id: order._id, orderItems: [{ _id: saga, quantity: 'two' } as never] }, token);
    expect(bad).toMatchObject({ status: 400, body: { message: 'Quantity must be a number' } });
    const badAddress = await update(
      { _id: order._id, orderItems: [{ _id: saga, quantity: 1 } as never], shippingAddress: 'here' as never },
      token,
    );
    expect(badAddress.status).toBe(400);
    // A postcode outside the state's Australia Post ranges is refused at the step that sends it.
    const perth = { givenName: 'Jo', familyName: 'Bloggs', addressLine1: '1 Hay St', suburb: 'Perth', state: 'QLD', postalCode: '6000' };
    expect(
      await update({ _id: order._id, orderItems: [{ _id: saga, quantity: 1 } as never], shippingAddress: perth as never }, token),
    ).toMatchObject({
      status: 400,
      body: { message: 'Postcode 6000 is not in QLD (QLD postcodes are 4000–4999, 9000–9999)' },
    });
    expect(
      await update(
        { _id: order._id, orderItems: [{ _id: saga, quantity: 1 } as never], billingAddress: { ...perth, postalCode: 'abcd' } as never },
        token,
      ),
    ).toMatchObject({
      status: 400,
      body: { message: 'Postcode must be 4 digits' },
    });
    expect(await update({ _id: order._id, orderItems: [{ _id: saga, quantity: 1 } as never] }, null)).toMatchObject({ status: 401 });

    expect((await loadStream(t.ctx.store, orderDecider, orderStreamId(order._id))).version).toBe(before);
  });
});

describe('the guest flow end to end', () => {
  it('current order, add, update, search terms recorded, complete with pickup', async () => {
    const saga = await addStock(t.ctx, { mainDescription: 'Saga #3', number: 4, price: 595 });
    const catan = await addStock(t.ctx, {
      mainDescription: 'Catan',
      number: 2,
      price: 6500,
      itemType: 'game',
      periodType: 'new',
      pnp: 1500,
    });
    await settleAll(t);
    const token = newTempToken();
    let order = await guestOrder(token);

    await recordShopperSearch(t.ctx, fakeSearchRequest({ tempAuthorisation: token }), 'saga');
    await recordShopperSearch(t.ctx, fakeSearchRequest({ tempAuthorisation: token }), '  Spider-Man  ');
    await recordShopperSearch(t.ctx, fakeSearchRequest({}), 'nobody'); // no identity: nothing recorded
    // The current order settles the shopper's gathered terms: the first search's write started the
    // draft, with both terms, in one append.
    expect((await guestOrder(token)).searchHistory).toEqual(['Spider-Man', 'saga']);
    const written = await t.ctx.store.readStream(orderStreamId(order._id));
    expect(written.map((e) => e.type)).toEqual(['OrderStarted', 'OrderSearchRecorded', 'OrderSearchRecorded']);
    expect(new Set(written.map((e) => e.position.transactionId)).size).toBe(1);

    let res = await update({ _id: order._id, orderItems: [{ _id: saga, quantity: 1 } as never] }, token);
    order = res.body.order as Order;
    expect(order).toMatchObject({ searchTerms: 'saga | Spider-Man', searchHistory: ['Spider-Man', 'saga'] });
    // Adding the game and one more Saga: games add pnp x quantity instead of the table.
    res = await update({ _id: order._id, orderItems: [{ _id: catan, quantity: 1 } as never, { _id: saga, quantity: 2 } as never] }, token);
    order = res.body.order as Order;
    expect(order).toMatchObject({ total: 7690, pnp: 850 + 1500, toPay: 10040 });
    expect(order.orderItems.map((l) => l._id)).toEqual([catan, saga]);

    res = await update({ ...order, email: ' Guest@Example.com ', shippingIsPickup: true } as never, token);
    order = res.body.order as Order;
    expect(order).toMatchObject({ email: 'guest@example.com', shippingIsPickup: true, pnp: 0, toPay: 7690 });

    const done = await complete(order, token, { value: '7690', cardToken: 'cnon:card-nonce-ok', buyerToken: 'verf:ok' });
    expect(done.status).toBe(200);
    const completed = done.body.order as Order;
    expect(completed).toMatchObject({ complete: true, paid: 7690, toPay: 0, searchTerms: 'saga | Spider-Man' });
    expect(completed.completedDate).toEqual(expect.any(String));
    expect(done.body.transactions).toEqual([expect.objectContaining({ value: 7690, complete: true, provider: 'card' })]);
    expect(square.charges().filter((c) => c.amount_money.amount === 7690)).toHaveLength(1);

    // The holds became sales.
    const sagaStock = await stockState(saga);
    expect(heldQuantity(sagaStock)).toBe(0);
    expect(availableQuantity(sagaStock)).toBe(2);

    // The confirmation email (made by the email reactor from OrderCompleted) has what it needs.
    expect(await confirmationEmailOf(t.ctx, order._id)).toMatchObject({
      template: 'orderConfirmation',
      to: 'guest@example.com',
      data: {
        items: expect.arrayContaining([{ name: 'Saga #3', quantity: 2, unitPriceCents: 595 }]),
        subtotalCents: 7690,
        postageCents: 0,
        totalPaidCents: 7690,
        delivery: { method: 'pickup', pickupAddress: t.ctx.config.PICKUP_ADDRESS },
        shopName: t.ctx.config.SHOP_NAME,
        shopAbn: t.ctx.config.SHOP_ABN,
      },
    });

    // The order's confirmation page: opened by the token the answer carries (and the email's link).
    const confirmationToken = done.body.confirmationToken as string;
    expect(confirmationToken).toMatch(/^[\w-]{20,}$/);
    // The order number is found through the orders read model (it has the order from its first change).
    await settleAll(t);
    const page = await call(t.app, 'GET', `/api/order-confirmation/${completed.publicId}?token=${confirmationToken}`);
    expect(page).toMatchObject({
      status: 200,
      body: {
        order: {
          _id: order._id,
          publicId: completed.publicId,
          complete: true,
          paid: 7690,
          creditFrom: 0,
          completedDate: completed.completedDate,
          shippingIsPickup: true,
        },
        // A pickup order's page gives where and when to collect.
        pickup: { address: t.ctx.config.PICKUP_ADDRESS, hours: t.ctx.config.PICKUP_HOURS },
      },
    });
    expect((await confirmationEmailOf(t.ctx, order._id))?.data).toMatchObject({
      confirmationUrl: `${t.ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/order-confirmation/${completed.publicId}?token=${confirmationToken}`,
    });
    for (const path of [
      `/api/order-confirmation/${completed.publicId}`,
      `/api/order-confirmation/${completed.publicId}?token=${confirmationToken.slice(1)}x`,
      `/api/order-confirmation/${completed.publicId + 1}?token=${confirmationToken}`,
      `/api/order-confirmation/abc?token=${confirmationToken}`,
    ]) {
      expect(await call(t.app, 'GET', path)).toMatchObject({ status: 404, body: { message: 'Order not found' } });
    }

    // The next current order is a new, empty one.
    const next = await guestOrder(token);
    expect(next._id).not.toBe(order._id);
    expect(next.orderItems).toEqual([]);

    // The read models.
    await settleAll(t);
    const row = await t.ctx.db.selectFrom('orders').selectAll().where('order_id', '=', order._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      complete: true,
      guest: true,
      email: 'guest@example.com',
      pickup: true,
      total: 7690,
      paid: 7690,
      to_pay: 0,
      search_terms: 'saga | Spider-Man',
      checkout_id: null,
    });
    const awaiting = await t.ctx.db.selectFrom('orders_awaiting_postage').selectAll().where('order_id', '=', order._id).executeTakeFirst();
    expect(awaiting?.public_id).toBe(completed.publicId);
    const stockRow = await t.ctx.db
      .selectFrom('stock_items')
      .select(['number', 'available'])
      .where('stock_item_id', '=', saga)
      .executeTakeFirstOrThrow();
    expect(stockRow).toEqual({ number: 2, available: 2 });
  });
});

describe('order confirmation', () => {
  it("opens for the order's account by bearer, not for another account, nor before the order is complete", async () => {
    const item = await addStock(t.ctx, { mainDescription: `Confirmed ${Math.random()}`, number: 3, price: 800 });
    await settleAll(t);
    const signUp = async (email: string) => {
      const res = await call(t.app, 'POST', '/api/sign-up-user', {
        body: { givenName: 'Con', familyName: 'Firm', email, password: 'a-good-password', passwordConfirm: 'a-good-password' },
      });
      expect(res.status).toBe(201);
      return res.body.authorisationKey as string;
    };
    const owner = await signUp(`confirm.${Date.now()}@example.com`);
    const stranger = await signUp(`stranger.${Date.now()}@example.com`);
    const draft = (await call(t.app, 'GET', '/api/current-order', { token: owner })).body.order as Order;
    const res = await update(
      { _id: draft._id, orderItems: [{ _id: item, quantity: 1 } as never], shippingAddress: home as never, shippingIsSameAsBilling: true },
      null,
      owner,
    );
    const order = res.body.order as Order;
    await settleAll(t);
    expect(await call(t.app, 'GET', `/api/order-confirmation/${order.publicId}`, { token: owner })).toMatchObject({ status: 404 });
    const done = await complete(order, null, { value: String(order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' }, owner);
    expect(done.status).toBe(200);
    await settleAll(t);
    expect(await call(t.app, 'GET', `/api/order-confirmation/${order.publicId}`, { token: owner })).toMatchObject({
      status: 200,
      body: {
        order: {
          publicId: order.publicId,
          complete: true,
          total: 800,
          pnp: 450,
          paid: 1250,
          creditFrom: 0,
          shippingAddress: { addressLine1: home.addressLine1 },
        },
      },
    });
    expect(await call(t.app, 'GET', `/api/order-confirmation/${order.publicId}`, { token: stranger })).toMatchObject({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect(await call(t.app, 'GET', `/api/order-confirmation/${order.publicId}`, { token: 'not-a-jwt' })).toMatchObject({ status: 404 });
  });
});

describe('complete-order', () => {
  async function readyOrder(price = 595, number = 5) {
    const item = await addStock(t.ctx, { mainDescription: `Issue ${Math.random()}`, number, price });
    await settleAll(t);
    const token = newTempToken();
    const order = await guestOrder(token);
    const res = await update(
      {
        _id: order._id,
        orderItems: [{ _id: item, quantity: 1 } as never],
        email: 'buyer@example.com',
        shippingAddress: home as never,
        shippingIsSameAsBilling: true,
      },
      token,
    );
    return { item, token, order: res.body.order as Order };
  }

  it('counts update-order and complete-order as sales while they run, so browsing yields them a connection', async () => {
    const gate = new BrowseGate({ max: 3, min: 1 });
    const { clock, paymentGateway } = t.ctx;
    const salesSeen: number[] = [];
    t.ctx.browseGate = gate;
    t.ctx.clock = () => (salesSeen.push(gate.state().sales), clock());
    t.ctx.paymentGateway = {
      name: paymentGateway.name,
      refund: (...args) => paymentGateway.refund(...args),
      charge: (request) => (salesSeen.push(gate.state().sales), paymentGateway.charge(request)),
    };
    try {
      const { token, order } = await readyOrder(990);
      expect(Math.max(...salesSeen)).toBe(1); // update-order
      salesSeen.length = 0;
      const done = await complete(order, token, { value: String(order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' });
      expect(done.status).toBe(200);
      expect(Math.max(...salesSeen)).toBe(1);
      expect(gate.state()).toEqual({ limit: 3, held: 0, waiting: 0, sales: 0 });
      // A refused payment ends its sale too.
      const declined = await readyOrder(991);
      const refused = await complete(declined.order, declined.token, {
        value: String(declined.order.toPay),
        cardToken: 'cnon:card-nonce-declined',
        buyerToken: '',
      });
      expect(refused.status).toBe(402);
      expect(gate.state().sales).toBe(0);
    } finally {
      t.ctx.clock = clock;
      t.ctx.paymentGateway = paymentGateway;
      delete t.ctx.browseGate;
    }
  });

  it('sent twice with the same body: one charge, one completed order, the same answer', async () => {
    const { token, order } = await readyOrder(1234);
    expect(order.toPay).toBe(1234 + 450);
    const charges = square.charges().length;
    const body = { value: String(order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' };
    const first = await complete(order, token, body);
    const second = await complete(order, token, body);
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(square.charges().length).toBe(charges + 1);

    // At the same moment, too.
    const other = await readyOrder(777);
    const both = await Promise.all([
      complete(other.order, other.token, { value: String(other.order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' }),
      complete(other.order, other.token, { value: String(other.order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[1]).toEqual(both[0]);
    expect(square.charges().length).toBe(charges + 2);
  });

  it('a declined card: 402 with the message, no stock held, the order still current', async () => {
    const { item, token, order } = await readyOrder();
    const res = await complete(order, token, { value: String(order.toPay), cardToken: 'cnon:card-nonce-declined', buyerToken: '' });
    expect(res).toMatchObject({ status: 402, body: { errorMessage: expect.stringMatching(/declined/) } });
    expect(heldQuantity(await stockState(item))).toBe(0);
    const state = await orderState(order._id);
    expect(state).toMatchObject({ complete: false, checkout: null });
    expect((await guestOrder(token))._id).toBe(order._id);
    await settleAll(t);
    const stockRow = await t.ctx.db
      .selectFrom('stock_items')
      .select('available')
      .where('stock_item_id', '=', item)
      .executeTakeFirstOrThrow();
    expect(stockRow.available).toBe(5);

    // It can be paid with another card afterwards.
    const again = await complete(order, token, { value: String(order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' });
    expect(again.status).toBe(200);
  });

  it('refuses an amount that is not what the server would charge, a missing card and a missing address, changing nothing', async () => {
    const { item, token, order } = await readyOrder();
    const charges = square.charges().length;
    const wrong = await complete(order, token, { value: '1', cardToken: 'cnon:card-nonce-ok', buyerToken: '' });
    expect(wrong).toMatchObject({ status: 409, body: { errorMessage: expect.stringMatching(/amount to pay is now \$10\.45/) } });
    const noCard = await complete(order, token, { value: String(order.toPay), cardToken: '', buyerToken: '' });
    expect(noCard).toMatchObject({ status: 400, body: { errorMessage: 'Please enter your card details' } });
    const noAddress = await complete({ ...order, shippingAddress: null }, token, {
      value: String(order.toPay),
      cardToken: 'cnon:card-nonce-ok',
      buyerToken: '',
    });
    expect(noAddress).toMatchObject({ status: 400, body: { errorMessage: 'Please enter a shipping address' } });
    const badValue = await complete(order, token, { value: '12.50', cardToken: 'cnon:card-nonce-ok', buyerToken: '' });
    expect(badValue).toMatchObject({ status: 400 });
    expect(
      await complete(order, newTempToken(), { value: String(order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' }),
    ).toMatchObject({ status: 404 });
    expect(square.charges().length).toBe(charges);
    expect(heldQuantity(await stockState(item))).toBe(0);
    expect((await orderState(order._id)).failedCheckoutIds).toEqual([]);
    // The card tokens each call sent were kept with its first lookup, and forgotten when it was refused.
    const cards = await t.ctx.db.selectFrom('checkout_cards').select('checkout_id').where('order_id', '=', order._id).execute();
    expect(cards).toEqual([]);
  });

  it('tells the shopper when the order had to change (a line cut to what is left) and charges nothing', async () => {
    const { item, token, order } = await readyOrder(500, 1);
    const res = await complete({ ...order, orderItems: [{ ...order.orderItems[0]!, quantity: 3 }] }, token, {
      value: String(order.toPay),
      cardToken: 'cnon:card-nonce-ok',
      buyerToken: '',
    });
    expect(res).toMatchObject({ status: 409, body: { errorMessage: expect.stringMatching(/Only 1 of .* available/) } });
    expect(heldQuantity(await stockState(item))).toBe(0);
  });
});

describe('20 shoppers race for the 3 copies of one item', () => {
  it('exactly 3 complete, the others get a clear message, 3 charges, and the stock read model says 0', async () => {
    const item = await addStock(t.ctx, { mainDescription: 'Amazing Fantasy #15 facsimile', number: 3, price: 995 });
    await settleAll(t);
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const token = newTempToken();
        const order = await guestOrder(token);
        const res = await update(
          { _id: order._id, orderItems: [{ _id: item, quantity: 1 } as never], email: 'racer@example.com', shippingIsPickup: true },
          token,
        );
        expect(res.status).toBe(200);
        return { token, order: res.body.order as Order };
      }),
    );
    const before = square.charges().length;
    const results = await Promise.all(
      shoppers.map((s) => complete(s.order, s.token, { value: String(s.order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' })),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) {
      expect(r.status).toBe(409);
      // Sold out at the hold, or already seen sold out in the catalogue when the order was synced.
      expect(r.body.errorMessage).toMatch(
        /^(Sorry, Amazing Fantasy #15 facsimile has just sold out\. Please review your order\.|Amazing Fantasy #15 facsimile is sold out and was removed from your order\. Please review your order and try again\.)$/,
      );
    }
    expect(square.charges().length - before).toBe(3);
    const stock = await stockState(item);
    expect(heldQuantity(stock)).toBe(0);
    expect(availableQuantity(stock)).toBe(0);
    await settleAll(t);
    const row = await t.ctx.db
      .selectFrom('stock_items')
      .select(['number', 'available'])
      .where('stock_item_id', '=', item)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ number: 0, available: 0 });
  });
});
