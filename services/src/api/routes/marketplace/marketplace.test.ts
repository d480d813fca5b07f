import { availableQuantity, marketplacePriceCents } from '@shop/domain/catalogue/index';
import { marketplaceOrderDecider } from '@shop/domain/marketplace/marketplaceOrder';
import { orderDecider } from '@shop/domain/orders/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStream } from '../../../commands/loadStream.ts';
import { centsToAmount } from '../../../marketplace/marketplace.ts';
import { marketplaceOrderId, marketplaceOrderStreamId } from '../../../marketplaceSync/marketplaceOrders.ts';
import { ADAPTER_RATE_LIMIT_RETRIES, multipartFile, startMarketplaceTest, type MarketplaceTest } from '../../../marketplaceSync/testKit.ts';
import { orderStreamId } from '../../../orders/streams.ts';

let k: MarketplaceTest;
beforeAll(async () => {
  k = await startMarketplaceTest();
});
afterAll(async () => {
  await k?.close();
});

const amount = (cents: number) => ({ value: centsToAmount(cents), currency: 'AUD' });
const listingOf = (sku: string) => k.simulator.state().listings.find((l) => l.sku === sku);
const ebayOrderEvents = async (externalId: string) => k.t.ctx.store.readStream(marketplaceOrderStreamId(marketplaceOrderId(externalId)));

describe('listing actions of one item', () => {
  it('uploads (quantity capped by stock), refreshes after an edit, clears, relists and deletes', async () => {
    const id = await k.addItem({ description: 'Saga #54', number: 3, price: 595 });
    const up = await k.call('GET', `/api/ebay-upload-comic/${id}`);
    expect(up.status).toBe(200);
    const listingId = listingOf(id)!.listingId;
    expect(up.body).toMatchObject({
      comic: { _id: id, ebaySku: id, ebayListingId: listingId, number: 3 },
      message: expect.stringMatching(/^Listed Saga #54 on eBay: 3 at \$7\.00/),
    });
    expect(listingOf(id)).toMatchObject({
      quantity: 3,
      price: amount(marketplacePriceCents(595)),
      title: 'Saga #54 Comic',
      listingStatus: 'ACTIVE',
    });
    expect((await k.stock(id)).item).toMatchObject({ ebaySku: id, ebayListingId: listingId });

    // Upload again: the same listing is revised.
    const again = await k.call('GET', `/api/ebay-upload-comic/${id}`);
    expect(again.body.message).toMatch(/^Revised/);
    expect(k.simulator.state().listings.filter((l) => l.sku === id)).toHaveLength(1);

    await k.editItem(id, { priceOverride: 1295, mainDescription: 'Saga #54 (signed)' });
    const refreshed = await k.call('GET', `/api/ebay-refresh-comic/${id}`);
    expect(refreshed.status).toBe(200);
    expect(listingOf(id)).toMatchObject({ price: amount(marketplacePriceCents(1295)), title: 'Saga #54 (signed) Comic' });

    const cleared = await k.call('GET', `/api/ebay-clear-comic/${id}`);
    expect(cleared).toMatchObject({
      status: 200,
      body: { message: 'Ended the eBay listing of Saga #54 (signed)', comic: { ebayListingId: listingId } },
    });
    expect(listingOf(id)!.listingStatus).toBe('ENDED');

    // A refresh lists an ended item again, under a new listing id that the item stores.
    const relisted = await k.call('GET', `/api/ebay-refresh-comic/${id}`);
    expect(relisted.status).toBe(200);
    const live = k.simulator.state().listings.find((l) => l.sku === id && l.listingStatus === 'ACTIVE')!;
    expect(live.listingId).not.toBe(listingId);
    expect(relisted.body.comic.ebayListingId).toBe(live.listingId);

    const deleted = await k.call('GET', `/api/ebay-delete-comic/${id}`);
    expect(deleted).toMatchObject({
      status: 200,
      body: { message: 'Deleted Saga #54 (signed) from eBay', comic: { ebaySku: null, ebayListingId: null } },
    });
    expect(k.simulator.state().inventoryItems.find((i) => i.sku === id)).toBeUndefined();
    // Deleting again is harmless.
    expect((await k.call('GET', `/api/ebay-delete-comic/${id}`)).body.message).toMatch(/was not on eBay/);
  });

  it('answers 404 for unknown items, 409 for items not on eBay, 422 for items eBay cannot take', async () => {
    for (const action of ['upload', 'refresh', 'clear', 'delete']) {
      expect(await k.call('GET', `/api/ebay-${action}-comic/no-such-item`)).toMatchObject({
        status: 404,
        body: { message: 'Stock item not found' },
      });
      expect((await k.call('GET', `/api/ebay-${action}-comic/${encodeURIComponent('../../etc')}`)).status).toBe(404);
    }
    const unlisted = await k.addItem({ description: 'Unlisted #1', number: 2, price: 500 });
    expect(await k.call('GET', `/api/ebay-refresh-comic/${unlisted}`)).toMatchObject({
      status: 409,
      body: { message: 'Unlisted #1 is not listed on eBay; upload it first' },
    });
    expect(await k.call('GET', `/api/ebay-clear-comic/${unlisted}`)).toMatchObject({
      status: 409,
      body: { message: 'Unlisted #1 is not listed on eBay' },
    });
    const noImage = await k.addItem({ description: 'No Image #1', number: 2, price: 500, hasImage: false });
    expect(await k.call('GET', `/api/ebay-upload-comic/${noImage}`)).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/no image/) },
    });
    const soldOut = await k.addItem({ description: 'Sold Out #1', number: 0, price: 500 });
    expect(await k.call('GET', `/api/ebay-upload-comic/${soldOut}`)).toMatchObject({
      status: 422,
      body: { message: 'Sold Out #1 has none in stock to list' },
    });
    expect((await k.stock(noImage)).item.ebayListingId).toBeNull();
  });

  it('finds items by code with what eBay has, and lists by code', async () => {
    const id = await k.addItem({ description: 'Code Search #1', number: 4, price: 800, comicId: 'STL123456' });
    await k.until(
      async () =>
        (await k.t.ctx.db.selectFrom('stock_items').select('stock_item_id').where('stock_item_id', '=', id).executeTakeFirst()) !==
        undefined,
    );
    const before = await k.call('GET', '/api/ebay-search/stl123456');
    expect(before).toMatchObject({
      status: 200,
      body: { comics: [{ _id: id }], ebayInfos: [{ _id: id, onEbay: false, listingId: null }] },
    });
    const listed = await k.call('GET', '/api/ebay-list/STL123456');
    expect(listed).toMatchObject({
      status: 200,
      body: { comic: { _id: id, ebaySku: id }, message: expect.stringMatching(/^Listed Code Search #1/) },
    });
    const after = await k.call('GET', '/api/ebay-search/STL123456');
    expect(after.body.ebayInfos).toEqual([
      expect.objectContaining({
        _id: id,
        onEbay: true,
        status: 'active',
        quantity: 4,
        price: marketplacePriceCents(800),
        viewUrl: expect.stringMatching(/^https:\/\/www\.ebay\.com\.au\/itm\/\d+$/),
      }),
    ]);
    expect(await k.call('GET', '/api/ebay-search/NOPE999')).toMatchObject({
      status: 404,
      body: { message: 'No stock item has the code NOPE999' },
    });
    expect((await k.call('GET', '/api/ebay-list/NOPE999')).status).toBe(404);
  });
});

describe('update transactions', () => {
  it('records a marketplace sale once: a dry run first, then saved, then nothing the second time', async () => {
    const id = await k.addItem({ description: 'Saga #60', number: 6, price: 595 });
    await k.call('GET', `/api/ebay-upload-comic/${id}`);
    const { order } = (await k.control('orders', {
      buyer: { username: 'bob_au', fullName: 'Bob Citizen' },
      lines: [{ sku: id, quantity: 2 }],
      shipTo: { addressLine1: '1 Queen St', city: 'Brisbane', stateOrProvince: 'QLD', postalCode: '4000', countryCode: 'AU' },
    })) as { order: { orderId: string } };
    // An order older than updateTransactionsDays (7) is not pulled.
    const old = await k.addItem({ description: 'Old Sale #1', number: 2, price: 595 });
    await k.call('GET', `/api/ebay-upload-comic/${old}`);
    await k.control('orders', {
      buyer: { username: 'old_buyer' },
      lines: [{ sku: old, quantity: 1 }],
      createdAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    });

    // The test call and (with updateTransactionsSave off, the default) the real one only report.
    for (const url of ['/api/ebay-update-transactions-test', '/api/ebay-update-transactions']) {
      const dry = await k.call('GET', url);
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({
        saved: false,
        days: 7,
        recorded: 1,
        alreadyRecorded: 0,
        message: expect.stringMatching(/^Would record 1 new eBay order of the last 7 days\..*Nothing was saved/),
      });
      expect(dry.body.orders).toEqual([
        expect.objectContaining({
          externalId: order.orderId,
          status: 'would record',
          buyerUsername: 'bob_au',
          lines: [expect.objectContaining({ stockItemId: id, quantity: 2, taken: 2, status: 'would record' })],
        }),
      ]);
    }
    expect((await k.stock(id)).item.number).toBe(6);
    expect(await ebayOrderEvents(order.orderId)).toEqual([]);

    await k.saveSettings({ updateTransactionsSave: true });
    // Two runs at the same moment: the sale is recorded once.
    const [a, b] = await Promise.all([k.call('GET', '/api/ebay-update-transactions'), k.call('GET', '/api/ebay-update-transactions')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.recorded + b.body.recorded).toBe(1);
    const stock = await k.stock(id);
    expect(stock.item).toMatchObject({ number: 4, salesQuantity: 2, salesValue: 2 * marketplacePriceCents(595) });
    expect(availableQuantity(stock)).toBe(4);

    const third = await k.call('GET', '/api/ebay-update-transactions');
    expect(third.body).toMatchObject({
      saved: true,
      recorded: 0,
      alreadyRecorded: 1,
      message: expect.stringMatching(/^Recorded 0 new eBay orders of the last 7 days; 1 already recorded\./),
    });
    expect((await k.stock(id)).item.number).toBe(4);

    // The order stream (type ebay, the marketplace's number) and the marketplace record.
    const orderId = marketplaceOrderId(order.orderId);
    const orderState = (await loadStream(k.t.ctx.store, orderDecider, orderStreamId(orderId))).state;
    expect(orderState).toMatchObject({ started: true, type: 'ebay', externalId: order.orderId });
    const record = await loadStream(k.t.ctx.store, marketplaceOrderDecider, marketplaceOrderStreamId(orderId));
    expect(record.version).toBe(1);
    expect(record.state).toMatchObject({ status: 'recorded', buyer: { username: 'bob_au', name: 'Bob Citizen' } });

    await k.until(
      async () =>
        (await k.t.ctx.db.selectFrom('audit_entries').select('event_id').where('event_type', '=', 'MarketplaceOrderRecorded').execute())
          .length === 1,
    );
    await k.until(async () => (await k.t.ctx.db.selectFrom('marketplace_orders').select('order_id').execute()).length === 1);
    const processed = await k.call('GET', '/api/admin-orders-processed');
    expect(processed.status).toBe(200);
    expect(processed.body.orders).toEqual([
      expect.objectContaining({
        _id: orderId,
        type: 'ebay',
        externalId: order.orderId,
        externalBuyerId: 'bob_au',
        externalBuyerName: 'Bob Citizen',
        total: 2 * marketplacePriceCents(595),
        pnp: 520,
        paid: 2 * marketplacePriceCents(595) + 520,
        shippingAddress: expect.objectContaining({
          givenName: 'Bob',
          familyName: 'Citizen',
          suburb: 'Brisbane',
          state: 'QLD',
          postalCode: '4000',
        }),
        orderItems: [expect.objectContaining({ _id: id, name: 'Saga #60', quantity: 2, price: marketplacePriceCents(595) })],
      }),
    ]);
    // The audit history describes it in plain words.
    const audit = await k.t.ctx.db
      .selectFrom('audit_entries')
      .select(['description', 'user_email'])
      .where('event_type', '=', 'MarketplaceOrderRecorded')
      .execute();
    expect(audit).toEqual([
      {
        description: expect.stringMatching(
          new RegExp(`^Recorded eBay order ${order.orderId} from eBay: Bob Citizen \\(bob_au\\) bought 2 items`),
        ),
        user_email: 'boss@example.com',
      },
    ]);
    await k.saveSettings({ updateTransactionsSave: false });
  });
});

describe('the sales file', () => {
  it('records good rows once, refuses bad ones by line, and skips duplicates and rows recorded before', async () => {
    const saga = await k.addItem({ description: 'Saga #70', number: 5, price: 595 });
    const paper = await k.addItem({ description: 'Paper Girls #1', number: 1, price: 495 });
    const header =
      'Date,Type,Order number,Buyer username,Buyer name,Delivery city,State,Postcode,Item title,SKU,Quantity,Item subtotal,Postage,Fee fixed,Fee variable';
    const rows = [
      header, // line 1
      `27/10/2025,Order,20-11111-00001,amy_r,Amy Reader,Perth,WA,6000,Saga #70,${saga},2,$14.00,$5.20,-$0.30,-$1.88`, // 2 good
      `27/10/2025,Order,20-11111-00001,amy_r,Amy Reader,Perth,WA,6000,Paper Girls #1,${paper},2,$12.00,$0.00,-$0.00,-$1.61`, // 3 good (oversold 1)
      '27/10/2025,Payout,,,,,,,,,,,,,', // 4 ignored
      `28/10/2025,Order,20-22222-00002,ben,Ben Buyer,Hobart,TAS,7000,,${saga},1,7.00,5.20,0.30,0.94`, // 5 no title: ignored
      `28/10/2025,Order,20-33333-00003,cat,Cat Collector,Darwin,NT,0800,Saga #70,${saga},lots,7.00,5.20,0.30,0.94`, // 6 bad quantity
      `28/10/2025,Order,20-44444-00004,dan,Dan Dealer,Cairns,QLD,4870,Old listing,not-our-sku,1,$9.00,$5.20,$0.30,$1.21`, // 7 good, unmatched
      `27/10/2025,Order,20-11111-00001,amy_r,Amy Reader,Perth,WA,6000,Saga #70,${saga},2,$14.00,$5.20,-$0.30,-$1.88`, // 8 duplicate of line 2
      `not a date,Order,20-55555-00005,eve,Eve,Sydney,NSW,2000,Saga #70,${saga},1,$7.00,$5.20,$0.30,$0.94`, // 9 bad date
    ];
    const upload = (text: string) => {
      const { payload, headers } = multipartFile('file', 'ebay-sales.csv', text);
      return k.call('PUT', '/api/add-ebay-sales', { payload, headers });
    };
    const first = await upload(rows.join('\r\n'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      recorded: 3,
      skipped: 1,
      ignored: 3,
      errors: [
        { line: 6, reason: 'Quantity "lots" is not a whole number' },
        { line: 9, reason: 'Date "not a date" is not a date' },
      ],
      unmatched: [{ line: 7, sku: 'not-our-sku', title: 'Old listing' }],
      message: 'Recorded 3 sales from 2 orders; skipped 1 sale already recorded; 1 sale matched no stock item; 2 rows refused.',
    });
    expect(first.body.comics.map((c: { _id: string; number: number }) => [c._id, c.number]).sort()).toEqual(
      [
        [paper, 0],
        [saga, 3],
      ].sort(),
    );
    expect((await k.stock(saga)).item).toMatchObject({ number: 3, salesQuantity: 2, salesValue: 1400 });
    expect((await k.stock(paper)).item).toMatchObject({ number: 0, salesQuantity: 2 });

    // The same file again records nothing.
    const second = await upload(rows.join('\n'));
    expect(second.body).toMatchObject({ recorded: 0, skipped: 4, errors: [{ line: 6 }, { line: 9 }] });
    expect((await k.stock(saga)).item.number).toBe(3);

    // The fixed rows alone (a corrected file) are recorded; the order pulled by update transactions
    // is not recorded again from the file.
    const fixed = [header, `28/10/2025,Order,20-33333-00003,cat,Cat Collector,Darwin,NT,0800,Saga #70,${saga},1,7.00,5.20,0.30,0.94`];
    expect((await upload(fixed.join('\n'))).body).toMatchObject({ recorded: 1, skipped: 0, errors: [] });
    expect((await k.stock(saga)).item.number).toBe(2);

    const apiSold = await k.addItem({ description: 'Saga #71', number: 3, price: 595 });
    await k.call('GET', `/api/ebay-upload-comic/${apiSold}`);
    const { order } = (await k.control('orders', { buyer: { username: 'fay' }, lines: [{ sku: apiSold, quantity: 1 }] })) as {
      order: { orderId: string };
    };
    await k.saveSettings({ updateTransactionsSave: true });
    expect((await k.call('GET', '/api/ebay-update-transactions')).body).toMatchObject({ saved: true, recorded: 1 });
    await k.saveSettings({ updateTransactionsSave: false });
    const sameSale = [header, `29/10/2025,Order,${order.orderId},fay,Fay,Sydney,NSW,2000,Saga #71,${apiSold},1,7.00,5.20,0.30,0.94`];
    expect((await upload(sameSale.join('\n'))).body).toMatchObject({ recorded: 0, skipped: 1 });
    expect((await k.stock(apiSold)).item.number).toBe(2);
    expect(await ebayOrderEvents(order.orderId)).toHaveLength(1);

    // The rows as JSON (the spec's ebaySales) take the same path.
    const json = await k.call('PUT', '/api/add-ebay-sales', {
      payload: {
        ebaySales: [
          {
            date: '2025-10-30',
            type: 'Order',
            orderNumber: '20-66666-00006',
            buyerUsername: 'gil',
            buyerName: 'Gil',
            itemTitle: 'Saga #70',
            sku: saga,
            quantity: 1,
            itemSubtotal: '7.00',
          },
        ],
      },
    });
    expect(json.body).toMatchObject({ recorded: 1, errors: [] });
  });

  it('refuses a request without a file, an empty file, and a header missing a column', async () => {
    expect(await k.call('PUT', '/api/add-ebay-sales', { payload: {} })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/multipart field "file"/) },
    });
    const empty = multipartFile('file', 'empty.csv', '');
    expect(await k.call('PUT', '/api/add-ebay-sales', empty)).toMatchObject({ status: 400, body: { message: 'The sales file is empty' } });
    const noSku = multipartFile('file', 'bad.csv', 'Date,Type,Order number,Item title,Quantity,Item subtotal\n2025-10-27,Order,1,x,1,1');
    expect(await k.call('PUT', '/api/add-ebay-sales', noSku)).toMatchObject({
      status: 400,
      body: { message: "The sales file's header has no sku column" },
    });
  });
});

describe('bad input, permissions and eBay errors', () => {
  it('refuses a quantity that is not a whole number of at least 1, and an unknown batch', async () => {
    const batch = await k.addBatch('BADQTY');
    await k.batchSettled(batch, 0);
    for (const action of ['upload', 'refresh']) {
      for (const quantity of ['abc', '0', '-3', '1.5', '1e2', '%20']) {
        const answer = await k.call('GET', `/api/ebay-${action}-batch/${batch.batchName}/${quantity}`);
        expect(answer.status, `${action} ${quantity}`).toBe(400);
        expect(answer.body.message).toMatch(/Quantity must be/);
      }
      expect(await k.call('GET', `/api/ebay-${action}-batch/NO-SUCH-BATCH/10`)).toMatchObject({
        status: 404,
        body: { message: 'Batch NO-SUCH-BATCH not found' },
      });
    }
    const jobs = await k.t.ctx.queues!.queue('marketplace').getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
    expect(jobs).toMatchObject({ waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 });
  });

  it('answers 401 without a token and 403 for a customer on every marketplace call', async () => {
    const calls: ['GET' | 'PUT', string][] = [
      ['GET', '/api/ebay-search/X1'],
      ['GET', '/api/ebay-list/X1'],
      ['GET', '/api/ebay-update-transactions'],
      ['GET', '/api/ebay-update-transactions-test'],
      ['GET', '/api/ebay-upload-batch/NOV25/10'],
      ['GET', '/api/ebay-refresh-batch/NOV25/10'],
      ['GET', '/api/ebay-stock-check/'],
      ['GET', '/api/ebay-stock-check'],
      ['GET', '/api/admin-orders-processed'],
      ['GET', '/api/ebay-upload-comic/s-1'],
      ['GET', '/api/ebay-refresh-comic/s-1'],
      ['GET', '/api/ebay-clear-comic/s-1'],
      ['GET', '/api/ebay-delete-comic/s-1'],
      ['PUT', '/api/add-ebay-sales'],
    ];
    const callsBefore = k.simulator.state().calls.length;
    for (const [method, url] of calls) {
      expect((await k.call(method, url, { token: null })).status, `${method} ${url}`).toBe(401);
      const customer = await k.call(method, url, { token: k.customerToken });
      expect(customer, `${method} ${url}`).toMatchObject({ status: 403, body: { message: 'Only an admin can do this' } });
    }
    expect(k.simulator.state().calls.length).toBe(callsBefore);
    // The admin permissions test walks these routes too.
    const records = k.t.app.adminRoutes.map((r) => `${r.method} ${r.url}`);
    for (const [method, url] of calls)
      expect(records).toContain(
        `${method} ${url.replace(/\/(X1|NOV25\/10|s-1)$/, (m) => (m === '/X1' ? '/:code' : m === '/s-1' ? '/:id' : '/:batchName/:quantity'))}`,
      );
  });

  it('waits out a short rate limit and a revoked access token, and answers 503 or 502 when eBay keeps refusing', async () => {
    const id = await k.addItem({ description: 'Rate Limited #1', number: 2, price: 595 });
    // One 429: the adapter waits and tries again.
    await k.control('failures', { kind: 'rate_limit', count: 1 });
    expect((await k.call('GET', `/api/ebay-upload-comic/${id}`)).status).toBe(200);

    // More 429s than the adapter waits out: 503 with Retry-After, and nothing changed on the item.
    await k.editItem(id, { priceOverride: 995 });
    await k.control('failures', { kind: 'rate_limit', count: ADAPTER_RATE_LIMIT_RETRIES + 1 });
    const limited = await k.call('GET', `/api/ebay-refresh-comic/${id}`);
    expect(limited).toMatchObject({ status: 503, body: { message: 'eBay rate limit reached; try again later' } });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(listingOf(id)!.price).toEqual(amount(marketplacePriceCents(595)));

    // eBay revokes the access token once: the adapter mints a new one and carries on.
    const tokens = k.simulator.state().tokensIssued;
    await k.control('failures', { kind: 'invalid_token', count: 1 });
    expect((await k.call('GET', `/api/ebay-refresh-comic/${id}`)).status).toBe(200);
    expect(listingOf(id)!.price).toEqual(amount(marketplacePriceCents(995)));
    expect(k.simulator.state().tokensIssued).toBe(tokens + 1);

    // Refused twice in a row: the credentials are bad, a 502 that says so.
    await k.control('failures', { kind: 'invalid_token', count: 2 });
    const refused = await k.call('GET', '/api/ebay-update-transactions-test');
    expect(refused).toMatchObject({ status: 502, body: { message: expect.stringMatching(/^eBay refused the shop's credentials/) } });
  });
});
