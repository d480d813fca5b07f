import { availableQuantity, heldQuantity, stockItemDecider } from '@shop/domain/catalogue/index';
import { creditDecider } from '@shop/domain/credit/index';
import { catalogueLookup, orderDecider } from '@shop/domain/orders/index';
import { rebuildProjector } from '@shop/projections/runner/rebuild';
import { catalogueProjector } from '@shop/projections/catalogue/catalogueProjector';
import { ordersProjector } from '@shop/projections/orders/ordersProjector';
import { usersProjector } from '@shop/projections/users/usersProjector';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadStream } from '../commands/loadStream.ts';
import { handle, RETRIES } from '../commands/handle.ts';
import { lookupCatalogueItems } from '../catalogue/catalogueLookup.ts';
import { ensureAdmin } from '../main/setup/ensureAdmin.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { testMetadata } from '../testing/fixtures.ts';
import { holdRefusalMessage, idempotencyKeyOf, STOCK_CONTENTION_MESSAGE } from './checkout.ts';
import { checkoutCard, forgetCheckoutCardSoon, keepCheckoutCard } from './checkoutCards.ts';
import { recoverStalledCheckouts } from './checkoutRecovery.ts';
import { ConcurrencyError } from '../eventstore/types.ts';
import { creditStreamId, orderStreamId, stockStreamId } from './streams.ts';
import { addStock, call, confirmationEmailOf, grantCredit, home, newTempToken, settleAll, startSquare } from './testKit.ts';

let t: TestApp;
let square: Awaited<ReturnType<typeof startSquare>>;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

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
  orderItems: { _id: string; quantity: number }[];
  toPay: number;
  total: number;
  pnp: number;
  creditFrom: number;
  complete: boolean;
  paid: number;
};

async function signUp(email: string, tempToken?: string) {
  const res = await call(t.app, 'POST', '/api/sign-up-user', {
    body: {
      givenName: 'Jane',
      familyName: 'Citizen',
      email,
      password: 'correct horse',
      passwordConfirm: 'correct horse',
      ...(tempToken ? { tempToken } : {}),
    },
    ip: `10.1.0.${Math.floor(Math.random() * 250)}`,
  });
  expect(res.status).toBe(201);
  return { token: res.body.authorisationKey as string, user: res.body.user as { _id: string; addresses: { _id: string }[] } };
}
const currentOrder = async (bearer: string) => {
  const res = await call(t.app, 'GET', '/api/current-order', { token: bearer });
  expect(res.status).toBe(200);
  return res.body as { order: Order; credit: number; transactions: unknown[] };
};
const update = (order: Record<string, unknown> & { _id: string }, bearer: string) =>
  call(t.app, 'PUT', `/api/update-order/${order._id}`, { body: { ...order, tempAuthorisation: '' }, token: bearer });
const complete = (
  order: Record<string, unknown> & { _id: string },
  bearer: string | null,
  latestTransaction: Record<string, string>,
  tempAuthorisation = '',
) => call(t.app, 'PUT', `/api/complete-order/${order._id}`, { body: { ...order, tempAuthorisation, latestTransaction }, token: bearer });
const cardsOfOrder = async (orderId: string) =>
  (await t.ctx.db.selectFrom('checkout_cards').select('checkout_id').where('order_id', '=', orderId).execute()).length;
const balance = async (userId: string) => (await loadStream(t.ctx.store, creditDecider, creditStreamId(userId))).state.balanceCents;

describe('a signed-in customer with a saved address and credit', () => {
  it('pays the rest by card after the credit, and the order shows in Your Orders', async () => {
    const item = await addStock(t.ctx, { mainDescription: 'Watchmen #1', number: 2, price: 1500 });
    await settleAll(t);
    const { token, user } = await signUp('jane.credit@example.com');
    const added = await call(t.app, 'POST', '/api/add-new-address/', { body: home, token });
    expect(added.status).toBe(200);
    const saved = (added.body.user as { addresses: (typeof home & { _id: string })[] }).addresses[0]!;
    await grantCredit(t.ctx, user._id, 500);

    const current = await currentOrder(token);
    expect(current.credit).toBe(500);
    let res = await update(
      { _id: current.order._id, orderItems: [{ _id: item, quantity: 1 }], shippingAddress: saved, shippingIsSameAsBilling: true },
      token,
    );
    expect(res.status).toBe(200);
    const order = res.body.order as Order;
    // 1500 + tracked letter 850 (total 1500 or more) - 500 credit.
    expect(order).toMatchObject({ total: 1500, pnp: 850, creditFrom: 500, toPay: 1850 });
    expect(res.body.credit).toBe(500);

    res = await complete(order, token, { value: '1850', cardToken: 'cnon:card-nonce-ok', buyerToken: 'verf:1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ order: { complete: true, paid: 1850, creditFrom: 500, toPay: 0 }, credit: 0 });
    expect(await balance(user._id)).toBe(0);
    const credit = await loadStream(t.ctx.store, creditDecider, creditStreamId(user._id));
    expect(credit.events.map((e) => e.type)).toEqual(['CreditGranted', 'CreditUsed']);
    // The card tokens go soon after (gathered with other completed checkouts' into one delete).
    await expect.poll(() => cardsOfOrder(order._id)).toBe(0);

    const email = await confirmationEmailOf(t.ctx, order._id);
    expect(email).toMatchObject({ to: 'jane.credit@example.com' });
    expect(email?.data).toMatchObject({
      name: 'Jane Citizen',
      creditUsedCents: 500,
      totalPaidCents: 1850,
      postageCents: 850,
      delivery: { method: 'post', address: { addressLine1: '1 Main St' } },
    });

    await settleAll(t);
    const past = await call(t.app, 'GET', '/api/orders', { token });
    expect(past.status).toBe(200);
    expect(past.body.orders).toEqual([expect.objectContaining({ _id: order._id, complete: true, total: 1500, paid: 1850 })]);
    expect(await call(t.app, 'GET', '/api/orders')).toMatchObject({ status: 401 });
    const balanceRow = await t.ctx.db.selectFrom('credit_balances').selectAll().where('user_id', '=', user._id).executeTakeFirstOrThrow();
    expect(balanceRow).toMatchObject({ balance_cents: 0, granted_cents: 500, used_cents: 500 });
    // Not the same customer: 404.
    const other = await signUp('someone.else@example.com');
    expect(await update({ _id: order._id, orderItems: [] }, other.token)).toMatchObject({ status: 404 });
  });

  it('completes an order paid in full by credit without a card', async () => {
    const item = await addStock(t.ctx, { mainDescription: 'Sandman #1', number: 1, price: 1000 });
    await settleAll(t);
    const { token, user } = await signUp('jane.allcredit@example.com');
    await grantCredit(t.ctx, user._id, 5000);
    const current = await currentOrder(token);
    const res = await update(
      { _id: current.order._id, orderItems: [{ _id: item, quantity: 1 }], shippingAddress: home, shippingIsSameAsBilling: true },
      token,
    );
    const order = res.body.order as Order;
    expect(order).toMatchObject({ toPay: 0, creditFrom: 1450 });
    const charges = square.charges().length;
    const done = await complete(order, token, { value: '0', cardToken: '', buyerToken: '' });
    expect(done).toMatchObject({
      status: 200,
      body: { order: { complete: true, paid: 0, creditFrom: 1450 }, transactions: [], credit: 3550 },
    });
    expect(square.charges().length).toBe(charges);
    expect(await balance(user._id)).toBe(3550);
  });

  it('collates the addresses of past orders once, without duplicates', async () => {
    const item = await addStock(t.ctx, { mainDescription: 'Hellboy #1', number: 2, price: 800 });
    await settleAll(t);
    const { token } = await signUp('jane.collate@example.com');
    const work = { ...home, addressLine1: '9 Work Rd', suburb: 'Toowong', postalCode: '4066' };
    const current = await currentOrder(token);
    const res = await update(
      {
        _id: current.order._id,
        orderItems: [{ _id: item, quantity: 1 }],
        shippingAddress: home,
        billingAddress: work,
        shippingIsSameAsBilling: false,
      },
      token,
    );
    const order = res.body.order as Order;
    expect((await complete(order, token, { value: String(order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' })).status).toBe(
      200,
    );
    await settleAll(t);
    const collated = await call(t.app, 'POST', '/api/collate-addresses-from-order/', { token });
    expect(collated.status).toBe(200);
    const collatedUser = collated.body.user as { addresses: { addressLine1: string }[]; showCollateAddresses: boolean };
    expect(collatedUser.addresses.map((a) => a.addressLine1).sort()).toEqual(['1 Main St', '9 Work Rd']);
    expect(collatedUser.showCollateAddresses).toBe(false);
    const again = await call(t.app, 'POST', '/api/collate-addresses-from-order/', { token });
    expect((again.body.user as { addresses: unknown[] }).addresses).toHaveLength(2);
    expect(await call(t.app, 'POST', '/api/collate-addresses-from-order/')).toMatchObject({ status: 401 });
  });
});

describe('an ad-hoc sale', () => {
  it('an admin with a customer name completes without a card or postage, paid in person, and it needs no posting', async () => {
    await ensureAdmin(t.ctx, t.ctx.config, () => undefined);
    const login = await call(t.app, 'POST', '/api/login', {
      body: { email: t.ctx.config.ADMIN_EMAIL, password: t.ctx.config.ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const admin = login.body.authorisationKey as string;
    const item = await addStock(t.ctx, { mainDescription: 'Spawn #1', number: 3, price: 2000 });
    await settleAll(t);
    const current = await currentOrder(admin);
    const res = await update({ _id: current.order._id, orderItems: [{ _id: item, quantity: 2 }] }, admin);
    const order = res.body.order as Order;
    expect(order.pnp).toBeGreaterThan(0);
    const charges = square.charges().length;
    // The web sends the toPay it showed (with postage) and the name: the server takes its own amount.
    const done = await complete({ ...order, name: 'Walk-in Customer' }, admin, {
      value: String(order.toPay),
      cardToken: '',
      buyerToken: '',
    });
    expect(done).toMatchObject({
      status: 200,
      body: { order: { complete: true, name: 'Walk-in Customer', pnp: 0, total: 4000, paid: 4000 } },
    });
    expect(done.body.transactions).toEqual([expect.objectContaining({ provider: 'in_person', value: 4000 })]);
    expect(square.charges().length).toBe(charges);
    await settleAll(t);
    expect(
      await t.ctx.db.selectFrom('orders_awaiting_postage').selectAll().where('order_id', '=', order._id).executeTakeFirst(),
    ).toBeUndefined();
    const row = await t.ctx.db
      .selectFrom('orders')
      .select(['adhoc', 'name', 'complete'])
      .where('order_id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ adhoc: true, name: 'Walk-in Customer', complete: true });
  });

  it('a customer cannot name an order (the name is ignored), so it is a normal checkout', async () => {
    const item = await addStock(t.ctx, { mainDescription: 'Spawn #2', number: 3, price: 2000 });
    await settleAll(t);
    const { token } = await signUp('not.an.admin@example.com');
    const current = await currentOrder(token);
    const res = await update({ _id: current.order._id, orderItems: [{ _id: item, quantity: 1 }], name: 'Me' }, token);
    expect(res.body.order).toMatchObject({ name: '' });
    const done = await complete({ ...(res.body.order as Order), name: 'Me' }, token, { value: '0', cardToken: '', buyerToken: '' });
    expect(done).toMatchObject({ status: 400, body: { errorMessage: 'Please enter a shipping address' } });
  });
});

describe('the process manager for checkouts a crash left half way', () => {
  /** A guest order at the point a crash would leave it: checkout begun, stock held, card kept, nothing charged. */
  async function crashAfterHold(options: { keepCard: boolean }) {
    const item = await addStock(t.ctx, { mainDescription: `Crash ${Math.random()}`, number: 2, price: 600 });
    await settleAll(t);
    const tempToken = newTempToken();
    const current = await call(t.app, 'POST', '/api/current-order', { body: { tempAuthorisation: tempToken } });
    const orderId = (current.body.order as Order)._id;
    const res = await call(t.app, 'PUT', `/api/update-order/${orderId}`, {
      body: {
        _id: orderId,
        orderItems: [{ _id: item, quantity: 1 }],
        email: 'crash@example.com',
        shippingIsPickup: true,
        tempAuthorisation: tempToken,
      },
    });
    const order = res.body.order as Order;
    expect(res.body.messages).toEqual([]);
    const checkoutId = `checkout-${Math.random().toString(36).slice(2)}`;
    if (options.keepCard) await keepCheckoutCard(t.ctx, orderId, checkoutId, { cardToken: 'cnon:card-nonce-ok', buyerToken: '' });
    const state = (await loadStream(t.ctx.store, orderDecider, orderStreamId(orderId))).state;
    const by = { kind: 'guest' as const, token: state.owner?.kind === 'guest' ? state.owner.token : '' };
    const catalogue = catalogueLookup(await lookupCatalogueItems(t.ctx.pool, [item], t.ctx.clock()));
    await handle(
      t.ctx,
      orderDecider,
      orderStreamId(orderId),
      { type: 'BeginCheckout', by, checkoutId, catalogue, creditAvailableCents: 0, at: new Date(Date.now() - 60_000).toISOString() },
      testMetadata(),
    );
    await handle(t.ctx, stockItemDecider, stockStreamId(item), { type: 'HoldStock', data: { orderId, quantity: 1 } }, testMetadata());
    await settleAll(t);
    return { item, orderId, checkoutId, order, tempToken };
  }
  const held = async (item: string) => heldQuantity((await loadStream(t.ctx.store, stockItemDecider, stockStreamId(item))).state);
  const recover = () => recoverStalledCheckouts(t.ctx, { olderThanMs: 30_000, gateway: square.gateway, log: quiet });

  it('finishes a checkout stopped after the hold: charged once, completed, nothing left held', async () => {
    const { item, orderId, checkoutId, order } = await crashAfterHold({ keepCard: true });
    expect(await held(item)).toBe(1);
    const charges = square.charges().length;
    const report = await recover();
    expect(report.completed).toContain(orderId);
    expect(square.charges().length).toBe(charges + 1);
    expect(await held(item)).toBe(0);
    const state = (await loadStream(t.ctx.store, orderDecider, orderStreamId(orderId))).state;
    expect(state).toMatchObject({ complete: true, checkout: null, completedCheckoutId: checkoutId });
    expect(state.payments.map((p) => p.amountCents)).toEqual([order.toPay]);
    expect(await checkoutCard(t.ctx, checkoutId)).toBeNull();
    // Running it again changes nothing.
    const again = await recover();
    expect(again.completed).not.toContain(orderId);
    expect(square.charges().length).toBe(charges + 1);
  });

  it('never charges twice when the crash came after the charge: the same idempotency key answers the first charge', async () => {
    const { item, orderId, checkoutId, order } = await crashAfterHold({ keepCard: true });
    const charges = square.charges().length;
    const first = await square.gateway.charge({
      amountCents: order.toPay,
      sourceId: 'cnon:card-nonce-ok',
      idempotencyKey: idempotencyKeyOf(orderId, checkoutId),
      referenceId: String(order.publicId),
      note: `Order ${order.publicId}`,
    });
    expect(first.ok).toBe(true);
    expect(square.charges().length).toBe(charges + 1);
    const report = await recover();
    expect(report.completed).toContain(orderId);
    expect(square.charges().length).toBe(charges + 1);
    const state = (await loadStream(t.ctx.store, orderDecider, orderStreamId(orderId))).state;
    expect(state.payments.map((p) => p.paymentId)).toEqual([first.ok ? first.paymentId : '']);
    expect(await held(item)).toBe(0);
  });

  it('finishes a checkout stopped after the sale without holding the sold copies again', async () => {
    const { item, orderId, checkoutId, order } = await crashAfterHold({ keepCard: true });
    await square.gateway.charge({
      amountCents: order.toPay,
      sourceId: 'cnon:card-nonce-ok',
      idempotencyKey: idempotencyKeyOf(orderId, checkoutId),
      referenceId: String(order.publicId),
      note: `Order ${order.publicId}`,
    });
    await handle(
      t.ctx,
      stockItemDecider,
      stockStreamId(item),
      { type: 'SellHeld', data: { orderId, unitPriceCents: 600 } },
      testMetadata(),
    );
    const charges = square.charges().length;
    const report = await recover();
    expect(report.completed).toContain(orderId);
    expect(square.charges().length).toBe(charges);
    const stock = (await loadStream(t.ctx.store, stockItemDecider, stockStreamId(item))).state;
    expect(heldQuantity(stock)).toBe(0);
    expect(availableQuantity(stock)).toBe(1);
  });

  it('undoes a checkout whose card tokens are gone (it was never charged): holds released, order still current', async () => {
    const { item, orderId } = await crashAfterHold({ keepCard: false });
    const charges = square.charges().length;
    const report = await recover();
    expect(report.failed).toContain(orderId);
    expect(square.charges().length).toBe(charges);
    expect(await held(item)).toBe(0);
    const state = (await loadStream(t.ctx.store, orderDecider, orderStreamId(orderId))).state;
    expect(state).toMatchObject({ complete: false, checkout: null });
  });

  it('leaves a checkout younger than the limit alone; meanwhile the order cannot change or pay again', async () => {
    const { item, orderId, order, tempToken } = await crashAfterHold({ keepCard: true });
    const busy = await complete(order, null, { value: String(order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' }, tempToken);
    expect(busy).toMatchObject({ status: 409, body: { errorMessage: expect.stringMatching(/^Payment for this order is in progress/) } });
    const change = await call(t.app, 'PUT', `/api/update-order/${orderId}`, {
      body: { _id: orderId, orderItems: [], tempAuthorisation: tempToken },
    });
    expect(change).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^Payment for this order is in progress/) } });
    const report = await recoverStalledCheckouts(t.ctx, { olderThanMs: 10 * 60_000, gateway: square.gateway, log: quiet });
    expect([...report.completed, ...report.failed]).not.toContain(orderId);
    expect(await held(item)).toBe(1);
    await recover();
    expect(await held(item)).toBe(0);
  });
});

describe('many checkouts of the same items in one process', () => {
  /** Another process writing to the same store: it moves none of the states this one keeps. */
  const anotherProcess = () => ({ store: t.ctx.store, ids: t.ctx.ids });
  async function guestBuys(stockItemId: string, quantity: number) {
    return completeAsGuest(await guestReadyToPay(stockItemId, quantity));
  }
  /** A guest's order with the item, updated and ready to complete. */
  async function guestReadyToPay(stockItemId: string, quantity: number) {
    const tempAuthorisation = newTempToken();
    const current = await call(t.app, 'POST', '/api/current-order', { body: { tempAuthorisation } });
    const orderId = (current.body.order as Order)._id;
    const updated = await call(t.app, 'PUT', `/api/update-order/${orderId}`, {
      body: {
        _id: orderId,
        tempAuthorisation,
        email: 'same.item@example.com',
        shippingIsPickup: true,
        orderItems: [{ _id: stockItemId, quantity }],
      },
    });
    expect(updated.status).toBe(200);
    return { orderId, tempAuthorisation, ready: updated.body.order as Order };
  }
  function completeAsGuest({ orderId, tempAuthorisation, ready }: Awaited<ReturnType<typeof guestReadyToPay>>) {
    return call(t.app, 'PUT', `/api/complete-order/${orderId}`, {
      body: {
        ...ready,
        tempAuthorisation,
        latestTransaction: { value: String(ready.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' },
      },
    });
  }
  const available = async (stockItemId: string) =>
    availableQuantity((await loadStream(t.ctx.store, stockItemDecider, stockStreamId(stockItemId))).state);

  it('go one after another on each item: all complete and no append is refused', async () => {
    const a = await addStock(t.ctx, { mainDescription: 'Same Item #1', number: 20, price: 700 });
    await settleAll(t);
    const original = t.ctx.store.appendMany.bind(t.ctx.store);
    let refused = 0;
    const spy = vi.spyOn(t.ctx.store, 'appendMany').mockImplementation(async (appends) => {
      try {
        return await original(appends);
      } catch (e) {
        if (e instanceof ConcurrencyError) refused++;
        throw e;
      }
    });
    try {
      const results = await Promise.all(Array.from({ length: 10 }, () => guestBuys(a, 1)));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(refused).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(await available(a)).toBe(10);
  });

  it('end 409 with nothing held and nothing charged when the stock stream keeps moving past the one retry policy', async () => {
    const a = await addStock(t.ctx, { mainDescription: 'Hot Item #1', number: 5, price: 700 });
    await settleAll(t);
    const charges = square.charges().length;
    const original = t.ctx.store.appendMany.bind(t.ctx.store);
    let refused = 0;
    // Another process appends to the item's stream just before every one of ours.
    const spy = vi.spyOn(t.ctx.store, 'appendMany').mockImplementation(async (appends) => {
      const stock = appends.find((x) => x.streamId === stockStreamId(a));
      if (!stock) return original(appends);
      refused++;
      throw new ConcurrencyError(stock.streamId, stock.expected, null);
    });
    try {
      const res = await guestBuys(a, 1);
      expect(res.status).toBe(409);
      expect(res.body.errorMessage).toBe(STOCK_CONTENTION_MESSAGE);
    } finally {
      spy.mockRestore();
    }
    expect(refused).toBe(RETRIES + 1);
    expect(square.charges().length).toBe(charges);
    const stock = (await loadStream(t.ctx.store, stockItemDecider, stockStreamId(a))).state;
    expect(heldQuantity(stock)).toBe(0);
    expect(await available(a)).toBe(5);
  });

  // Restocked by another process, this one's kept state of the item still says none are left: decided
  // on it the hold would be refused, so the stock is read first. Restocked here, the kept state moved too.
  it.each([
    { by: 'another writer', writer: () => anotherProcess(), reads: 1 },
    { by: 'this process outside a checkout', writer: () => t.ctx, reads: 0 },
  ])('decide on stock restocked by $by since the last sale (reads: $reads)', async ({ by, writer, reads: expectedReads }) => {
    const a = await addStock(t.ctx, { mainDescription: `Restocked by ${by} #1`, number: 1, price: 700 });
    await settleAll(t);
    const first = await guestBuys(a, 1);
    expect(first.body.errorMessage).toBeUndefined();
    expect(first.status).toBe(200);
    await handle(
      writer(),
      stockItemDecider,
      stockStreamId(a),
      { type: 'AdjustQuantity', data: { by: 2, reason: 'found two more' } },
      testMetadata(),
    );
    await settleAll(t);
    const { res, reads } = await completeCountingReads(await guestReadyToPay(a, 2));
    expect(res.body.errorMessage).toBeUndefined();
    expect(res.status).toBe(200);
    expect(reads).toBe(expectedReads);
    expect(await available(a)).toBe(0);
  });

  /** The complete-order call, counting the reads of its order's stream meanwhile. */
  async function completeCountingReads(guest: Awaited<ReturnType<typeof guestReadyToPay>>) {
    const original = t.ctx.store.readStreams.bind(t.ctx.store);
    let reads = 0;
    const spy = vi.spyOn(t.ctx.store, 'readStreams').mockImplementation(async (ids, options) => {
      if (ids.includes(orderStreamId(guest.orderId))) reads++;
      return original(ids, options);
    });
    try {
      return { res: await completeAsGuest(guest), reads };
    } finally {
      spy.mockRestore();
    }
  }

  it("complete a guest's order without reading it when this process keeps it and its items' stock", async () => {
    const a = await addStock(t.ctx, { mainDescription: 'Kept Item #1', number: 5, price: 700 });
    await settleAll(t);
    expect((await guestBuys(a, 1)).status).toBe(200); // the item's stock is kept from here
    const { res, reads } = await completeCountingReads(await guestReadyToPay(a, 2));
    expect(res.status).toBe(200);
    expect(reads).toBe(0);
    expect(await available(a)).toBe(2);
  });

  it('read the kept stock again when another writer sold it since: the last copy is not sold twice', async () => {
    const a = await addStock(t.ctx, { mainDescription: 'Last Kept Copy #1', number: 2, price: 700 });
    await settleAll(t);
    expect((await guestBuys(a, 1)).status).toBe(200); // kept: one left
    const guest = await guestReadyToPay(a, 1);
    const charges = square.charges().length;
    // Another process takes the last copy after the shopper's update: this one still keeps one left.
    await handle(
      anotherProcess(),
      stockItemDecider,
      stockStreamId(a),
      { type: 'AdjustQuantity', data: { by: -1, reason: 'damaged' } },
      testMetadata(),
    );
    const { res, reads } = await completeCountingReads(guest);
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe(holdRefusalMessage('Only 0 left of Last Kept Copy #1'));
    expect(reads).toBe(1);
    expect(square.charges().length).toBe(charges);
    const stock = (await loadStream(t.ctx.store, stockItemDecider, stockStreamId(a))).state;
    expect(heldQuantity(stock)).toBe(0);
    expect(availableQuantity(stock)).toBe(0);
  });

  it('read the kept order again when another writer appended to it since, and complete it once', async () => {
    const a = await addStock(t.ctx, { mainDescription: 'Kept Order Item #1', number: 5, price: 700 });
    await settleAll(t);
    expect((await guestBuys(a, 1)).status).toBe(200);
    const guest = await guestReadyToPay(a, 1);
    const charges = square.charges().length;
    // Another process records a search of the shopper's on the order: this one's kept order is a version behind.
    const order = await loadStream(t.ctx.store, orderDecider, orderStreamId(guest.orderId));
    const owner = order.state.owner!;
    if (owner.kind !== 'guest') throw new Error('a guest order');
    await handle(
      anotherProcess(),
      orderDecider,
      orderStreamId(guest.orderId),
      { type: 'RecordSearch', by: { kind: 'guest', token: owner.token }, term: 'kept order' },
      testMetadata(),
    );
    const { res, reads } = await completeCountingReads(guest);
    expect(res.status).toBe(200);
    expect(reads).toBe(1);
    expect(square.charges().length).toBe(charges + 1);
    const after = (await loadStream(t.ctx.store, orderDecider, orderStreamId(guest.orderId))).state;
    expect(after.complete).toBe(true);
    expect(after.searchTerms).toBe('kept order');
  });
});

describe('card tokens', () => {
  it('deletes the tokens of checkouts completed together in one gathered delete, and no others', async () => {
    const card = { cardToken: 'cnon:card-nonce-ok', buyerToken: '' };
    const ids = ['gathered-a', 'gathered-b', 'gathered-c'];
    for (const id of ids) await keepCheckoutCard(t.ctx, 'order-gathered', id, card);
    const first = forgetCheckoutCardSoon(t.ctx, 'gathered-a');
    const second = forgetCheckoutCardSoon(t.ctx, 'gathered-b');
    expect(second).toBe(first);
    await first;
    expect(await checkoutCard(t.ctx, 'gathered-a')).toBeNull();
    expect(await checkoutCard(t.ctx, 'gathered-b')).toBeNull();
    expect(await checkoutCard(t.ctx, 'gathered-c')).toEqual(card);
    // The next one starts a new gathering.
    const third = forgetCheckoutCardSoon(t.ctx, 'gathered-c');
    expect(third).not.toBe(first);
    await third;
    expect(await checkoutCard(t.ctx, 'gathered-c')).toBeNull();
  });
});

describe('read models', () => {
  it('rebuilt from zero, the orders, users and catalogue read models equal the live ones (holds, releases and sales coalesced per batch)', async () => {
    await settleAll(t);
    for (const projector of [ordersProjector, usersProjector, catalogueProjector]) {
      const report = await rebuildProjector(t.ctx.db, t.ctx.store, projector);
      expect(report, projector.name).toMatchObject({ equal: true });
      expect(report.events).toBeGreaterThan(0);
    }
    // Replaced by the rebuild (stock_items has generated columns: search vectors and in_stock), still equal.
    const replaced = await rebuildProjector(t.ctx.db, t.ctx.store, catalogueProjector, { replace: true });
    expect(replaced).toMatchObject({ replaced: true, equal: true });
    expect(await rebuildProjector(t.ctx.db, t.ctx.store, catalogueProjector)).toMatchObject({ equal: true });
  });

  it('words the stock refusals for shoppers', () => {
    expect(holdRefusalMessage('Only 2 left of Saga #1')).toBe('Only 2 left of Saga #1. Please review your order.');
    expect(holdRefusalMessage('Only 0 left of Saga #1')).toBe('Sorry, Saga #1 has just sold out. Please review your order.');
    expect(holdRefusalMessage('Stock item not found')).toBe('Stock item not found');
  });
});
