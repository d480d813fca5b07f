import { stockItemDecider } from '@shop/domain/catalogue/index';
import { generateDemoCatalogue, type DemoStockItem } from '../../../demo/demoCatalogue.ts';
import { siteSettingsDecider } from '@shop/domain/settings/siteSettings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendCatalogue } from '../../../catalogue/loadCatalogue.ts';
import { handle } from '../../../commands/handle.ts';
import { eventually, testMetadata } from '../../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';

let t: TestApp;
type Comic = {
  _id: string;
  mainDescription: string;
  itemType: string;
  periodType: string;
  key: boolean;
  number: number;
  price: number;
  batch: string | null;
};

const catalogue = generateDemoCatalogue({ seed: 'catalogue-test', items: 400, now: new Date('2026-11-23T00:00:00Z') });
const template = catalogue.stockItems.find((i) => i.itemType === 'comic' && i.periodType === 'new')!;
const extra = (id: string, mainDescription: string, number = 2): DemoStockItem => ({
  ...template,
  stockItemId: id,
  comicId: `X${id}`,
  mainDescription,
  number,
  key: false,
});
catalogue.stockItems.push(extra('spidey1', 'Spider-Man Unlimited #1'), extra('gone1', 'Sold Out Special #1', 0));
// Ten more homepage rows, one a default batch, three still to be published: more than one page of 8.
const comicBatch = catalogue.batches.find((b) => b.itemType === 'comic')!;
for (let i = 0; i < 10; i++) {
  const publishDate = new Date(Date.UTC(2026, 10, 1) + (i - 6) * 40 * 86_400_000).toISOString();
  const row = { ...comicBatch, batchId: `homerow-${i}`, name: `Home Row ${i}`, publishDate, default: i === 4, hideHomePage: false };
  catalogue.batches.push(row);
  catalogue.stockItems.push({
    ...extra(`homerow-item-${i}`, `Home Row Special #${i}`),
    batch: { batchId: row.batchId, batchName: row.name, batchDate: publishDate, discountPercent: 0 },
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  await appendCatalogue(t.ctx.store, catalogue);
  await t.settle();
});
afterAll(() => t.close());

const browse = async (body: unknown) => t.app.inject({ method: 'PUT', url: '/api/stock/', payload: body as object });
const comics = async (body: unknown) => (await browse(body)).json().comics as Comic[];
const searchAnswer = async (term: string, query = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/search-stock/${encodeURIComponent(term)}${query}` })).json() as {
    comics: Comic[];
    total: number;
  };
const search = async (term: string) => (await searchAnswer(term)).comics;

describe('PUT /api/stock/', () => {
  it('answers each mode with only its items, in stock, 60 on the first page', async () => {
    const page1 = await comics({ itemType: 'comic', periodType: 'new', limit: 60, page: 1 });
    expect(page1).toHaveLength(60);
    expect(page1.every((c) => c.itemType === 'comic' && c.periodType === 'new' && c.number > 0)).toBe(true);
    expect(
      (await comics({ itemType: 'comic', periodType: 'back-issue', limit: 60, page: 1 })).every((c) => c.periodType === 'back-issue'),
    ).toBe(true);
    expect(
      (await comics({ itemType: 'comic', periodType: 'pre-order', limit: 60, page: 1 })).every((c) => c.periodType === 'pre-order'),
    ).toBe(true);
    const keys = await comics({ itemType: 'comic', key: true, limit: 60, page: 1 });
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((c) => c.key)).toBe(true);
  });

  it('pages in a stable order: page 1 x 60 then page 3 x 30 continue without gaps or repeats', async () => {
    const all = await comics({ itemType: 'comic', periodType: 'back-issue', limit: 90, page: 1 });
    const first = await comics({ itemType: 'comic', periodType: 'back-issue', limit: 60, page: 1 });
    const next = await comics({ itemType: 'comic', periodType: 'back-issue', limit: 30, page: 3 });
    expect([...first, ...next].map((c) => c._id)).toEqual(all.map((c) => c._id));
  });

  it('never shows an item with no stock left', async () => {
    const everything = await comics({ itemType: 'comic', periodType: 'new', limit: 2000, page: 1 });
    expect(everything.some((c) => c._id === 'gone1')).toBe(false);
  });

  it('answers empty for games and accessories while the site settings hide them, and lists them once shown', async () => {
    expect(await comics({ itemType: 'game', limit: 60, page: 1 })).toEqual([]);
    expect(await comics({ itemType: 'accessory', limit: 60, page: 1 })).toEqual([]);
    await handle(t.ctx, siteSettingsDecider, 'settings-site', { type: 'SaveSiteSettings', settings: { hideGames: false } }, testMetadata());
    await t.settle();
    const games = await eventually(
      () => comics({ itemType: 'game', limit: 60, page: 1 }),
      (list) => list.length > 0,
    );
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((c) => c.itemType === 'game')).toBe(true);
  });

  it('shows a change to the catalogue as soon as it is projected (the cache is stamped with the checkpoint)', async () => {
    const before = await comics({ itemType: 'comic', periodType: 'new', limit: 2000, page: 1 });
    const target = before.find((c) => !c._id.startsWith('homerow-'))!;
    await handle(
      t.ctx,
      stockItemDecider,
      `stock-${target._id}`,
      { type: 'AdjustQuantity', data: { by: -target.number, reason: 'test' } },
      testMetadata(),
    );
    await t.settle();
    const after = await eventually(
      () => comics({ itemType: 'comic', periodType: 'new', limit: 2000, page: 1 }),
      (list) => list.length < before.length,
    );
    expect(after.some((c) => c._id === target._id)).toBe(false);
  });

  it.each([
    [{ itemType: 'comic', periodType: 'vintage', limit: 60, page: 1 }, /Unknown browse mode/],
    [{ itemType: 'spaceship', limit: 60, page: 1 }, /Item type must be one of/],
    [{ itemType: 'comic', periodType: 'new', limit: -1, page: 1 }, /Limit must be at least 1/],
    [{ itemType: 'comic', periodType: 'new', limit: 1e9, page: 1 }, /Limit must be at most 2000/],
    [{ itemType: 'comic', periodType: 'new', limit: 60, page: 1e7 }, /Page must be at most/],
    [{ itemType: 'comic', periodType: 'new', limit: 'lots', page: 1 }, /Limit must be a number/],
    [{ itemType: 'comic', periodType: 'new', limit: 60, page: 1, batchId: "x'; drop table stock_items; --" }, /id may contain only/],
  ])('refuses %j with a clear 400', async (body, message) => {
    const res = await browse(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('GET and POST /api/search-stock/{term}', () => {
  it.each(['spiderman', 'spider man', 'Spidr-Man', 'SPIDER-MAN'])('"%s" finds Spider-Man first', async (term) => {
    const found = await search(term);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.mainDescription).toMatch(/spider-man/i);
  });

  it('searches creators, publisher and the comic id too', async () => {
    const item = catalogue.stockItems.find((i) => i.itemType === 'comic' && i.writer && i.number > 0 && i.periodType === 'back-issue')!;
    expect((await search(item.comicId)).map((c) => c._id)).toContain(item.stockItemId);
    expect((await search(item.writer.split(' ').at(-1)!)).length).toBeGreaterThan(0);
  });

  it('answers POST for guests the same way', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search-stock/batman', payload: { tempAuthorisation: 'guest-token-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().comics.length).toBeGreaterThan(0);
  });

  it.each(['%', '_', '.*', '(((', '[a-z]+', "' or 1=1 --", '\\', 'a:* & !b', '<script>'])(
    'treats "%s" as text: an answer, never a 500',
    async (term) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/search-stock/${encodeURIComponent(term)}` });
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json().comics)).toBe(true);
    },
  );

  it('refuses a 10,000-character term quickly with a clear 400', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: `/api/search-stock/${'a'.repeat(10_000)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 200 characters/);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('search pages, counts, sorts and filters', () => {
  type Priced = Comic & { publisher: string; batchDate: string | null };
  const page = async (term: string, query: string) => (await searchAnswer(term, query)) as { comics: Priced[]; total: number };

  it('pages exactly as browse does, with the number of matches', async () => {
    const all = await page('marvel', '?limit=2000');
    expect(all.total).toBe(all.comics.length);
    expect(all.total).toBeGreaterThan(90);
    const first = await page('marvel', '?page=1&limit=60');
    const third = await page('marvel', '?page=3&limit=30');
    expect(first.total).toBe(all.total);
    expect([...first.comics, ...third.comics].map((c) => c._id)).toEqual(all.comics.slice(0, 90).map((c) => c._id));
    const past = await page('marvel', '?page=1000&limit=30');
    expect(past).toEqual({ comics: [], total: all.total });
    expect((await searchAnswer('marvel')).comics).toHaveLength(60);
  });

  it.each(['spidr man', 'Spidr-Man', 'batmn', 'absolut batmn'])('corrects the typos of "%s"', async (term) => {
    const found = await page(term, '');
    expect(found.total).toBeGreaterThan(0);
    expect(found.comics[0]!.mainDescription.toLowerCase()).toMatch(term.toLowerCase().includes('spid') ? /spider-man/ : /batman/);
  });

  it('sorts by price and by newest, and filters by publisher', async () => {
    const up = (await page('marvel', '?limit=2000&sort=price-asc')).comics.map((c) => c.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await page('marvel', '?limit=2000&sort=price-desc')).comics.map((c) => c.price);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const newest = (await page('spider', '?limit=2000&sort=newest')).comics.map((c) => c.batchDate ?? '');
    expect(newest.filter(Boolean)).toEqual(newest.filter(Boolean).sort().reverse());
    const dc = await page('batman', '?limit=2000&publisher=dc%20comics');
    expect(dc.total).toBeGreaterThan(0);
    expect(dc.comics.every((c) => c.publisher === 'DC Comics')).toBe(true);
    const none = await page('batman', '?publisher=Nobody%20Press');
    expect(none).toEqual({ comics: [], total: 0 });
  });

  it.each([
    ['?page=0', /Page must be at least 1/],
    ['?limit=5000', /Limit must be at most 2000/],
    ['?sort=cheapest', /Sort must be one of relevance, newest, price-asc, price-desc/],
  ])('refuses %s with a clear 400', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search-stock/batman${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('batches and the homepage', () => {
  it('lists all batches, and homepage rows of 10 with more on demand', async () => {
    const { batches } = (await t.app.inject({ method: 'GET', url: '/api/all-batches' })).json() as { batches: { _id: string }[] };
    expect(batches.length).toBe(catalogue.batches.length);
    const home = (await t.app.inject({ method: 'GET', url: '/api/homepage-stock' })).json() as {
      batches: { _id: string; hideHomePage: boolean }[];
      comics: Comic[];
    };
    expect(home.batches.length).toBeGreaterThan(0);
    expect(home.batches.every((b) => !b.hideHomePage)).toBe(true);
    const first = home.batches[0]!._id;
    const row = home.comics.filter((c) => c.batch === first);
    expect(row.length).toBeLessThanOrEqual(10);
    const more = (await t.app.inject({ method: 'GET', url: `/api/more-homepage-stock/${first}/2` })).json().moreComics as Comic[];
    expect(more.every((c) => c.batch === first)).toBe(true);
    expect(more.some((c) => row.some((r) => r._id === c._id))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/more-homepage-stock/${first}/0` })).statusCode).toBe(400);
  });

  it('answers 8 rows a page: default batches first, then the published ones newest first, then those to come', async () => {
    const rows: { _id: string; default: boolean; publishDate: string | null }[] = [];
    for (let p = 1; p < 50; p++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/homepage-stock?page=${p}` });
      const batches = res.json().batches as typeof rows;
      expect(batches.length).toBeLessThanOrEqual(8);
      rows.push(...batches);
      if (batches.length < 8) break;
    }
    expect(rows.length).toBeGreaterThan(8);
    expect(rows.filter((r) => r._id.startsWith('homerow-'))).toHaveLength(10);
    expect(rows[0]!.default).toBe(true);
    expect(new Set(rows.map((r) => r._id)).size).toBe(rows.length);
    const now = Date.now();
    const rank = (r: (typeof rows)[number]) => (r.default ? 0 : r.publishDate && Date.parse(r.publishDate) > now ? 2 : 1);
    expect(rows.map(rank)).toEqual(rows.map(rank).sort());
    const published = rows.filter((r) => rank(r) === 1).map((r) => r.publishDate ?? '');
    expect(published).toEqual([...published].sort().reverse());
    const coming = rows.filter((r) => rank(r) === 2).map((r) => r.publishDate ?? '');
    expect(coming).toEqual([...coming].sort());
    expect((await t.app.inject({ method: 'GET', url: '/api/homepage-stock?page=abc' })).statusCode).toBe(400);
  });

  it("brings a batch's row back to the homepage when its only item is back in stock", async () => {
    const rowsShowing = async (batchId: string) => {
      const shown: number[] = [];
      for (let p = 1; p < 50; p++) {
        const home = (await t.app.inject({ method: 'GET', url: `/api/homepage-stock?page=${p}` })).json() as {
          batches: { _id: string }[];
          comics: Comic[];
        };
        shown.push(...home.comics.filter((c) => c.batch === batchId).map((c) => c.number));
        if (home.batches.length < 8) break;
      }
      return shown;
    };
    const hold = (type: 'HoldStock' | 'ReleaseHold') =>
      handle(
        t.ctx,
        stockItemDecider,
        'stock-homerow-item-3',
        type === 'HoldStock' ? { type, data: { orderId: 'homerow-hold', quantity: 2 } } : { type, data: { orderId: 'homerow-hold' } },
        testMetadata(),
      );
    expect(await rowsShowing('homerow-3')).toEqual([2]);
    await hold('HoldStock');
    await t.settle();
    expect(
      await eventually(
        () => rowsShowing('homerow-3'),
        (shown) => shown.length === 0,
        20_000,
      ),
    ).toEqual([]);
    await hold('ReleaseHold');
    await t.settle();
    expect(
      await eventually(
        () => rowsShowing('homerow-3'),
        (shown) => shown.length === 1,
        20_000,
      ),
    ).toEqual([2]);
  });

  it('lists a pre-order batch for the condensed list', async () => {
    const pre = catalogue.batches.find((b) => b.type === 'pre')!;
    const res = await t.app.inject({ method: 'GET', url: `/api/stock-for-pre/${pre.batchId}/5` });
    expect(res.statusCode).toBe(200);
    const items = res.json().comics as Comic[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    expect(items.every((c) => c.batch === pre.batchId)).toBe(true);
  });
});
