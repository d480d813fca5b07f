import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CatalogueCache } from '../../../catalogue/catalogueCache.ts';
import { generateDemoCatalogue } from '../../../demo/demoCatalogue.ts';
import { appendCatalogue } from '../../../catalogue/loadCatalogue.ts';
import { openDatabase } from '../../../db/database.ts';
import { BrowseGate } from '../../../db/salesFirst.ts';
import { buildDeps } from '../../../main/deps.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { buildApp } from '../../app.ts';
import { pollUntil } from '../../../testing/fixtures.ts';

// Under sales first a catalogue read waits in the gate for a connection. A miss of several
// statements (a typo corrected, the homepage's batches and rows, a page and its items' JSON) takes its place there once: were
// it to queue again before each statement, beside checkouts it would wait once per statement.
class CountingGate extends BrowseGate {
  entered = 0;
  override enter(): Promise<void> {
    this.entered++;
    return super.enter();
  }
}

// The cache's read of its change feed (at most every 100 ms) goes through the gate too: not a miss's.
const feedReadSpy = vi.spyOn(CatalogueCache.prototype as unknown as { poll(): Promise<void> }, 'poll');

let t: TestApp;
const catalogue = generateDemoCatalogue({ seed: 'miss-connection-test', items: 40, now: new Date('2026-11-23T00:00:00Z') });

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  await appendCatalogue(t.ctx.store, catalogue);
  await t.settle();
});
afterAll(() => t.close());

/** An API whose browse and search read through a counting gate, with its browse index on or off. */
async function gatedApi(browseIndex: boolean) {
  const gate = new CountingGate({ max: 4, min: 1 });
  const browsing = openDatabase(t.tdb.url, 4, { gate });
  const config = { ...t.ctx.config, CATALOGUE_BROWSE_INDEX: browseIndex };
  const ctx = { ...buildDeps({ config, db: t.tdb.db, pool: t.tdb.pool, store: t.ctx.store, queues: null }), readDb: browsing.db };
  const app = await buildApp(ctx);
  await app.ready();
  const feedReads = feedReadSpy.mock.calls.length;
  // A browse reads the site settings, kept per structure, so the misses below do not; and it starts
  // the browse index's read of the catalogue, done before the misses below are counted.
  await pollUntil(
    'the browse index in step',
    async () => {
      const browse = await app.inject({
        method: 'PUT',
        url: '/api/stock/',
        payload: { itemType: 'comic', periodType: 'back-issue', limit: 60, page: 1 },
      });
      expect(browse.statusCode).toBe(200);
      await app.catalogueAnswers!.cache.feedRead();
      return !browseIndex || app.catalogueAnswers!.cache.browseIndexInStep() !== null;
    },
    20_000,
  );
  await vi.waitFor(() => expect(gate.state()).toMatchObject({ held: 0, waiting: 0 }), { timeout: 10_000, interval: 20 });
  return {
    app,
    gate,
    /** Connections taken through the gate since it opened, less the feed's reads. */
    taken: () => gate.entered - (feedReadSpy.mock.calls.length - feedReads),
    close: async () => {
      await app.close();
      await browsing.close();
    },
  };
}

/** A word of an item's title, at least six letters, with its third letter dropped: a typo the search corrects. */
function typoOfATitleWord(): string {
  for (const item of catalogue.stockItems) {
    const word = item.mainDescription
      .toLowerCase()
      .split(/[^a-z]+/)
      .find((w) => w.length >= 6);
    if (word) return word.slice(0, 2) + word.slice(3);
  }
  throw new Error('no title word of six letters in the demo catalogue');
}

describe.each([
  ['from the browse index', true],
  ['from the database', false],
])('a catalogue miss queues for a connection once, browse pages %s', (_, browseIndex) => {
  let api: Awaited<ReturnType<typeof gatedApi>>;
  beforeAll(async () => {
    api = await gatedApi(browseIndex);
  });
  afterAll(() => api.close());

  it('a typo searched for the first time (its list, the correction, the corrected list, the copy) enters the gate once', async () => {
    const typo = typoOfATitleWord();
    const before = api.taken();
    const res = await api.app.inject({ method: 'GET', url: `/api/search-stock/${typo}` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { total: number }).total).toBeGreaterThan(0);
    expect(api.taken() - before).toBe(1);
    // Its statements done, the connection goes back (a read of the change feed the request did not
    // wait for may still hold one a moment).
    await vi.waitFor(() => expect(api.gate.state()).toMatchObject({ held: 0, waiting: 0 }), { timeout: 10_000, interval: 20 });
  });

  it("the homepage (its batches and rows, then their items' JSON) enters the gate once", async () => {
    const before = api.taken();
    const res = await api.app.inject({ method: 'GET', url: '/api/homepage-stock' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { comics: unknown[] }).comics.length).toBeGreaterThan(0);
    expect(api.taken() - before).toBe(1);
  });

  it("a browse page whose items' JSON the process has not kept (the page, then the JSON) enters the gate once", async () => {
    api.app.catalogueAnswers!.cache.items.clear(); // the homepage above kept some of them
    const before = api.taken();
    const res = await api.app.inject({
      method: 'PUT',
      url: '/api/stock/',
      payload: { itemType: 'comic', periodType: 'new', limit: 60, page: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { comics: unknown[] }).comics.length).toBeGreaterThan(0);
    expect(api.taken() - before).toBe(1);
  });
});
