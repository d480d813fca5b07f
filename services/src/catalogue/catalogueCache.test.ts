import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { stockItemDecider, stockItemInputSchema, toStockItemFields } from '@shop/domain/catalogue/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '../commands/handle.ts';
import { eventually, testMetadata } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { CatalogueCache, type Reach } from './catalogueCache.ts';

let t: TestApp;
type Comic = { _id: string; mainDescription: string; price: number; number: number; available: number };

const ids = Array.from({ length: 8 }, (_, i) => `cache-${i}`);

async function command(id: string, cmd: Parameters<typeof stockItemDecider.decide>[0]) {
  await handle(t.ctx, stockItemDecider, `stock-${id}`, cmd, testMetadata());
}

const browse = async () => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/stock/',
    payload: { itemType: 'comic', periodType: 'new', limit: 60, page: 1 },
  });
  return res.json().comics as Comic[];
};
const search = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/search-stock/cachetest' })).json() as { comics: Comic[]; total: number };
const stats = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/status' })).json().catalogueCache as { hits: number; misses: number };
const find = (list: Comic[], id: string) => list.find((c) => c._id === id);

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  for (const [i, id] of ids.entries()) {
    const input = stockItemInputSchema.parse({
      comicId: `CT${i}`,
      itemType: 'comic',
      mainDescription: `Cachetest Special #${i + 1}`,
      number: i === 0 ? 1 : 5,
      priceOverride: 1000 + i,
    });
    await command(id, { type: 'AddStockItem', data: { stockItemId: id, item: toStockItemFields(input, null) } });
  }
  const unrelated = stockItemInputSchema.parse({
    comicId: 'CTX',
    itemType: 'comic',
    periodType: 'back',
    mainDescription: 'Unrelated Annual #1',
  });
  await command('cache-other', { type: 'AddStockItem', data: { stockItemId: 'cache-other', item: toStockItemFields(unrelated, null) } });
  await t.settle();
});
afterAll(() => t.close());

describe('the catalogue cache', () => {
  it('keeps answers while copies are held and sold, and shows the new counts', async () => {
    await eventually(browse, (list) => list.length === ids.length);
    await search();
    const before = await stats();
    await command('cache-3', { type: 'HoldStock', data: { orderId: 'order-a', quantity: 2 } });
    await t.settle();
    const browsed = await eventually(browse, (list) => find(list, 'cache-3')?.number === 3);
    const searched = await eventually(search, (answer) => find(answer.comics, 'cache-3')?.available === 3);
    expect(searched.total).toBe(ids.length);
    expect(find(browsed, 'cache-4')?.number).toBe(5);
    await command('cache-3', { type: 'SellHeld', data: { orderId: 'order-a', unitPriceCents: 1003 } });
    await t.settle();
    await browse();
    await search();
    const after = await stats();
    // Both answers were laid over with the new counts, never computed again.
    expect(after.misses).toBe(before.misses);
    expect(after.hits).toBeGreaterThan(before.hits);
  });

  it('never shows an item once it sold out, in browse or search', async () => {
    expect(find(await browse(), 'cache-0')?.number).toBe(1);
    expect(find((await search()).comics, 'cache-0')).toBeDefined();
    await command('cache-0', { type: 'HoldStock', data: { orderId: 'order-b', quantity: 1 } });
    await t.settle();
    await eventually(browse, (list) => !find(list, 'cache-0') && list.length === ids.length - 1);
    const answer = await eventually(search, (a) => !find(a.comics, 'cache-0'));
    expect(answer.total).toBe(ids.length - 1);
    // Released, it comes back.
    await command('cache-0', { type: 'ReleaseHold', data: { orderId: 'order-b' } });
    await t.settle();
    await eventually(browse, (list) => find(list, 'cache-0')?.number === 1);
    await eventually(search, (a) => find(a.comics, 'cache-0')?.number === 1);
  });

  it('computes again only the answers an item back in stock could join, the structure unmoved', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10, ttlMs: 0 });
    const computed: string[] = [];
    const answer = (key: string, reach: Reach, gate?: Promise<void>) =>
      cache.body(key, async () => {
        await gate;
        computed.push(key);
        return { comics: { field: 'comics', items: [], inStockOnly: true, reach } };
      });
    const newComics = () => answer('new comics', (item) => item.itemType === 'comic' && item.periodType === 'new');
    const backIssues = () => answer('back issues', (item) => item.periodType === 'back');
    await command('cache-7', { type: 'HoldStock', data: { orderId: 'order-c', quantity: 5 } });
    await command('cache-6', { type: 'HoldStock', data: { orderId: 'order-d', quantity: 5 } });
    await t.settle();
    await newComics();
    await backIssues();
    const structure = cache.stats().structure;
    computed.length = 0;
    await command('cache-7', { type: 'ReleaseHold', data: { orderId: 'order-c' } });
    await t.settle();
    await eventually(
      async () => (await newComics(), computed),
      (keys) => keys.includes('new comics'),
    );
    await backIssues();
    expect(computed).toEqual(['new comics']);

    // An answer computed while an item it could join came back is served, not kept.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = answer('held new comics', (item) => item.itemType === 'comic', gate);
    await command('cache-6', { type: 'ReleaseHold', data: { orderId: 'order-d' } });
    await t.settle();
    await eventually(
      async () => (await backIssues(), await newComics(), computed),
      (keys) => keys.length === 2,
    );
    open();
    await held;
    await answer('held new comics', () => true);
    expect(computed).toEqual(['new comics', 'new comics', 'held new comics', 'held new comics']);
    expect(cache.stats().structure).toBe(structure);
  });

  it('reads an item back in stock and deleted since as the structure moving', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10, ttlMs: 0 });
    const read = () => cache.body('fields', async () => ({ fields: {} }));
    const input = stockItemInputSchema.parse({ comicId: 'CTG', itemType: 'comic', mainDescription: 'Cachetest Gone #1' });
    await command('cache-gone', { type: 'AddStockItem', data: { stockItemId: 'cache-gone', item: toStockItemFields(input, null) } });
    await command('cache-gone', { type: 'HoldStock', data: { orderId: 'order-f', quantity: 1 } });
    await t.settle();
    await read();
    const structure = cache.stats().structure;
    await command('cache-gone', { type: 'ReleaseHold', data: { orderId: 'order-f' } });
    await command('cache-gone', { type: 'DeleteStockItem', data: {} });
    await t.settle();
    // One read of the feed holds the release, whose item is gone, and the structure moved by the deletion.
    await eventually(read, () => cache.stats().structure !== structure);
    expect((await read()).json()).toBe('{}');
  });

  it('keeps the answers an item back in stock could not join, through the routes', async () => {
    const unrelatedSearch = () => t.app.inject({ method: 'GET', url: '/api/search-stock/unrelated' });
    const backIssues = () =>
      t.app.inject({ method: 'PUT', url: '/api/stock/', payload: { itemType: 'comic', periodType: 'back', limit: 60, page: 1 } });
    await command('cache-1', { type: 'HoldStock', data: { orderId: 'order-e', quantity: 5 } });
    await t.settle();
    await eventually(search, (answer) => !find(answer.comics, 'cache-1'));
    expect((await unrelatedSearch()).json().total).toBe(1);
    expect((await backIssues()).json().comics).toHaveLength(1);
    await command('cache-1', { type: 'ReleaseHold', data: { orderId: 'order-e' } });
    await t.settle();
    // Seen again in the search it joins (and the new comics it is one of)...
    await eventually(search, (answer) => find(answer.comics, 'cache-1')?.available === 5);
    await eventually(browse, (list) => find(list, 'cache-1')?.available === 5);
    // ...while the answers it could not join were kept: served without computing them again.
    const before = await stats();
    await unrelatedSearch();
    await backIssues();
    expect((await stats()).misses).toBe(before.misses);
  });

  it('never shows an old price or title once the change is projected', async () => {
    await browse();
    await search();
    await command('cache-5', {
      type: 'EditStockItem',
      data: { changes: { priceOverride: 4321, mainDescription: 'Cachetest Renamed #6' } },
    });
    await t.settle();
    await eventually(
      browse,
      (list) => find(list, 'cache-5')?.price === 4321 && find(list, 'cache-5')?.mainDescription === 'Cachetest Renamed #6',
    );
    await eventually(search, (a) => find(a.comics, 'cache-5')?.price === 4321);
  });

  it('remembers what only a structure move changes (the site settings) until the structure moves', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10 });
    const read = () => cache.body('fields', async () => ({ fields: {} }));
    let reads = 0;
    const settings = cache.perStructure(async () => ++reads);
    await read();
    expect([await settings(), await settings()]).toEqual([1, 1]);
    const structure = cache.stats().structure;
    await command('cache-6', { type: 'EditStockItem', data: { changes: { priceOverride: 2222 } } });
    await t.settle();
    await eventually(read, () => cache.stats().structure !== structure);
    expect(await settings()).toBe(2);
    expect(await settings()).toBe(2);
  });

  it('computes every answer when off (the database path bench/catalogue --no-cache measures)', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10, enabled: false });
    let computed = 0;
    const answer = () => cache.body('fields', async () => ({ fields: { n: ++computed } }));
    expect((await answer()).json()).toBe('{"n":1}');
    expect((await answer()).json()).toBe('{"n":2}');
  });

  it('answers GET calls with an ETag, 304 when unchanged, compressed when asked', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/homepage-stock', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/homepage-stock', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/search-stock/cachetest',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    const gzip = await t.app.inject({ method: 'GET', url: '/api/search-stock/cachetest', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/api/search-stock/cachetest' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().total).toBe(ids.length);
    // The kept body lets its JSON go once compressed: laid out again, it is the same body, same ETag.
    expect(brotliDecompressSync(big.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(new Set([big.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(1);
  });
});
