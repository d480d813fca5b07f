import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { searchQuerySchema, stockItemDecider, stockItemInputSchema, toStockItemFields } from '@shop/domain/catalogue/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '../commands/handle.ts';
import { eventually, testMetadata } from '../testing/fixtures.ts';
import { untilCacheReadFeed } from '../testing/catalogueFeed.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { CatalogueCache, type Reach } from './catalogueCache.ts';
import { listedColumns } from './itemJson.ts';
import { searchReach } from './searchReach.ts';
import { searchAnswer } from './searchStock.ts';
import { readSiteSettings } from '../settings/siteSettings.ts';
import { normaliseSearchTerm } from './searchTerms.ts';

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
  (await t.app.inject({ method: 'GET', url: '/api/status' })).json().catalogueCache as {
    hits: number;
    misses: number;
    dropped: number;
    soldOut: number;
    laidOut: number;
    feedSeq: number;
  };
/** `read` until `done` says yes, failing the test when it never does. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const value = await eventually(read, done, 20_000);
  expect(done(value)).toBe(true);
  return value;
}
const find = (list: Comic[], id: string) => list.find((c) => c._id === id);
const structureNow = async () => (await t.app.inject({ method: 'GET', url: '/api/status' })).json().catalogueCache.structure as string;
/** The items as a miss of `cache` lists them (their JSON the cache's own). */
const listedBy = async (cache: CatalogueCache, stockIds: string[]) =>
  cache.items.listed(
    t.tdb.db,
    await t.tdb.db.selectFrom('stock_items').select(listedColumns('stock_items')).where('stock_item_id', 'in', stockIds).execute(),
  );

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
    await until(browse, (list) => list.length === ids.length);
    await search();
    const before = await stats();
    await command('cache-3', { type: 'HoldStock', data: { orderId: 'order-a', quantity: 2 } });
    await t.settle();
    const browsed = await until(browse, (list) => find(list, 'cache-3')?.number === 3);
    const searched = await until(search, (answer) => find(answer.comics, 'cache-3')?.available === 3);
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
    expect(after.laidOut - before.laidOut).toBeGreaterThanOrEqual(2);
  });

  it('never shows an item once it sold out, in browse or search', async () => {
    expect(find(await browse(), 'cache-0')?.number).toBe(1);
    expect(find((await search()).comics, 'cache-0')).toBeDefined();
    const kept = await stats();
    await command('cache-0', { type: 'HoldStock', data: { orderId: 'order-b', quantity: 1 } });
    await t.settle();
    await until(browse, (list) => !find(list, 'cache-0') && list.length === ids.length - 1);
    const answer = await until(search, (a) => !find(a.comics, 'cache-0'));
    expect(answer.total).toBe(ids.length - 1);
    // Both kept answers listed it: each was found with it sold out, none dropped.
    const soldOut = await stats();
    expect(soldOut.soldOut - kept.soldOut).toBe(2);
    expect(soldOut.dropped).toBe(kept.dropped);
    // Released, it comes back: both answers it could join are dropped.
    await command('cache-0', { type: 'ReleaseHold', data: { orderId: 'order-b' } });
    await t.settle();
    await until(browse, (list) => find(list, 'cache-0')?.number === 1);
    await until(search, (a) => find(a.comics, 'cache-0')?.number === 1);
    expect((await stats()).dropped - soldOut.dropped).toBe(2);
  });

  it('keeps an answer listing an item through its selling out and coming back, when not asked for meanwhile', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10, ttlMs: 0 });
    let computed = 0;
    const listing = async () => {
      const body = await cache.body('lists cache-5', async () => {
        computed++;
        const inStock = (await listedBy(cache, ['cache-5'])).filter((item) => item.live.available > 0);
        return { comics: { field: 'comics', items: inStock, inStockOnly: true, reach: () => true } };
      });
      return (JSON.parse(body.json()) as { comics: Comic[] }).comics;
    };
    const other = () => cache.body('other', async () => ({ fields: { n: 1 } }));
    const copies = find(await listing(), 'cache-5')!.available;
    await command('cache-5', { type: 'HoldStock', data: { orderId: 'order-s', quantity: copies } });
    await t.settle();
    await untilCacheReadFeed(t.tdb.db, other, () => cache.stats().feedSeq);
    await command('cache-5', { type: 'ReleaseHold', data: { orderId: 'order-s' } });
    await t.settle();
    await untilCacheReadFeed(t.tdb.db, other, () => cache.stats().feedSeq);
    expect(find(await listing(), 'cache-5')?.available).toBe(copies);
    expect(computed).toBe(1);
    // Asked for while it is sold out, the answer is computed without it, and again once it is back.
    await command('cache-5', { type: 'HoldStock', data: { orderId: 'order-t', quantity: copies } });
    await t.settle();
    await until(listing, (comics) => comics.length === 0);
    await command('cache-5', { type: 'ReleaseHold', data: { orderId: 'order-t' } });
    await t.settle();
    await until(listing, (comics) => find(comics, 'cache-5')?.available === copies);
    expect(computed).toBe(3);
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
    await until(
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
    await until(
      async () => (await backIssues(), await newComics(), computed),
      (keys) => keys.length === 2,
    );
    open();
    await held;
    await answer('held new comics', () => true);
    expect(computed).toEqual(['new comics', 'new comics', 'held new comics', 'held new comics']);
    expect(cache.stats().structure).toBe(structure);
  });

  it('finds by their words the search answers an item back in stock may join: a start of each word, or the words run together', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10, ttlMs: 0 });
    const computed: string[] = [];
    const answer = (term: string) =>
      cache.body(term, async () => {
        computed.push(term);
        const reach = searchReach([normaliseSearchTerm(term).words], null);
        return { comics: { field: 'comics', items: [], inStockOnly: true, reach } };
      });
    const terms = ['cachetest', 'spec cache', 'testspecial', 'ecial6', 'unrelated', 'special annual', 'ecial7'];
    await command('cache-5', { type: 'HoldStock', data: { orderId: 'order-words', quantity: 5 } });
    await t.settle();
    for (const term of terms) await answer(term);
    computed.length = 0;
    await command('cache-5', { type: 'ReleaseHold', data: { orderId: 'order-words' } });
    await t.settle();
    // "Cachetest Special #6" back: its words start with "cachetest", "spec" and "cache"; its title run
    // together ("cachetestspecial6") holds "testspecial" and "ecial6"; it has no "unrelated",
    // "annual" nor "ecial7".
    await until(
      async () => (await answer('cachetest'), computed),
      (keys) => keys.includes('cachetest'),
    );
    for (const term of terms.slice(1)) await answer(term);
    expect(computed).toEqual(['cachetest', 'spec cache', 'testspecial', 'ecial6']);
  });

  it('finds by their words the search answers an item edited may change: those listing it, and those its words reach where it was or is', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 20, ttlMs: 0 });
    const computed: string[] = [];
    const settings = await readSiteSettings({ db: t.tdb.db });
    const answer = (term: string) =>
      cache.body(term, async () => {
        computed.push(term);
        return searchAnswer(t.tdb.db, term, searchQuerySchema.parse({}), settings, cache.items);
      });
    // "ct3" lists only cache-3 (its comic id), "cachetest" and "special" every cache item, "unrelated"
    // and "annual" the other item, and "renamed" nothing: a search of no matches every move reaches.
    const terms = ['ct3', 'cachetest', 'special', 'unrelated', 'renamed', 'annual'];
    const all = async () => {
      for (const term of terms) await answer(term);
      return computed;
    };
    const recomputedAfter = async (change: () => Promise<void>, expected: string[]) => {
      await all();
      computed.length = 0;
      await change();
      await t.settle();
      await untilCacheReadFeed(
        t.tdb.db,
        () => answer('unrelated'),
        () => cache.stats().feedSeq,
      );
      computed.length = 0;
      expect(await all()).toEqual(expected);
    };
    // Edited where it stays (an eBay listing id): only the answers listing it (a search of no matches
    // reaches where an item moved to, and it moved nowhere).
    await recomputedAfter(
      () => command('cache-3', { type: 'EditStockItem', data: { changes: { ebayListingId: '110554433777' } } }),
      ['ct3', 'cachetest', 'special'],
    );
    // Renamed: those listing it where it was, and those its new words reach.
    await recomputedAfter(
      () => command('cache-3', { type: 'EditStockItem', data: { changes: { mainDescription: 'Renamed Annual #4' } } }),
      ['ct3', 'cachetest', 'special', 'renamed', 'annual'],
    );
    // Renamed back: those listing it as "Renamed Annual", and those its old words reach again.
    await recomputedAfter(
      () => command('cache-3', { type: 'EditStockItem', data: { changes: { mainDescription: 'Cachetest Special #4' } } }),
      ['ct3', 'cachetest', 'special', 'renamed', 'annual'],
    );
  });

  it('reads an item back in stock and deleted since as no place now, and its deletion as where it was', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10, ttlMs: 0 });
    const computed: string[] = [];
    const answer = (key: string) =>
      cache.body(key, async () => {
        computed.push(key);
        return key === 'fields' ? { fields: {} } : { comics: { field: 'comics', items: [], inStockOnly: true, reach: () => true } };
      });
    const input = stockItemInputSchema.parse({ comicId: 'CTG', itemType: 'comic', mainDescription: 'Cachetest Gone #1' });
    await command('cache-gone', { type: 'AddStockItem', data: { stockItemId: 'cache-gone', item: toStockItemFields(input, null) } });
    await command('cache-gone', { type: 'HoldStock', data: { orderId: 'order-f', quantity: 1 } });
    await t.settle();
    await answer('fields');
    await answer('every comic');
    const structure = cache.stats().structure;
    await command('cache-gone', { type: 'ReleaseHold', data: { orderId: 'order-f' } });
    await command('cache-gone', { type: 'DeleteStockItem', data: {} });
    await t.settle();
    // One read of the feed holds the release, whose item is gone, and the deletion, where it was in stock.
    await until(
      async () => (await answer('every comic'), computed),
      (keys) => keys.length === 3,
    );
    await answer('fields');
    expect(computed).toEqual(['fields', 'every comic', 'every comic']);
    expect(cache.stats().structure).toBe(structure);
  });

  it('keeps the answers an item back in stock could not join, through the routes', async () => {
    const unrelatedSearch = () => t.app.inject({ method: 'GET', url: '/api/search-stock/unrelated' });
    const backIssues = () =>
      t.app.inject({ method: 'PUT', url: '/api/stock/', payload: { itemType: 'comic', periodType: 'back', limit: 60, page: 1 } });
    await command('cache-1', { type: 'HoldStock', data: { orderId: 'order-e', quantity: 5 } });
    await t.settle();
    await until(search, (answer) => !find(answer.comics, 'cache-1'));
    expect((await unrelatedSearch()).json().total).toBe(1);
    expect((await backIssues()).json().comics).toHaveLength(1);
    await command('cache-1', { type: 'ReleaseHold', data: { orderId: 'order-e' } });
    await t.settle();
    // Seen again in the search it joins (and the new comics it is one of)...
    await until(search, (answer) => find(answer.comics, 'cache-1')?.available === 5);
    await until(browse, (list) => find(list, 'cache-1')?.available === 5);
    // ...while the answers it could not join were kept: served without computing them again.
    const before = await stats();
    await unrelatedSearch();
    await backIssues();
    expect((await stats()).misses).toBe(before.misses);
  });

  it('keeps the answers an item edited could not change, the structure unmoved, through the routes', async () => {
    const unrelatedSearch = () => t.app.inject({ method: 'GET', url: '/api/search-stock/unrelated' });
    const backIssues = () =>
      t.app.inject({ method: 'PUT', url: '/api/stock/', payload: { itemType: 'comic', periodType: 'back', limit: 60, page: 1 } });
    await browse();
    await search();
    await unrelatedSearch();
    await backIssues();
    const structure = await structureNow();
    await command('cache-2', { type: 'EditStockItem', data: { changes: { priceOverride: 1555 } } });
    await t.settle();
    await until(browse, (list) => find(list, 'cache-2')?.price === 1555);
    await until(search, (answer) => find(answer.comics, 'cache-2')?.price === 1555);
    const before = await stats();
    expect((await unrelatedSearch()).json().total).toBe(1);
    expect((await backIssues()).json().comics).toHaveLength(1);
    expect((await stats()).misses).toBe(before.misses);
    expect(await structureNow()).toBe(structure);
  });

  it('keeps through a repricing the pages it could not reorder, and computes again those ordered by price', async () => {
    const page = async (n: number, sort: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/stock/',
        payload: { itemType: 'comic', periodType: 'new', limit: 3, page: n, sort },
      });
      return (res.json().comics as Comic[]).map((c) => ({ id: c._id, price: c.price }));
    };
    const secondByTitle = await page(2, 'relevance');
    const firstTwoByPrice = [...(await page(1, 'price-asc')), ...(await page(2, 'price-asc'))];
    // On the first page by relevance (so it reaches the second), and dearer than the first two pages by price.
    const elsewhere = new Set([...secondByTitle, ...firstTwoByPrice].map((c) => c.id));
    const repriced = (await page(1, 'relevance')).find((c) => !elsewhere.has(c.id));
    expect(repriced).toBeDefined();
    const before = await stats();
    await page(2, 'relevance');
    await page(2, 'price-asc');
    expect((await stats()).misses).toBe(before.misses);
    await command(repriced!.id, { type: 'EditStockItem', data: { changes: { priceOverride: 1 } } });
    await t.settle();
    await until(
      () => page(1, 'relevance'),
      (list) => list.find((c) => c.id === repriced!.id)?.price === 1,
    );
    const after = await stats();
    expect(await page(2, 'relevance')).toEqual(secondByTitle);
    expect((await stats()).misses).toBe(after.misses);
    // The cheapest now: the second page by price starts with the first page's last item.
    expect((await page(2, 'price-asc'))[0]).toEqual(firstTwoByPrice[2]);
    expect((await stats()).misses).toBe(after.misses + 1);
  });

  it('keeps a search that found nothing through an item back in stock that it does not match, not through one added', async () => {
    const nothing = async () => (await t.app.inject({ method: 'GET', url: '/api/search-stock/zqxjvwk' })).json() as { total: number };
    expect((await nothing()).total).toBe(0);
    await nothing();
    const before = await stats();
    await command('cache-1', { type: 'HoldStock', data: { orderId: 'order-n', quantity: 5 } });
    await t.settle();
    await until(browse, (list) => !find(list, 'cache-1'));
    await command('cache-1', { type: 'ReleaseHold', data: { orderId: 'order-n' } });
    await t.settle();
    await until(browse, (list) => find(list, 'cache-1') !== undefined);
    const back = await stats();
    expect(back.dropped).toBeGreaterThan(before.dropped);
    expect((await nothing()).total).toBe(0);
    expect((await stats()).misses).toBe(back.misses);
    // An item added with the word: found.
    const input = stockItemInputSchema.parse({ comicId: 'CTZ', itemType: 'comic', mainDescription: 'Zqxjvwk Found #1' });
    await command('cache-none', { type: 'AddStockItem', data: { stockItemId: 'cache-none', item: toStockItemFields(input, null) } });
    await t.settle();
    await until(nothing, (answer) => answer.total === 1);
    await command('cache-none', { type: 'DeleteStockItem', data: {} });
    await t.settle();
    await until(nothing, (answer) => answer.total === 0);
  });

  it('keeps a full search page through an item back in stock that sorts after it, and computes the page where the matches end', async () => {
    const items = [
      { id: 'pulsar-1', mainDescription: 'Pulsar Tales #1' },
      { id: 'pulsar-2', mainDescription: 'Pulsar Tales #2' },
      // Matched by its variant only: ranked after every title that holds the word.
      { id: 'pulsar-tail', mainDescription: 'Crater Annual #1', variantDescription: 'Pulsar Cover' },
    ];
    for (const { id, ...item } of items) {
      const input = stockItemInputSchema.parse({ ...item, comicId: id.toUpperCase(), itemType: 'comic', number: 1 });
      await command(id, { type: 'AddStockItem', data: { stockItemId: id, item: toStockItemFields(input, null) } });
    }
    await t.settle();
    const page = async (n: number) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/search-stock/pulsar?page=${n}&limit=1` });
      const { comics, total } = res.json() as { comics: Comic[]; total: number };
      return { ids: comics.map((c) => c._id), total };
    };
    await command('pulsar-tail', { type: 'HoldStock', data: { orderId: 'order-p', quantity: 1 } });
    await t.settle();
    // Computed once the cache has read every change so far, so nothing read since drops them.
    await untilCacheReadFeed(t.tdb.db, search, async () => (await stats()).feedSeq);
    expect(await page(2)).toEqual({ ids: ['pulsar-2'], total: 2 });
    expect(await page(1)).toEqual({ ids: ['pulsar-1'], total: 2 });
    const sold = await stats();
    await command('pulsar-tail', { type: 'ReleaseHold', data: { orderId: 'order-p' } });
    await t.settle();
    // The page where the matches ended is computed again, with the count...
    await until(
      () => page(2),
      (answer) => answer.total === 3,
    );
    expect(await page(3)).toEqual({ ids: ['pulsar-tail'], total: 3 });
    // ...while the first, whose items it cannot change, is kept: its count lags until it is computed again.
    const back = await stats();
    expect(back.dropped - sold.dropped).toBe(1);
    expect(await page(1)).toEqual({ ids: ['pulsar-1'], total: 2 });
    expect((await stats()).misses).toBe(back.misses);
    for (const { id } of items) await command(id, { type: 'DeleteStockItem', data: {} });
    await t.settle();
  });

  it('lists an item added in the answers it joins and none once deleted, keeping the rest', async () => {
    const unrelatedSearch = () => t.app.inject({ method: 'GET', url: '/api/search-stock/unrelated' });
    const { total } = await search();
    await unrelatedSearch();
    const input = stockItemInputSchema.parse({ comicId: 'CTN', itemType: 'comic', mainDescription: 'Cachetest Newcomer #1', number: 2 });
    await command('cache-new', { type: 'AddStockItem', data: { stockItemId: 'cache-new', item: toStockItemFields(input, null) } });
    await t.settle();
    await until(search, (answer) => answer.total === total + 1 && find(answer.comics, 'cache-new')?.number === 2);
    await until(browse, (list) => find(list, 'cache-new')?.mainDescription === 'Cachetest Newcomer #1');
    let before = await stats();
    await unrelatedSearch();
    expect((await stats()).misses).toBe(before.misses);
    await command('cache-new', { type: 'DeleteStockItem', data: {} });
    await t.settle();
    await until(search, (answer) => answer.total === total && !find(answer.comics, 'cache-new'));
    await until(browse, (list) => !find(list, 'cache-new'));
    before = await stats();
    await unrelatedSearch();
    expect((await stats()).misses).toBe(before.misses);
  });

  it('serves, but neither keeps nor shares, what a computation read before an item in it was edited', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10, ttlMs: 0 });
    const computed: string[] = [];
    const answer = (key: string, gate?: Promise<void>, hasRead?: () => void) =>
      cache.body(key, async () => {
        const items = await listedBy(cache, ['cache-4']);
        hasRead?.();
        await gate;
        computed.push(key);
        return { comics: { field: 'comics', items, inStockOnly: true, reach: () => false } };
      });
    const priceIn = async (key: string) => (JSON.parse((await answer(key)).json()) as { comics: Comic[] }).comics[0]!.price;
    expect(await priceIn('first')).toBe(1004);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let hasRead!: () => void;
    const read = new Promise<void>((resolve) => (hasRead = resolve));
    const held = answer('held', gate, hasRead);
    await read;
    await command('cache-4', { type: 'EditStockItem', data: { changes: { priceOverride: 1777 } } });
    await t.settle();
    // The answer listing it is computed again once the feed says so.
    await until(
      () => priceIn('first'),
      (price) => price === 1777,
    );
    open();
    expect((JSON.parse((await held).json()) as { comics: Comic[] }).comics[0]!.price).toBe(1004);
    // Its old prefix was not shared with later answers, and it was not kept.
    expect(await priceIn('later')).toBe(1777);
    expect(await priceIn('held')).toBe(1777);
    expect(computed.filter((key) => key === 'held')).toHaveLength(2);
  });

  it('computes an answer every move reaches again when an item is edited, and not when one it does not reach is back', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10, ttlMs: 0 });
    let computed = 0;
    const answer = () =>
      cache.body('homepage-like', async () => {
        computed++;
        return { comics: { field: 'comics', items: [], inStockOnly: true, reach: () => false, everyMoveReaches: true } };
      });
    await command('cache-7', { type: 'HoldStock', data: { orderId: 'order-g', quantity: 5 } });
    await t.settle();
    await answer();
    await command('cache-7', { type: 'ReleaseHold', data: { orderId: 'order-g' } });
    await t.settle();
    // Served once the cache has read the release: kept, not computed again.
    await untilCacheReadFeed(t.tdb.db, answer, () => cache.stats().feedSeq);
    await answer();
    expect(computed).toBe(1);
    await command('cache-7', { type: 'EditStockItem', data: { changes: { priceOverride: 1888 } } });
    await t.settle();
    await until(
      async () => (await answer(), computed),
      (n) => n === 2,
    );
  });

  it('computes again only the answers listing an item edited where it stays (an eBay listing id)', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10, ttlMs: 0 });
    const computed: string[] = [];
    const answer = (key: string, listing: string[]) =>
      cache.body(key, async () => {
        computed.push(key);
        return {
          comics: {
            field: 'comics',
            items: listing.length > 0 ? await listedBy(cache, listing) : [],
            inStockOnly: true,
            reach: () => true,
            everyMoveReaches: true,
          },
        };
      });
    const both = async () => (await answer('lists it', ['cache-6']), await answer('reaches it', []), computed);
    await both();
    await command('cache-6', { type: 'EditStockItem', data: { changes: { ebayListingId: '110554433999' } } });
    await t.settle();
    await until(both, (keys) => keys.length === 3);
    await both();
    expect(computed).toEqual(['lists it', 'reaches it', 'lists it']);
    // Repriced, it has moved: both go.
    await command('cache-6', { type: 'EditStockItem', data: { changes: { priceOverride: 1666 } } });
    await t.settle();
    await until(both, (keys) => keys.length === 5);
  });

  it('drops every answer when more than 100 items moved between two reads of the feed', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10, ttlMs: 0 });
    let computed = 0;
    const answer = () =>
      cache.body('reaches nothing', async () => {
        computed++;
        return { comics: { field: 'comics', items: [], inStockOnly: true, reach: () => false } };
      });
    const many = Array.from({ length: 101 }, (_, i) => `cache-many-${i}`);
    for (const [i, id] of many.entries()) {
      const input = stockItemInputSchema.parse({ comicId: `CTM${i}`, itemType: 'accessory', mainDescription: `Cachetest Many #${i}` });
      await command(id, { type: 'AddStockItem', data: { stockItemId: id, item: toStockItemFields(input, null) } });
    }
    await t.settle();
    await answer();
    await answer();
    expect(computed).toBe(1);
    // The second answer's read of the feed runs on: done before the deletes, not among them.
    await cache.feedRead();
    const structure = cache.stats().structure;
    // Deleted one statement each: 101 feed rows, read at once.
    for (const id of many) await command(id, { type: 'DeleteStockItem', data: {} });
    await t.settle();
    await until(
      async () => (await answer(), computed),
      (n) => n === 2,
    );
    expect(cache.stats().structure).toBe(structure);
  });

  it('never shows an old price or title once the change is projected', async () => {
    await browse();
    await search();
    await command('cache-5', {
      type: 'EditStockItem',
      data: { changes: { priceOverride: 4321, mainDescription: 'Cachetest Renamed #6' } },
    });
    await t.settle();
    await until(
      browse,
      (list) => find(list, 'cache-5')?.price === 4321 && find(list, 'cache-5')?.mainDescription === 'Cachetest Renamed #6',
    );
    await until(search, (a) => find(a.comics, 'cache-5')?.price === 4321);
  });

  it('remembers what only a structure move changes (the site settings) until the structure moves', async () => {
    const cache = new CatalogueCache(t.tdb.db, { maxEntries: 10 });
    const read = () => cache.body('fields', async () => ({ fields: {} }));
    let reads = 0;
    const settings = cache.perStructure(async () => ++reads);
    await read();
    expect([await settings(), await settings()]).toEqual([1, 1]);
    const structure = cache.stats().structure;
    await sql`select catalogue_bump()`.execute(t.tdb.db);
    await until(read, () => cache.stats().structure !== structure);
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

  it('sends names past ASCII as they were written, in ASCII JSON, compressed or not', async () => {
    const title = 'Zyxwtest Señorita’s Special — Hernández 🦸 #1';
    // A variant long enough for the answer to be compressed (1 KB and more).
    const variant = 'Édition spéciale, couverture ‘B’ — '.repeat(5).trim();
    const input = stockItemInputSchema.parse({
      comicId: 'CTU',
      itemType: 'comic',
      periodType: 'back',
      mainDescription: title,
      variantDescription: variant,
      writer: 'Gabriel Hernández Walta',
    });
    await command('cache-unicode', { type: 'AddStockItem', data: { stockItemId: 'cache-unicode', item: toStockItemFields(input, null) } });
    await t.settle();
    const ask = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/api/search-stock/zyxwtest', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await until(ask, (res) => res.json().total === 1);
    expect(plain.body).toMatch(/^[\x00-\x7f]*$/);
    expect(plain.json().comics[0]).toMatchObject({
      mainDescription: title,
      variantDescription: variant,
      writer: 'Gabriel Hernández Walta',
    });
    const br = await ask('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });
});
