import { BROWSE_MODES, batchDecider, browseQuerySchema, type BrowseQuery } from '@shop/domain/catalogue/index';
import { DEFAULT_SITE_SETTINGS } from '@shop/domain/settings/siteSettings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '../commands/handle.ts';
import type { DemoCatalogue } from '../demo/demoCatalogue.ts';
import { testMetadata } from '../testing/fixtures.ts';
import type { TestApp } from '../testing/testApp.ts';
import { BrowseIndex } from './browseIndex.ts';
import { CatalogueCache } from './catalogueCache.ts';
import { browseStock, homepageStock, indexedBrowse, indexedHomepage, indexedMoreHomepage, moreHomepageStock } from './catalogueQueries.ts';
import { ItemJson, type ListedRow } from './itemJson.ts';
import { changeItemsEveryWay, indexTestApp, inStepIndex as inStepIndexOf } from './indexTestKit.ts';

let t: TestApp;
let cache: CatalogueCache;
let catalogue: DemoCatalogue;

beforeAll(async () => {
  ({ t, cache, catalogue } = await indexTestApp('browse-index-test'));
});
afterAll(() => t.close());

/** Every plain mode in every order the index keeps, on first, middle, last and past-the-end pages of two sizes. */
const QUERIES: BrowseQuery[] = BROWSE_MODES.flatMap((mode) =>
  ['relevance', 'newest', 'price-asc', 'price-desc'].flatMap((sort) =>
    [
      [1, 60],
      [3, 30],
      [2, 7],
      [9, 7],
      [40, 30],
    ].map(([page, limit]) =>
      browseQuerySchema.parse({ itemType: mode.itemType, periodType: mode.periodType, key: mode.key, sort, page, limit }),
    ),
  ),
);

const EVERYTHING_SHOWN = { ...DEFAULT_SITE_SETTINGS, hideGames: false, hideAccessories: false };

const inStepIndex = () => inStepIndexOf(t, cache);

/** Each query's page from the index and from browseStock's statement: ids in order, counts, and the last sort key. */
async function expectSamePages(index: BrowseIndex): Promise<void> {
  for (const query of QUERIES) {
    const fromDatabase = await browseStock(t.tdb.db, query, EVERYTHING_SHOWN, new ItemJson());
    const fromIndex = index.page(query);
    const label = `${query.mode} ${query.sort} page ${query.page} of ${query.limit}`;
    expect(
      fromIndex.rows.map((r) => `${r.stock_item_id} ${r.available}`),
      label,
    ).toEqual(fromDatabase.items.map((i) => `${i.id} ${i.live.available}`));
    expect(fromIndex.lastKey, label).toEqual(fromDatabase.lastKey);
  }
}

describe('the browse index', () => {
  it('answers every plain mode and order as the database does', async () => {
    const index = await inStepIndex();
    expect(index.size).toBeGreaterThan(300);
    await expectSamePages(index);
  });

  it('keeps in step through sell-outs, restocks, repricing, renaming, deletion and new items', async () => {
    const reads = (await inStepIndex()).reads;
    await changeItemsEveryWay(t, catalogue);
    const index = await inStepIndex();
    // Followed the feed, never read the catalogue again.
    expect(index.reads).toBe(reads);
    await expectSamePages(index);
  });

  it('reads the catalogue again after the structure moves, and answers nothing until it has', async () => {
    const index = await inStepIndex();
    await t.tdb.pool.query('select catalogue_bump()');
    await cache.body('probe:after-bump', async () => ({ fields: {} }));
    await cache.feedRead();
    expect(cache.browseIndexInStep()).toBeNull();
    expect(index.size).toBe(0);
    await expectSamePages(await inStepIndex());
  });

  it('lists no games while the site settings hide them', async () => {
    const index = await inStepIndex();
    const games = browseQuerySchema.parse({ itemType: 'game' });
    const hidden = await indexedBrowse(index, games, { ...EVERYTHING_SHOWN, hideGames: true }, (rows) =>
      cache.items.listed(t.tdb.db, rows),
    );
    expect(hidden.items).toEqual([]);
    const shown = await indexedBrowse(index, games, EVERYTHING_SHOWN, (rows) => cache.items.listed(t.tdb.db, rows));
    expect(shown.items.length).toBeGreaterThan(0);
    expect(shown.items[0]!.prefix).toContain('"itemType":"game"');
  });

  it('lays out the homepage and its rows as the database does, at any hour and with games hidden or shown', async () => {
    // One batch made the default, one hidden from the homepage (each moves the structure: the index reads again).
    const [made, hidden] = [catalogue.batches.at(-1)!, catalogue.batches[1]!];
    await handle(t.ctx, batchDecider, `batch-${made.batchId}`, { type: 'EditBatch', data: { changes: { default: true } } }, testMetadata());
    await handle(
      t.ctx,
      batchDecider,
      `batch-${hidden.batchId}`,
      { type: 'EditBatch', data: { changes: { hideHomePage: true } } },
      testMetadata(),
    );
    await t.settle();
    const index = await inStepIndex();
    const listed = (rows: readonly ListedRow[]) => cache.items.listed(t.tdb.db, rows);
    const dates = catalogue.batches.flatMap((b) => (b.publishDate ? [new Date(b.publishDate).getTime()] : [])).sort((a, b) => a - b);
    const nows = [dates[0]! - 86_400_000, dates[Math.floor(dates.length / 2)]!, dates.at(-1)! + 86_400_000].map((ms) => new Date(ms));
    let rows = 0;
    for (const settings of [DEFAULT_SITE_SETTINGS, EVERYTHING_SHOWN]) {
      for (const now of nows) {
        for (const page of [1, 2, 3]) {
          const fromDatabase = await homepageStock(t.tdb.db, settings, page, now, new ItemJson());
          const fromIndex = await indexedHomepage(index, settings, page, now, listed);
          const label = `page ${page} at ${now.toISOString()}, games ${settings.hideGames ? 'hidden' : 'shown'}`;
          expect(
            fromIndex.batches.map((b) => b._id),
            label,
          ).toEqual(fromDatabase.batches.map((b) => b._id));
          expect(
            fromIndex.comics.map((c) => c.id),
            label,
          ).toEqual(fromDatabase.comics.map((c) => c.id));
          expect(fromIndex.rowBatchIds, label).toEqual(fromDatabase.rowBatchIds);
          expect(fromIndex.homeBatchIds, label).toEqual(fromDatabase.homeBatchIds);
          expect([...fromIndex.fullRowEnds], label).toEqual([...fromDatabase.fullRowEnds]);
          rows += fromDatabase.batches.length;
        }
      }
    }
    expect(rows).toBeGreaterThan(8);
    const firstPage = await indexedHomepage(index, EVERYTHING_SHOWN, 1, nows[1]!, listed);
    expect(firstPage.batches[0]!._id).toBe(made.batchId);
    expect(firstPage.homeBatchIds).not.toContain(hidden.batchId);
    for (const batch of catalogue.batches) {
      for (const page of [2, 3]) {
        const fromDatabase = await moreHomepageStock(t.tdb.db, batch.batchId, page, EVERYTHING_SHOWN, new ItemJson());
        const fromIndex = await indexedMoreHomepage(index, batch.batchId, page, EVERYTHING_SHOWN, listed);
        expect(fromIndex.items.map((i) => i.id)).toEqual(fromDatabase.items.map((i) => i.id));
        expect(fromIndex.fullPageEnd).toEqual(fromDatabase.fullPageEnd);
      }
    }
  });

  it('leaves filtered and grade-ordered pages to the database', () => {
    const plain = { itemType: 'comic', periodType: 'back-issue' };
    expect(BrowseIndex.answers(browseQuerySchema.parse(plain))).toBe(true);
    expect(BrowseIndex.answers(browseQuerySchema.parse({ ...plain, sort: 'grade-desc' }))).toBe(false);
    expect(BrowseIndex.answers(browseQuerySchema.parse({ ...plain, gradeMin: 9 }))).toBe(false);
    expect(BrowseIndex.answers(browseQuerySchema.parse({ ...plain, graded: true }))).toBe(false);
    expect(BrowseIndex.answers(browseQuerySchema.parse({ ...plain, batchId: catalogue.batches[0]!.batchId }))).toBe(false);
  });
});

describe('a catalogue cache warmed before the first request', () => {
  it('names the most recently added items first when it holds more than asked', async () => {
    const index = await inStepIndex();
    const newest = await t.tdb.db
      .selectFrom('stock_items')
      .select('stock_item_id')
      .where('in_stock', '=', true)
      .orderBy('added_position', 'desc')
      .limit(5)
      .execute();
    expect(index.newestIds(5)).toEqual(newest.map((r) => r.stock_item_id));
    expect(index.newestIds(index.size + 1)).toHaveLength(index.size);
  });

  it('holds the browse index in step and its search filed at once, then follows the feed without reading again', async () => {
    const warmed = new CatalogueCache(t.tdb.db, { maxEntries: 100, ttlMs: 0 });
    await warmed.warm();
    expect(warmed.stats().searchIndexReady).toBe(true);
    expect(warmed.stats().browseIndexItems).toBeGreaterThan(300);
    expect(warmed.stats().itemsJson).toBe(warmed.stats().browseIndexItems);
    const index = warmed.browseIndexInStep();
    expect(index?.reads).toBe(1);
    await changeItemsEveryWay(t, catalogue, 100);
    const followed = await inStepIndexOf(t, warmed);
    expect(followed.reads).toBe(1);
    await expectSamePages(followed);
  });
});
