import { stockItemDecider } from '@shop/domain/catalogue/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '../../../commands/handle.ts';
import { testMetadata } from '../../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { call, createAccounts, expectRefused, settled, type Accounts } from './testSupport.ts';

let t: TestApp;
let a: Accounts;
type Comic = Record<string, unknown> & { _id: string; number: number; price: number; batch: string | null; mainDescription: string };

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  a = await createAccounts(t);
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t, method, url, { token: a.admin.token, payload });

async function addBatch(body: Record<string, unknown>) {
  const res = await admin('POST', '/api/add-batch', body);
  expect(res.statusCode).toBe(201);
  return res.json().batch as { _id: string; name: string; discountPercent: number; publishDate: string };
}

async function addItem(body: Record<string, unknown>): Promise<Comic> {
  const res = await admin('POST', '/api/add-stock', { itemType: 'comic', periodType: 'new', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comic as Comic;
}

/** A refused call: the status, a message, and no new events. */
const refused = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, status: number, message: RegExp) =>
  expectRefused(t, a.admin.token, { method, url, payload }, status, message);

describe('batches', () => {
  it('adds a batch (201, publish date 21 days ahead by default) and edits it', async () => {
    const batch = await addBatch({ name: 'NOV26', type: 'diamond', discountPercent: 10 });
    expect(batch.name).toBe('NOV26');
    const days = (new Date(batch.publishDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(20.9);
    expect(days).toBeLessThan(21.1);
    const edited = await admin('PUT', `/api/edit-batch/${batch._id}`, { discountPercent: 20, name: 'NOV26 Diamond' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().batch).toMatchObject({ _id: batch._id, name: 'NOV26 Diamond', discountPercent: 20 });
  });

  it('refuses bad batches, unknown ids and wrong types with a clear 4xx, changing nothing', async () => {
    await refused('POST', '/api/add-batch', { type: 'diamond' }, 400, /Batch name is required/);
    await refused('POST', '/api/add-batch', { name: 'X', type: 'spaceship' }, 400, /Batch type must be one of/);
    await refused('POST', '/api/add-batch', { name: 'X', type: 'pre', discountPercent: 'lots' }, 400, /Discount percent must be a number/);
    await refused('PUT', '/api/edit-batch/nope', { name: 'Y' }, 404, /Batch not found/);
    await refused('PUT', '/api/edit-batch/bad%20id', { name: 'Y' }, 400, /id may contain only/);
    await refused('DELETE', '/api/delete-batch/nope', undefined, 404, /Batch not found/);
    await refused('DELETE', '/api/clear-stock/nope', undefined, 404, /Batch not found/);
  });

  it('does not delete a batch with stock (202), clears its never-sold items, then deletes it (200)', async () => {
    const batch = await addBatch({ name: 'CLEAR1', type: 'back' });
    const sold = await addItem({ comicId: 'CLR1', mainDescription: 'Clear Test #1', srp: 399, number: 3, batchId: batch._id });
    const unsold = await addItem({ comicId: 'CLR2', mainDescription: 'Clear Test #2', srp: 399, number: 3, batchId: batch._id });
    await handle(
      t.ctx,
      stockItemDecider,
      `stock-${sold._id}`,
      { type: 'RecordExternalSale', data: { externalOrderId: 'E1', quantity: 1, valueCents: 650 } },
      testMetadata(),
    );
    await settled(t);

    const notDeleted = await admin('DELETE', `/api/delete-batch/${batch._id}`);
    expect(notDeleted.statusCode).toBe(202);
    expect(notDeleted.json().message).toBe('NOT Deleted - Batch has NOT been deleted.');

    const cleared = await admin('DELETE', `/api/clear-stock/${batch._id}`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ message: 'Deleted!', removed: 1, kept: 1 });
    await settled(t);
    const left = (await admin('PUT', '/api/admin-stock/', { itemType: 'comic', batchId: batch._id, limit: 100, page: 1, zero: 2 })).json()
      .comics as Comic[];
    expect(left.map((c) => c._id)).toEqual([sold._id]);
    expect(unsold._id).not.toBe(sold._id);

    const clearAgain = await admin('DELETE', `/api/clear-stock/${batch._id}`);
    expect(clearAgain.statusCode).toBe(202);
    expect(clearAgain.json().message).toBe('NOT Deleted - Batch has NOT been deleted.');

    await admin('DELETE', `/api/delete-stock/${sold._id}`);
    await settled(t);
    const deleted = await admin('DELETE', `/api/delete-batch/${batch._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Deleted!');
  });
});

describe('stock items', () => {
  let batch: { _id: string };
  let saga: Comic;
  beforeAll(async () => {
    batch = await addBatch({ name: 'DEC26', type: 'diamond', discountPercent: 0 });
    saga = await addItem({
      comicId: 'DEC260001',
      mainDescription: 'Saga #70',
      publisher: 'Image Comics',
      srp: 399,
      number: 2,
      batchId: batch._id,
    });
    await addItem({
      comicId: 'DEC260002',
      mainDescription: 'Saga #71',
      publisher: 'Image Comics',
      srp: 399,
      number: 0,
      batchId: batch._id,
    });
    await addItem({
      comicId: 'BI0001',
      mainDescription: 'Batman #50',
      periodType: 'back-issue',
      supplierType: 'local_person',
      priceOverride: 1200,
      number: 1,
    });
    await addItem({ comicId: 'G0001', itemType: 'game', mainDescription: 'Catan', priceOverride: 6500, number: 1 });
    await settled(t);
  });

  it('adds an item and answers it from the write side (201 with the shop price)', () => {
    expect(saga).toMatchObject({ comicId: 'DEC260001', number: 2, price: 650, batch: batch._id, batchName: 'DEC26', initialQuantity: 1 });
  });

  it('refuses bad items with a clear 400 or 404, changing nothing', async () => {
    await refused('POST', '/api/add-stock', { itemType: 'comic', mainDescription: 'No id' }, 400, /Image id is required/);
    await refused(
      'POST',
      '/api/add-stock',
      { comicId: 'X1', itemType: 'comic', mainDescription: 'Bad', srp: 'cheap' },
      400,
      /SRP must be a number/,
    );
    await refused(
      'POST',
      '/api/add-stock',
      { comicId: '../etc', itemType: 'comic', mainDescription: 'Bad' },
      400,
      /Image id may contain only/,
    );
    await refused(
      'POST',
      '/api/add-stock',
      { comicId: 'X1', itemType: 'comic', mainDescription: 'Lost', batchId: 'no-such-batch' },
      404,
      /Batch not found/,
    );
    await refused('POST', '/api/add-stock', [1, 2], 400, /expected object/i);
  });

  it('lists admin stock including zero stock, with totals over the whole list', async () => {
    const res = await admin('PUT', '/api/admin-stock/', {
      itemType: 'comic',
      periodType: 'new',
      batchId: batch._id,
      limit: 2000,
      page: 1,
      zero: 2,
    });
    expect(res.statusCode).toBe(200);
    const { comics, totals } = res.json() as { comics: Comic[]; totals: Record<string, number> };
    expect(comics.map((c) => c.mainDescription)).toEqual(['Saga #70', 'Saga #71']);
    expect(totals).toMatchObject({ items: 2, left: 2, sold: 0, valueLeft: 1300, toGo: 1 });
    const all = (await admin('PUT', '/api/admin-stock/', { itemType: 'comic', batchId: 'all', limit: 9999, page: 1, zero: 1 })).json()
      .comics as Comic[];
    expect(all.length).toBe(3);
    const inStock = (await admin('PUT', '/api/admin-stock/', { itemType: 'comic', limit: 9999, page: 1, zero: 0 })).json()
      .comics as Comic[];
    expect(inStock.every((c) => c.number > 0)).toBe(true);
    const games = (await admin('PUT', '/api/admin-stock/', { itemType: 'game', limit: 60, page: 1, zero: 1 })).json().comics as Comic[];
    expect(games.map((c) => c.mainDescription)).toEqual(['Catan']); // hidden from shoppers, listed for the admin
  });

  it.each([
    [{ itemType: 'comic', limit: 10000, page: 1 }, /Limit must be at most 9999/],
    [{ itemType: 'comic', limit: 10, page: 0 }, /Page must be at least 1/],
    [{ itemType: 'spaceship' }, /Item type must be one of/],
    [{ itemType: 'comic', zero: 7 }, /Zero must be at most 2/],
    [{ itemType: 'comic', batchId: "x' or 1=1" }, /id may contain only/],
  ])('refuses the stock list query %j with a 400', async (body, message) => {
    const res = await admin('PUT', '/api/admin-stock/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('lists zero stock of every type', async () => {
    const res = await admin('GET', '/api/zero-stock/9999');
    expect(res.json().comics.map((c: Comic) => c.mainDescription)).toEqual(['Saga #71']);
    expect((await admin('GET', '/api/zero-stock/0')).statusCode).toBe(400);
    expect((await admin('GET', '/api/zero-stock/10000')).statusCode).toBe(400);
    expect((await admin('GET', '/api/zero-stock/lots')).statusCode).toBe(400);
  });

  it('finds a clash by comic id or description (200 with the item), none for the item itself (201)', async () => {
    const byId = await admin('PUT', '/api/add-stock-check', {
      savedId: '',
      comicId: 'dec260001',
      mainDescription: 'Something else',
      images: [],
    });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().comic._id).toBe(saga._id);
    const byName = await admin('PUT', '/api/add-stock-check', { comicId: 'NEW1', mainDescription: 'saga #70', images: [] });
    expect(byName.statusCode).toBe(200);
    const self = await admin('PUT', '/api/add-stock-check', {
      savedId: saga._id,
      comicId: 'DEC260001',
      mainDescription: 'Saga #70',
      images: [],
    });
    expect(self.statusCode).toBe(201);
    const none = await admin('PUT', '/api/add-stock-check', {
      comicId: 'NEW1',
      mainDescription: 'Brand New #1',
      images: [{ imageId: 'NEW1-b' }],
    });
    expect(none.statusCode).toBe(201);
    expect((await admin('PUT', '/api/add-stock-check', { comicId: 5 })).statusCode).toBe(400);
  });

  it('edits an item (200 with comics) and shows the change at once', async () => {
    const res = await admin('PUT', `/api/edit-stock/${saga._id}`, {
      _id: saga._id,
      priceOverride: 800,
      number: 5,
      mainDescription: 'Saga #70',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().comics).toHaveLength(1);
    expect(res.json().comics[0]).toMatchObject({ _id: saga._id, price: 800, number: 5 });
  });

  it('refuses bad edits and unknown items, changing nothing', async () => {
    await refused('PUT', '/api/edit-stock/no-such-item', { number: 1 }, 404, /Stock item not found/);
    await refused('PUT', `/api/edit-stock/${saga._id}`, { number: -1 }, 400, /Quantity must be at least 0/);
    await refused('PUT', `/api/edit-stock/${saga._id}`, { selected: 'yes' }, 400, /Selected must be true or false/);
    await refused('PUT', `/api/edit-stock/${saga._id}`, { batchId: 'gone' }, 404, /Batch not found/);
    await refused('DELETE', '/api/delete-stock/no-such-item', undefined, 404, /Stock item not found/);
  });

  it('searches every item for the admin (zero stock and hidden games too), with orders', async () => {
    await settled(t);
    const res = await admin('GET', '/api/admin-search-stock/saga');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { comics: Comic[]; orders: unknown[]; ebayInfos: unknown[] };
    expect(body.comics.map((c) => c.mainDescription).sort()).toEqual(['Saga #70', 'Saga #71']);
    expect(body.ebayInfos).toEqual([]);
    expect(Array.isArray(body.orders)).toBe(true);
    expect((await admin('GET', '/api/admin-search-stock/catan')).json().comics).toHaveLength(1);
    expect((await admin('GET', '/api/admin-search-stock/BI0001')).json().comics[0].mainDescription).toBe('Batman #50');
    expect((await admin('GET', `/api/admin-search-stock/${'x'.repeat(300)}`)).statusCode).toBe(400);
  });

  it('gives the form its suggestion lists', async () => {
    const lists = (await admin('GET', '/api/admin-lists')).json();
    expect(lists.publishers.comic).toContain('Marvel');
    expect(lists.publishers.game).toContain('Asmodee');
    expect(lists.suggestedSearchTerms.length).toBeGreaterThanOrEqual(20);
    expect(lists.supplierTypes.map((s: { value: string }) => s.value)).toEqual(['diamond', 'lpg', 'auction', 'local_shop', 'local_person', 'lunar', 'prh']);
  });

  it('deletes an item', async () => {
    const doomed = await addItem({ comicId: 'DEL1', mainDescription: 'Doomed #1', number: 1 });
    const res = await admin('DELETE', `/api/delete-stock/${doomed._id}`);
    expect(res.statusCode).toBe(200);
    await settled(t);
    expect((await admin('GET', '/api/admin-search-stock/DEL1')).json().comics).toEqual([]);
  });
});
