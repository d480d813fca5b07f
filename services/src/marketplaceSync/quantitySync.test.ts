import type { OversoldView } from '@shop/domain/contract/marketplace';
import { stockItemDecider } from '@shop/domain/catalogue/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '../commands/handle.ts';
import { stockStreamId } from '../orders/streams.ts';
import { testMetadata } from '../testing/fixtures.ts';
import { guestBuys, startSyncTest, type EbaySyncRunning, type SyncTest } from './syncKit.ts';
import type { MarketplaceTest } from './testKit.ts';

let k: MarketplaceTest;
let sync: EbaySyncRunning;
let test: SyncTest;

beforeAll(async () => {
  test = await startSyncTest({ syncSeconds: 1 });
  ({ k, sync } = test);
});
afterAll(async () => {
  await test?.close();
});

const listing = (sku: string) => k.simulator.state().listings.find((l) => l.sku === sku);
async function listed(description: string, number: number): Promise<string> {
  const id = await k.addItem({ description, number, price: 1000 });
  await k.until(
    async () =>
      (await k.t.ctx.db.selectFrom('stock_items').select('stock_item_id').where('stock_item_id', '=', id).executeTakeFirst()) !== undefined,
  );
  const upload = await k.call('GET', `/api/ebay-upload-comic/${id}`);
  expect(upload.status).toBe(200);
  return id;
}
async function eventually(check: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const stockCommand = (id: string, command: Parameters<typeof stockItemDecider.decide>[0]) =>
  handle(k.t.ctx, stockItemDecider, stockStreamId(id), command, testMetadata());
/** Waits until the reactor has counted every change so far (nothing marked is left unflushed because of timing). */
async function marked(id: string, changes: number) {
  await eventually(async () => {
    const row = await k.t.ctx.db
      .selectFrom('ebay_quantity_sync')
      .select(['changes', 'pushed'])
      .where('stock_item_id', '=', id)
      .executeTakeFirst();
    return row !== undefined && Number(row.changes) - Number(row.pushed) >= changes;
  }, `${changes} changes of ${id} counted`);
}

describe('eBay listing quantities follow the site', () => {
  it('a site sale takes the listing to 0 (it stays, out of stock), and eBay then refuses to sell it', async () => {
    const id = await listed('Sold Here #1', 1);
    expect(listing(id)).toMatchObject({ quantity: 1, listingStatus: 'ACTIVE' });
    const sale = await guestBuys(k, id);
    expect(sale.ok).toBe(true);
    await eventually(() => listing(id)?.quantity === 0, 'the listing at 0');
    expect(listing(id)).toMatchObject({ listingStatus: 'OUT_OF_STOCK' });
    await expect(k.control('orders', { buyer: { username: 'late_buyer' }, lines: [{ sku: id, quantity: 1 }] })).rejects.toThrow(
      /409.*out of stock/,
    );
  });

  it('a hold takes it to 0 and the release brings the listing back', async () => {
    const id = await listed('Held #1', 1);
    await stockCommand(id, { type: 'HoldStock', data: { orderId: 'order-held', quantity: 1 } });
    await eventually(() => listing(id)?.quantity === 0, 'the held copy off eBay');
    await stockCommand(id, { type: 'ReleaseHold', data: { orderId: 'order-held' } });
    await eventually(() => listing(id)?.quantity === 1, 'the released copy back on eBay');
    expect(listing(id)).toMatchObject({ listingStatus: 'ACTIVE' });
  });

  it('a burst of changes to one item is one update with the newest count; 30 items go 25 to a call', async () => {
    const burst = await listed('Burst #1', 1);
    const others: string[] = [];
    for (let i = 0; i < 29; i++) others.push(await listed(`Batch #${i + 1}`, 2));
    await eventually(async () => {
      const ids = [burst, ...others];
      const rows = await k.t.ctx.db
        .selectFrom('ebay_quantity_sync')
        .select(['changes', 'pushed'])
        .where('stock_item_id', 'in', ids)
        .execute();
      return rows.length === ids.length && rows.every((r) => r.changes === r.pushed);
    }, 'the listings made pushed');
    // Held back while the changes are made, so they are all waiting when the flush runs.
    await sync.worker.pause();
    const before = k.simulator.state().bulkUpdates.length;
    for (let i = 0; i < 5; i++) await stockCommand(burst, { type: 'AdjustQuantity', data: { by: 1, reason: 'found another' } });
    for (const id of others) await stockCommand(id, { type: 'AdjustQuantity', data: { by: 1, reason: 'restock' } });
    await marked(burst, 5);
    for (const id of others) await marked(id, 1);
    sync.worker.resume();
    await eventually(() => listing(burst)?.quantity === 6 && others.every((id) => listing(id)?.quantity === 3), 'the new counts on eBay');
    const calls = k.simulator.state().bulkUpdates.slice(before);
    const burstUpdates = calls.flatMap((c) => c.requests).filter((r) => r.sku === burst);
    expect(burstUpdates).toEqual([{ sku: burst, quantity: 6 }]);
    expect(calls.map((c) => c.requests.length)).toEqual([25, 5]);
  });

  it('eBay sales come in on the schedule, once, and show their lines in All Orders', async () => {
    const id = await listed('Sold On eBay #1', 2);
    await k.control('orders', { buyer: { username: 'ebay_fan', fullName: 'Eb Fan' }, lines: [{ sku: id, quantity: 1 }] });
    await eventually(async () => (await k.stock(id)).item.number === 1, 'the eBay sale recorded');
    const orders = await k.call('GET', '/api/all-orders');
    await k.until(async () =>
      (await k.call('GET', '/api/all-orders')).body.orders.some(
        (o: { type: string; orderItems: unknown[] }) => o.type === 'ebay' && o.orderItems.length > 0,
      ),
    );
    const ebay = (await k.call('GET', '/api/all-orders')).body.orders.find(
      (o: { externalBuyerId: string | null }) => o.externalBuyerId === 'ebay_fan',
    );
    expect(orders.status).toBe(200);
    expect(ebay).toMatchObject({
      type: 'ebay',
      name: 'Eb Fan',
      complete: true,
      itemCount: 1,
      orderItems: [{ _id: id, name: 'Sold On eBay #1', quantity: 1 }],
    });
    // The next pulls leave it as it is.
    const pulled = (await k.simulator.state().calls.filter((c) => c.path === '/sell/fulfillment/v1/order').length) + 2;
    await eventually(
      () => k.simulator.state().calls.filter((c) => c.path === '/sell/fulfillment/v1/order').length >= pulled,
      'two more pulls',
    );
    expect((await k.stock(id)).item.number).toBe(1);
    expect(listing(id)?.quantity).toBe(1);
  });

  it('flags an oversold copy with the later sale and what to do, and records what the admin did', async () => {
    // Site first, eBay before the listing caught up: the eBay sale is the later one.
    const first = await listed('Oversold Site First #1', 1);
    // eBay first, the site before the pull: the site sale is the later one.
    const second = await listed('Oversold eBay First #1', 1);
    await sync.worker.pause();
    expect((await guestBuys(k, first)).ok).toBe(true);
    await k.control('orders', { buyer: { username: 'quick_bidder' }, lines: [{ sku: first, quantity: 1 }] });
    await k.control('orders', { buyer: { username: 'early_bird' }, lines: [{ sku: second, quantity: 1 }] });
    const siteLater = await guestBuys(k, second);
    expect(siteLater.ok).toBe(true);
    sync.worker.resume();
    let answer = await k.call('GET', '/api/ebay-oversold');
    await eventually(async () => {
      answer = await k.call('GET', '/api/ebay-oversold');
      return answer.body.oversold.filter((o: { stockItemId: string }) => [first, second].includes(o.stockItemId)).length === 2;
    }, 'both oversold sales listed');
    expect(answer.status).toBe(200);
    const rows = answer.body.oversold as OversoldView[];
    const ebayLater = rows.find((o) => o.stockItemId === first)!;
    const siteLaterRow = rows.find((o) => o.stockItemId === second)!;
    expect(ebayLater).toMatchObject({
      buyerUsername: 'quick_bidder',
      laterSale: 'ebay',
      oversold: 1,
      resolution: null,
      otherSale: { channel: 'site' },
    });
    expect(ebayLater.advice).toMatch(/cancel the eBay order/i);
    expect(siteLaterRow).toMatchObject({
      buyerUsername: 'early_bird',
      laterSale: 'site',
      otherSale: { channel: 'site', orderId: siteLater.orderId },
    });
    expect(siteLaterRow.advice).toMatch(/refund site order #\d+/);
    expect(answer.body.open).toBeGreaterThanOrEqual(2);

    const settled = await k.call('PUT', `/api/ebay-oversold/${ebayLater.orderId}`, {
      payload: { resolution: 'ebay-order-cancelled', note: 'cancelled on eBay' },
    });
    expect(settled.status).toBe(200);
    expect(settled.body.oversold.find((o: { orderId: string }) => o.orderId === ebayLater.orderId)).toMatchObject({
      resolution: 'ebay-order-cancelled',
    });
    expect((await k.call('PUT', `/api/ebay-oversold/${ebayLater.orderId}`, { payload: { resolution: 'refunded' } })).status).toBe(409);
    expect((await k.call('PUT', `/api/ebay-oversold/${ebayLater.orderId}`, { payload: { resolution: 'shrug' } })).status).toBe(400);
    expect(
      (await k.call('PUT', `/api/ebay-oversold/${ebayLater.orderId}`, { token: k.customerToken, payload: { resolution: 'refunded' } }))
        .status,
    ).toBe(403);
    const events = await k.t.ctx.store.readStream(`ebayorder-${ebayLater.orderId}`);
    expect(events.map((e) => e.type)).toEqual(['MarketplaceOrderRecorded', 'MarketplaceOversoldFlagged', 'MarketplaceOversoldResolved']);
  });
});
