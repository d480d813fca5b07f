/**
 * Pull lists end to end through the HTTP calls, with the reactors running as the worker runs them:
 * subscribe, an issue enters (added by the admin, or imported), copies reserved once and emailed
 * once, however often the import is re-run or the reactors read the log again; cancelling until
 * FOC; the worksheet and its export; releasing a batch into the customer's order.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { allProjectors } from '@shop/projections/index';
import { rebuildProjector } from '@shop/projections/runner/rebuild';
import { ProjectionRunner } from '@shop/projections/runner/projectionRunner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullListStreamId } from '@shop/domain/pullLists/index';
import { call, createAccounts, eventCount, expectRefused, settled, upload, type Accounts } from '../admin/testSupport.ts';
import { eventually } from '../../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { openDatabase, type Database } from '../../../db/database.ts';
import { allReactors, REACTOR_NAMES } from '../../../reactors/index.ts';
import { emailJobs, grantCredit, home } from '../../../orders/testKit.ts';
import { stockStreamId } from '../../../orders/streams.ts';

let t: TestApp;
let a: Accounts;
let reactors: ProjectionRunner;
let reactorDb: Database;
/** The reactors as the worker runs them, on a pool of their own (each holds a connection for its lock, plus room to work). */
const startReactors = () => {
  reactors = new ProjectionRunner({
    db: reactorDb.db,
    pool: reactorDb.pool,
    source: t.ctx.store,
    projectors: allReactors(t.ctx, t.ctx.queues!),
    pollMs: 20,
  });
  reactors.start();
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createAccounts(t);
  reactorDb = openDatabase(t.tdb.url, REACTOR_NAMES.length + 4);
  startReactors();
});
afterAll(async () => {
  await reactors.stop();
  await reactorDb.close();
  await t.close();
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t, method, url, { token: a.admin.token, payload });
const customer = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t, method, url, { token: a.customer.token, payload });

async function addItem(body: Record<string, unknown>): Promise<{ _id: string }> {
  const res = await admin('POST', '/api/add-stock', { itemType: 'comic', periodType: 'pre-order', supplierType: 'diamond', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comic;
}

/** Everything projected and reacted to (the reactors' own writes projected too). */
async function quiet(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await settled(t);
    await reactors.waitUntilCaughtUp(20_000);
  }
  await settled(t);
}

const pullList = async () => (await customer('GET', '/api/pull-list')).json();
const reservedOf = async (stockId: string) => (await pullList()).reserved.filter((r: { stockId: string }) => r.stockId === stockId);
const reservedEmails = async () => (await emailJobs(t.ctx, 'pullListReserved')).filter((j) => j.data.to === a.customer.email);
const pullListEvents = async () => (await t.ctx.store.readStream(pullListStreamId(a.customer.userId))).length;

describe('pull lists', () => {
  let sagaId = '';
  let issue70 = '';

  it('subscribes to a series: quantity and covers, read back at once', async () => {
    await addItem({
      comicId: 'PL-SAGA69',
      mainDescription: 'Saga #69',
      publisher: 'Image',
      seriesTitle: 'Saga',
      issueNumber: '69',
      number: 5,
    });
    await quiet();
    sagaId = 'saga';
    const res = await customer('PUT', `/api/pull-list/${sagaId}`, { quantity: 2, covers: 'main' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ subscriptions: [{ seriesId: 'saga', title: 'Saga', quantity: 2, covers: 'main' }], reserved: [] });
    expect((await pullList()).subscriptions).toHaveLength(1);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    await expectRefused(
      t,
      a.customer.token,
      { method: 'PUT', url: '/api/pull-list/no-such-series', payload: { quantity: 1, covers: 'all' } },
      404,
      /Series not found/,
    );
    await expectRefused(
      t,
      a.customer.token,
      { method: 'PUT', url: '/api/pull-list/saga', payload: { quantity: 11, covers: 'all' } },
      400,
      /from 1 to 10/,
    );
    await expectRefused(
      t,
      a.customer.token,
      { method: 'PUT', url: '/api/pull-list/saga', payload: { quantity: 0, covers: 'all' } },
      400,
      /from 1 to 10/,
    );
    await expectRefused(
      t,
      a.customer.token,
      { method: 'PUT', url: '/api/pull-list/saga', payload: { quantity: 1, covers: 'some' } },
      400,
      /Covers/,
    );
    await expectRefused(t, null, { method: 'GET', url: '/api/pull-list' }, 401, /log in/i);
    await expectRefused(t, null, { method: 'PUT', url: '/api/pull-list/saga', payload: { quantity: 1, covers: 'all' } }, 401, /log in/i);
    await expectRefused(t, a.customer.token, { method: 'GET', url: '/api/admin-foc?date=2026-12-01&distributor=lunar' }, 403, /admin/);
    await expectRefused(t, a.admin.token, { method: 'GET', url: '/api/admin-foc?date=2026-13-01&distributor=lunar' }, 400, /date/);
    await expectRefused(t, a.admin.token, { method: 'GET', url: '/api/admin-foc?date=2026-12-01&distributor=acme' }, 400, /distributor/);
    await expectRefused(t, a.customer.token, { method: 'DELETE', url: '/api/pull-list/reserved/nothing-here' }, 404, /no reservation/);
  });

  it('reserves the next issue once and emails once when the admin adds it', async () => {
    const item = await addItem({
      comicId: 'PL-SAGA70',
      mainDescription: 'Saga #70',
      publisher: 'Image',
      seriesId: 'saga',
      issueNumber: '70',
      cover: 'A',
      number: 5,
      focDate: '2099-12-01',
      releaseDate: '2099-12-24',
    });
    issue70 = item._id;
    await eventually(
      () => reservedOf(issue70),
      (r) => r.length === 1,
    );
    await quiet();
    expect(await reservedOf(issue70)).toEqual([
      expect.objectContaining({
        stockId: issue70,
        comicId: 'PL-SAGA70',
        title: 'Saga #70',
        issueNumber: '70',
        quantity: 2,
        awaiting: 0,
        focDate: '2099-12-01',
        releaseDate: '2099-12-24',
        status: 'reserved',
        cancellable: true,
      }),
    ]);
    // The hold is on the item's stock stream, as a checkout's is: 2 of 5 left for everyone else.
    const held = (await t.ctx.store.readStream(stockStreamId(issue70))).filter((e) => e.type === 'StockHeld');
    expect(held.map((e) => e.data)).toEqual([
      expect.objectContaining({ orderId: `pull-list-${a.customer.userId}`, quantity: 2, available: 3 }),
    ]);
    await eventually(reservedEmails, (jobs) => jobs.length >= 1);
    const emails = await reservedEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.data.data).toMatchObject({ title: 'Saga #70', quantity: 2, awaiting: 0, focDate: '2099-12-01' });
  });

  it('the variant cover is not the main cover: nothing reserved for a main-cover subscription', async () => {
    const b = await addItem({
      comicId: 'PL-SAGA70B',
      mainDescription: 'Saga #70',
      variantDescription: 'Cover B',
      publisher: 'Image',
      seriesId: 'saga',
      issueNumber: '70',
      cover: 'B',
      number: 5,
    });
    await quiet();
    expect(await reservedOf(b._id)).toEqual([]);
  });

  it('reserves an imported issue once, however often the import is re-run or the reactors read the log again', async () => {
    const file = {
      name: 'diamond.csv',
      type: 'text/csv',
      data: ['Qty,Item Code,Description,Price,Publisher', '4,DEC260071,SAGA #71,3.99,Image Comics'].join('\r\n'),
    };
    const first = await upload(t, '/api/stock-upload', a.admin.token, {}, file);
    expect(first.statusCode, first.body).toBe(201);
    await quiet();
    const saga71 = (await pullList()).reserved.find((r: { comicId: string }) => r.comicId === 'DEC260071');
    expect(saga71).toMatchObject({ title: 'SAGA #71', quantity: 2 });
    const listEvents = await pullListEvents();
    const emails = (await reservedEmails()).length;
    expect(emails).toBe(2);

    const again = await upload(t, '/api/stock-upload', a.admin.token, {}, file);
    expect(again.json()).toMatchObject({ imported: 0, alreadyImported: 1 });
    await quiet();
    expect(await pullListEvents()).toBe(listEvents);

    // The reactors read the whole log again (their checkpoints gone), and the read model is rebuilt.
    await reactors.stop();
    await t.ctx.pool.query(`delete from projection_checkpoints where projector like 'reactor-%'`);
    startReactors();
    await quiet();
    const projector = allProjectors.find((p) => p.name === 'pull-lists')!;
    await rebuildProjector(t.ctx.db, t.ctx.store, projector, { replace: true });
    await quiet();
    expect(await pullListEvents()).toBe(listEvents);
    expect((await reservedEmails()).length).toBe(emails);
    expect((await reservedOf(saga71.stockId))[0]).toMatchObject({ quantity: 2 });
    const rows = await t.ctx.db.selectFrom('pull_list_reservations').selectAll().where('user_id', '=', a.customer.userId).execute();
    expect(rows.map((r) => [r.comic_id, r.quantity, r.status]).sort()).toEqual([
      ['DEC260071', 2, 'reserved'],
      ['PL-SAGA70', 2, 'reserved'],
    ]);
  });

  it('goes in subscription order when subscriptions want more copies than the item has; the rest await copies', async () => {
    const second = await createAccounts(t);
    const res = await call(t, 'PUT', '/api/pull-list/saga', { token: second.customer.token, payload: { quantity: 3, covers: 'all' } });
    expect(res.statusCode).toBe(200);
    const item = await addItem({
      comicId: 'PL-SAGA72',
      mainDescription: 'Saga #72',
      publisher: 'Image',
      seriesId: 'saga',
      issueNumber: '72',
      number: 3,
      focDate: '2099-12-08',
    });
    await quiet();
    expect((await reservedOf(item._id))[0]).toMatchObject({ quantity: 2, awaiting: 0 });
    const theirs = (await call(t, 'GET', '/api/pull-list', { token: second.customer.token })).json().reserved;
    expect(theirs[0]).toMatchObject({ stockId: item._id, quantity: 1, awaiting: 2 });

    // The first customer gives theirs up: the copies go to the one awaiting them.
    const cancelled = await customer('DELETE', `/api/pull-list/reserved/${item._id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().reserved.find((r: { stockId: string }) => r.stockId === item._id)).toBeUndefined();
    await quiet();
    const filled = (await call(t, 'GET', '/api/pull-list', { token: second.customer.token })).json().reserved;
    expect(filled[0]).toMatchObject({ stockId: item._id, quantity: 3, awaiting: 0 });

    // The worksheet counts subscriptions (reserved and awaiting) of both.
    const sheet = (await admin('GET', '/api/admin-foc?date=2099-12-08&distributor=diamond')).json();
    expect(sheet.lines).toEqual([expect.objectContaining({ stockId: item._id, subscriptions: 3, preOrders: 0, shelf: 0, total: 3 })]);
  });

  it('refuses to cancel a reservation after the end of its FOC day in Sydney (409)', async () => {
    const clock = t.ctx.clock;
    // 2 Dec 2099 00:30 in Sydney (UTC+11): the FOC day, 1 Dec, has ended.
    t.ctx.clock = () => new Date('2099-12-01T13:30:00Z');
    try {
      await expectRefused(
        t,
        a.customer.token,
        { method: 'DELETE', url: `/api/pull-list/reserved/${issue70}` },
        409,
        /can no longer be cancelled: its final order cut-off was 1 Dec 2099/,
      );
      expect((await reservedOf(issue70))[0]).toMatchObject({ cancellable: false });
    } finally {
      t.ctx.clock = clock;
    }
  });

  it('unsubscribing stops future reservations, and keeps those made', async () => {
    const res = await customer('DELETE', '/api/pull-list/saga');
    expect(res.statusCode).toBe(200);
    expect(res.json().subscriptions).toEqual([]);
    expect(res.json().reserved.length).toBeGreaterThan(0);
    const item = await addItem({
      comicId: 'PL-SAGA73',
      mainDescription: 'Saga #73',
      publisher: 'Image',
      seriesId: 'saga',
      issueNumber: '73',
      number: 5,
    });
    await quiet();
    expect(await reservedOf(item._id)).toEqual([]);
  });
});

describe('the distributor order worksheet', () => {
  it('totals subscriptions, pre-orders and shelf copies; the admin adjusts; each export is recorded and parses', async () => {
    const shelf = await admin('PUT', '/api/series-shelf/saga', { shelfCopies: 4 });
    expect(shelf.statusCode, shelf.body).toBe(200);
    await quiet();
    const query = 'date=2099-12-01&distributor=diamond';
    const sheet = (await admin('GET', `/api/admin-foc?${query}`)).json();
    const main = sheet.lines.find((l: { comicId: string }) => l.comicId === 'PL-SAGA70');
    expect(main).toMatchObject({ subscriptions: 2, preOrders: 0, shelf: 4, suggested: 6, total: 6, adjusted: false });

    const before = await eventCount(t);
    const adjusted = await admin('PUT', '/api/admin-foc', {
      date: '2099-12-01',
      distributor: 'diamond',
      totals: [{ stockId: main.stockId, total: 9 }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(adjusted.json().lines.find((l: { stockId: string }) => l.stockId === main.stockId)).toMatchObject({
      suggested: 6,
      total: 9,
      adjusted: true,
    });
    expect(await eventCount(t)).toBe(before + 1);

    const exported = await admin('GET', `/api/admin-foc/export?${query}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    const rows = parseCsv(exported.body, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toContainEqual({ 'Diamond Code': 'PL-SAGA70', Quantity: '9', Description: 'Saga #70' });
    const recorded = (await admin('GET', `/api/admin-foc?${query}`)).json().exports;
    expect(recorded).toEqual([
      expect.objectContaining({ byEmail: a.admin.email, fileName: 'diamond-order-foc-2099-12-01.csv', lineCount: rows.length }),
    ]);

    await expectRefused(
      t,
      a.admin.token,
      {
        method: 'PUT',
        url: '/api/admin-foc',
        payload: { date: '2099-12-01', distributor: 'diamond', totals: [{ stockId: 'nope', total: 1 }] },
      },
      400,
      /not on the diamond worksheet/,
    );
  });

  it('writes each distributor in its own format', async () => {
    await addItem({
      comicId: 'PRH-0001',
      mainDescription: 'Batman #160',
      publisher: 'DC',
      seriesTitle: 'Batman',
      issueNumber: '160',
      supplierType: 'prh',
      upc: '76194134182316011',
      focDate: '2099-11-03',
      number: 1,
    });
    await addItem({
      comicId: 'LUN-0001',
      mainDescription: 'Absolute Batman #20',
      publisher: 'DC',
      seriesTitle: 'Absolute Batman',
      issueNumber: '20',
      supplierType: 'diamond',
      focDate: '2099-11-03',
      number: 1,
    });
    await quiet();
    const res = await admin('GET', '/api/admin-foc/export?date=2099-11-03&distributor=prh');
    expect(res.statusCode).toBe(200);
    // Nobody wants Batman #160 yet: an order file of its header only; with a total set, its UPC and the copies.
    expect(parseCsv(res.body, { columns: false })).toEqual([['ISBN', 'Quantity']]);
    const sheet = (await admin('GET', '/api/admin-foc?date=2099-11-03&distributor=prh')).json();
    const batman = sheet.lines.find((l: { comicId: string }) => l.comicId === 'PRH-0001');
    await admin('PUT', '/api/admin-foc', { date: '2099-11-03', distributor: 'prh', totals: [{ stockId: batman.stockId, total: 4 }] });
    const again = await admin('GET', '/api/admin-foc/export?date=2099-11-03&distributor=prh');
    expect(parseCsv(again.body, { columns: true })).toEqual([{ ISBN: '76194134182316011', Quantity: '4' }]);
    const lunar = await admin('GET', '/api/admin-foc/export?date=2099-11-03&distributor=lunar');
    expect(parseCsv(lunar.body, { columns: false })).toEqual([['Item Code', 'Quantity', 'Title']]);
  });
});

describe('releasing a batch', () => {
  it('puts reserved copies in the customer’s order as pullList lines that update-order keeps', async () => {
    const b = await createAccounts(t);
    const batch = await admin('POST', '/api/add-batch', { name: 'PULL RELEASE', type: 'diamond', periodType: 'pre-order' });
    expect(batch.statusCode, batch.body).toBe(201);
    const batchId = batch.json().batch._id;
    await call(t, 'PUT', '/api/pull-list/saga', { token: b.customer.token, payload: { quantity: 1, covers: 'all' } });
    // The subscriber of the test before (3 copies) and this one (1 copy).
    const itemFoc = '2099-10-05';
    const item = await addItem({
      focDate: itemFoc,
      comicId: 'PL-SAGA74',
      mainDescription: 'Saga #74',
      publisher: 'Image',
      seriesId: 'saga',
      issueNumber: '74',
      number: 10,
      batchId,
    });
    await quiet();
    const released = await admin('POST', '/api/admin-pull-list-release', { batchId });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ reservations: 2, copies: 4, customers: 2, skipped: [] });
    expect(released.json().message).toBe("Released 4 copies into 2 customers' orders.");
    const order = (await call(t, 'GET', '/api/current-order', { token: b.customer.token })).json().order;
    expect(order.orderItems.find((l: { _id: string }) => l._id === item._id)).toMatchObject({ quantity: 1, pullList: true });

    // A stale client sends the order without the line, or with none of it: it stays.
    for (const orderItems of [[], [{ _id: item._id, quantity: 0 }]]) {
      const synced = await call(t, 'PUT', `/api/update-order/${order._id}`, {
        token: b.customer.token,
        payload: { _id: order._id, orderItems },
      });
      expect(synced.statusCode, synced.body).toBe(200);
      expect(synced.json().order.orderItems.find((l: { _id: string }) => l._id === item._id)).toMatchObject({
        quantity: 1,
        pullList: true,
      });
    }
    // The customer pays (by credit here): the copies held for the order are sold to it.
    await grantCredit(t.ctx, b.customer.userId, 100_00);
    const withAddress = await call(t, 'PUT', `/api/update-order/${order._id}`, {
      token: b.customer.token,
      payload: { _id: order._id, orderItems: [], shippingAddress: home, shippingIsSameAsBilling: true },
    });
    expect(withAddress.statusCode, withAddress.body).toBe(200);
    const ready = withAddress.json().order;
    const paid = await call(t, 'PUT', `/api/complete-order/${order._id}`, {
      token: b.customer.token,
      payload: { ...ready, latestTransaction: { value: String(ready.toPay), cardToken: '', buyerToken: '' } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order.complete).toBe(true);
    const sold = (await t.ctx.store.readStream(stockStreamId(item._id))).filter((e) => e.type === 'StockSold');
    expect(sold.map((e) => e.data)).toEqual([expect.objectContaining({ orderId: order._id, quantity: 1 })]);
    await quiet();
    // On the worksheet the copies are subscriptions, not pre-orders as well.
    const sheet = (await admin('GET', `/api/admin-foc?date=${itemFoc}&distributor=diamond`)).json();
    expect(sheet.lines.find((l: { stockId: string }) => l.stockId === item._id)).toMatchObject({ subscriptions: 4, preOrders: 0 });

    // Released again: nothing more.
    expect((await admin('POST', '/api/admin-pull-list-release', { batchId })).json()).toMatchObject({ reservations: 0 });
    const theirs = (await call(t, 'GET', '/api/pull-list', { token: b.customer.token })).json().reserved;
    expect(theirs.find((r: { stockId: string }) => r.stockId === item._id)).toMatchObject({ status: 'released', cancellable: false });
  });

  it('shows the admin a customer’s pull list and a series’ subscribers', async () => {
    const list = await admin('GET', `/api/admin-pull-list/${a.customer.userId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().customer).toMatchObject({ _id: a.customer.userId, email: a.customer.email });
    const subs = await admin('GET', '/api/admin-series-subscribers/saga');
    expect(subs.statusCode, subs.body).toBe(200);
    expect(subs.json()).toMatchObject({ seriesId: 'saga', title: 'Saga' });
    expect(subs.json().subscribers.length).toBe(2);
    await expectRefused(t, a.customer.token, { method: 'GET', url: '/api/admin-series-subscribers/saga' }, 403, /admin/);
  });
});
