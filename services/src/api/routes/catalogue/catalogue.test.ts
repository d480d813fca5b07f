import { generateDemoCatalogue, stockItemDecider, type DemoStockItem } from '@shop/domain/catalogue/index';
import { siteSettingsDecider } from '@shop/domain/settings/siteSettings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendCatalogue } from '../../../catalogue/loadCatalogue.ts';
import { handleCommand } from '../../../commands/handleCommand.ts';
import { testMetadata } from '../../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';

let t: TestApp;
type Comic = { _id: string; mainDescription: string; itemType: string; periodType: string; key: boolean; number: number; price: number; batch: string | null };

const catalogue = generateDemoCatalogue({ seed: 'catalogue-test', items: 400, now: new Date('2026-11-23T00:00:00Z') });
const template = catalogue.stockItems.find((i) => i.itemType === 'comic' && i.periodType === 'new')!;
const extra = (id: string, mainDescription: string, number = 2): DemoStockItem => ({ ...template, stockItemId: id, comicId: `X${id}`, mainDescription, number, key: false });
catalogue.stockItems.push(extra('spidey1', 'Spider-Man Unlimited #1'), extra('gone1', 'Sold Out Special #1', 0));

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  await appendCatalogue(t.ctx.store, catalogue);
  await t.settle();
});
afterAll(() => t.close());

const browse = async (body: unknown) => t.app.inject({ method: 'PUT', url: '/api/stock/', payload: body as object });
const comics = async (body: unknown) => (await browse(body)).json().comics as Comic[];
const search = async (term: string) => (await t.app.inject({ method: 'GET', url: `/api/search-stock/${encodeURIComponent(term)}` })).json().comics as Comic[];

describe('PUT /api/stock/', () => {
  it('answers each mode with only its items, in stock, 60 on the first page', async () => {
    const page1 = await comics({ itemType: 'comic', periodType: 'new', limit: 60, page: 1 });
    expect(page1).toHaveLength(60);
    expect(page1.every((c) => c.itemType === 'comic' && c.periodType === 'new' && c.number > 0)).toBe(true);
    expect((await comics({ itemType: 'comic', periodType: 'back-issue', limit: 60, page: 1 })).every((c) => c.periodType === 'back-issue')).toBe(true);
    expect((await comics({ itemType: 'comic', periodType: 'pre-order', limit: 60, page: 1 })).every((c) => c.periodType === 'pre-order')).toBe(true);
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
    await handleCommand(t.ctx.store, siteSettingsDecider, 'settings-site', { type: 'SaveSiteSettings', settings: { hideGames: false } }, testMetadata());
    await t.settle();
    await new Promise((r) => setTimeout(r, 150)); // the cache polls the checkpoints every 100 ms
    const games = await comics({ itemType: 'game', limit: 60, page: 1 });
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((c) => c.itemType === 'game')).toBe(true);
  });

  it('shows a change to the catalogue as soon as it is projected (the cache is stamped with the checkpoint)', async () => {
    const before = await comics({ itemType: 'comic', periodType: 'new', limit: 2000, page: 1 });
    const target = before[0]!;
    await handleCommand(t.ctx.store, stockItemDecider, `stock-${target._id}`, { type: 'AdjustQuantity', data: { by: -target.number, reason: 'test' } }, testMetadata());
    await t.settle();
    await new Promise((r) => setTimeout(r, 150));
    const after = await comics({ itemType: 'comic', periodType: 'new', limit: 2000, page: 1 });
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

  it.each(['%', '_', '.*', '(((', '[a-z]+', "' or 1=1 --", '\\', 'a:* & !b', '<script>'])('treats "%s" as text: an answer, never a 500', async (term) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search-stock/${encodeURIComponent(term)}` });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().comics)).toBe(true);
  });

  it('refuses a 10,000-character term quickly with a clear 400', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: `/api/search-stock/${'a'.repeat(10_000)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 200 characters/);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('batches and the homepage', () => {
  it('lists all batches, and homepage rows of 10 with more on demand', async () => {
    const { batches } = (await t.app.inject({ method: 'GET', url: '/api/all-batches' })).json() as { batches: { _id: string }[] };
    expect(batches.length).toBe(catalogue.batches.length);
    const home = (await t.app.inject({ method: 'GET', url: '/api/homepage-stock' })).json() as { batches: { _id: string; hideHomePage: boolean }[]; comics: Comic[] };
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
