import { stockItemDecider } from '@shop/domain/catalogue/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '../commands/handle.ts';
import { generateDemoCatalogue } from '../demo/demoCatalogue.ts';
import { eventually, testMetadata } from '../testing/fixtures.ts';
import { untilCacheReadFeed } from '../testing/catalogueFeed.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { appendCatalogue } from './loadCatalogue.ts';

let t: TestApp;
type Comic = { _id: string; batch: string | null };

// One default batch of 12 comics, one copy each: a homepage row of 10, and 2 more on its second page.
const demo = generateDemoCatalogue({ seed: 'homepage-cache', items: 50, now: new Date('2026-11-23T00:00:00Z') });
const batch = {
  ...demo.batches.find((b) => b.itemType === 'comic')!,
  batchId: 'hp',
  name: 'Homepage Saga',
  default: true,
  hideHomePage: false,
};
const template = demo.stockItems.find((i) => i.itemType === 'comic')!;
const ids = Array.from({ length: 12 }, (_, i) => `hp-${String(i + 1).padStart(2, '0')}`);
const stockItems = ids.map((id, i) => ({
  ...template,
  stockItemId: id,
  comicId: id.toUpperCase(),
  mainDescription: `Homepage Saga #${i + 1}`,
  number: 1,
  key: false,
  batch: { batchId: batch.batchId, batchName: batch.name, batchDate: batch.publishDate, discountPercent: 0 },
}));

// A batch hidden from the homepage, with one comic.
const hidden = { ...batch, batchId: 'hidden', name: 'Hidden Saga', default: false, hideHomePage: true };
const hiddenItem = {
  ...stockItems[0]!,
  stockItemId: 'hd-01',
  comicId: 'HD-01',
  mainDescription: 'Hidden Saga #1',
  batch: { ...stockItems[0]!.batch!, batchId: hidden.batchId, batchName: hidden.name },
};

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  await appendCatalogue(t.ctx.store, { series: demo.series, batches: [batch, hidden], stockItems: [...stockItems, hiddenItem] });
  await t.settle();
});
afterAll(() => t.close());

const row = async () => {
  const home = (await t.app.inject({ method: 'GET', url: '/api/homepage-stock' })).json() as { comics: Comic[] };
  return home.comics.filter((c) => c.batch === 'hp').map((c) => c._id);
};
const morePage = async () =>
  ((await t.app.inject({ method: 'GET', url: '/api/more-homepage-stock/hp/2' })).json().moreComics as Comic[]).map((c) => c._id);
const dropped = async () => (await t.app.inject({ method: 'GET', url: '/api/status' })).json().catalogueCache.dropped as number;
const feedSeq = async () => (await t.app.inject({ method: 'GET', url: '/api/status' })).json().catalogueCache.feedSeq as number;
const stock = (id: string, type: 'HoldStock' | 'ReleaseHold') =>
  handle(
    t.ctx,
    stockItemDecider,
    `stock-${id}`,
    type === 'HoldStock' ? { type, data: { orderId: `hold-${id}`, quantity: 1 } } : { type, data: { orderId: `hold-${id}` } },
    testMetadata(),
  );
/** Waits until the cache has read every stock change so far (asking for the row, which reads the feed). */
const cacheCaughtUp = () => untilCacheReadFeed(t.tdb.db, row, feedSeq);
/** The kept answers dropped when the item's only copy, held until the cache has read it, is released. */
async function droppedByReturnOf(id: string): Promise<number> {
  await stock(id, 'HoldStock');
  await t.settle();
  await cacheCaughtUp();
  const before = await dropped();
  await stock(id, 'ReleaseHold');
  await t.settle();
  await cacheCaughtUp();
  return (await dropped()) - before;
}

describe("the homepage's kept answers", () => {
  it("keep a full row through an item of its batch back in stock past the row's last item", async () => {
    expect(await row()).toEqual(ids.slice(0, 10));
    expect(await morePage()).toEqual(ids.slice(10));
    // Neither the row (hp-12 sorts after its 10th item) nor the second page (it lists hp-12) was dropped.
    expect(await droppedByReturnOf('hp-12')).toBe(0);
    expect(await row()).toEqual(ids.slice(0, 10));
    expect(await morePage()).toEqual(ids.slice(10));
  });

  it('keep every page through an item of a batch hidden from the homepage back in stock: it never has a row', async () => {
    expect(await row()).toEqual(ids.slice(0, 10));
    const pastTheRows = await t.app.inject({ method: 'GET', url: '/api/homepage-stock?page=2' });
    expect(pastTheRows.json().batches).toEqual([]);
    expect(await droppedByReturnOf('hd-01')).toBe(0);
  });

  it('compute the row again when an item within it is back', async () => {
    await stock('hp-05', 'HoldStock');
    await t.settle();
    await eventually(row, (shown) => !shown.includes('hp-05'), 20_000);
    expect(await row()).toEqual([...ids.slice(0, 4), ...ids.slice(5, 11)]);
    const before = await dropped();
    await stock('hp-05', 'ReleaseHold');
    await t.settle();
    expect(await eventually(row, (shown) => shown.includes('hp-05'), 20_000)).toEqual(ids.slice(0, 10));
    expect(await dropped()).toBeGreaterThan(before);
  });
});
