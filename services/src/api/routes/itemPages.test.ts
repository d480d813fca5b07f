/** Item pages, the sitemap and robots.txt (issue 18): what a search engine fetching plain HTTP sees. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemap, sitemapFile } from '../../catalogue/itemPages.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { readSiteSettings } from './siteSettings.ts';
import { call, createAccounts, settled, type Accounts } from './admin/testSupport.ts';

let t: TestApp;
let a: Accounts;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' }, { queues: false });
  a = await createAccounts(t);
});
afterAll(() => t.close());

type Comic = { _id: string; url: string };
async function addItem(body: Record<string, unknown>): Promise<Comic> {
  const res = await call(t, 'POST', '/api/add-stock', {
    token: a.admin.token,
    payload: { itemType: 'comic', periodType: 'back-issue', srp: 500, number: 2, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comic as Comic;
}

/** Polls (deadline 20 s) until `check` holds: read models follow the log a moment later. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in 20 s: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function jsonLdOf(html: string): Record<string, unknown> & { offers: Record<string, unknown> } {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'a JSON-LD script').not.toBeNull();
  return JSON.parse(match![1]!);
}

describe('GET /item/{_id}/{slug}', () => {
  it('answers the app with the item head: title, description, canonical URL, image and Product JSON-LD', async () => {
    const item = await addItem({
      comicId: 'ASM300X',
      mainDescription: 'Amazing Spider-Man #300',
      publisher: 'Marvel',
      priceOverride: 120000,
      hasImage: true,
      condition: { kind: 'slab', grader: 'CGC', grade: 9.8, label: 'Universal', certNumber: '3000001' },
      keyNotes: '1st full appearance of Venom',
    });
    await settled(t);
    const res = await t.app.inject({ method: 'GET', url: `/item/${item._id}/any-old-slug` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Amazing Spider-Man #300 – CGC NM/M 9.8 Universal | ');
    expect(html).toMatch(/<meta name="description" content="[^"]*\$1,200\.00[^"]*1st full appearance of Venom/);
    expect(html).toContain(`<link rel="canonical" href="https://shop.example.com${item.url}" />`);
    expect(item.url).toBe(`/item/${item._id}/amazing-spider-man-300-cgc-nm-m-9-8-universal`);
    expect(html).toContain('<meta property="og:image" content="https://shop.example.com/images/backissues/ASM300X.webp" />');
    expect(html).toContain('<meta name="twitter:image" content="https://shop.example.com/images/backissues/ASM300X.webp" />');
    expect(html).toContain('<div id="root"></div>');

    const ld = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Amazing Spider-Man #300 – CGC NM/M 9.8 Universal',
      image: ['https://shop.example.com/images/backissues/ASM300X.webp'],
      sku: 'ASM300X',
      offers: {
        '@type': 'Offer',
        price: '1200.00',
        priceCurrency: 'AUD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
      },
    });
  });

  it('gives an item without a cover the no-image picture, a sold-out item OutOfStock and a pre-order PreOrder', async () => {
    const pre = await addItem({ comicId: 'PRE1', mainDescription: 'Future Comic #1', periodType: 'pre-order', srp: 499 });
    const gone = await addItem({ comicId: 'GONE1', mainDescription: 'Sold Out Comic #1', number: 0 });
    await settled(t);
    const prePage = await t.app.inject({ method: 'GET', url: pre.url });
    expect(jsonLdOf(prePage.body)).toMatchObject({
      image: ['https://shop.example.com/no-image.png'],
      offers: { availability: 'https://schema.org/PreOrder', itemCondition: 'https://schema.org/NewCondition' },
    });
    expect(jsonLdOf((await t.app.inject({ method: 'GET', url: gone.url })).body).offers.availability).toBe('https://schema.org/OutOfStock');
    const png = await t.app.inject({ method: 'GET', url: '/no-image.png' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('answers an unknown id 404 with the app (its not-found page), never indexed', async () => {
    for (const url of ['/item/no-such-item/slug', '/item/bad%20id/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('<div id="root"></div>');
    }
    expect((await call(t, 'GET', '/api/item/no-such-item')).statusCode).toBe(404);
  });

  it('GET /api/item/{id} answers the item for the app, sold out or not', async () => {
    const gone = await addItem({ comicId: 'GONE2', mainDescription: 'Sold Out Comic #2', number: 0 });
    await settled(t);
    const res = await call(t, 'GET', `/api/item/${gone._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().comic).toMatchObject({ _id: gone._id, number: 0, url: gone.url });
  });
});

describe('/sitemap.xml and /robots.txt', () => {
  it('lists an item added a moment ago and leaves out the item types the site settings hide', async () => {
    const comic = await addItem({ comicId: 'MAP1', mainDescription: 'Sitemap Comic #1' });
    const game = await addItem({ comicId: 'MAPG1', mainDescription: 'Sitemap Game', itemType: 'game', periodType: 'new' });
    const read = async () => (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const xml = await eventually(read, (body) => body.includes(comic.url));
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>https://shop.example.com${comic.url}</loc>`);
    expect(xml).toContain('<loc>https://shop.example.com/back-issues</loc>');
    // Games are hidden by default: neither the game nor /games is listed, and its page is a 404.
    expect(xml).not.toContain(game.url);
    expect(xml).not.toContain('/games</loc>');
    expect((await t.app.inject({ method: 'GET', url: game.url })).statusCode).toBe(404);

    const saved = await call(t, 'POST', '/api/save-site-settings', {
      token: a.admin.token,
      payload: { hideGames: false, hideAccessories: true, warningText: '', updateTransactionsSave: false, updateTransactionsDays: 7 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await eventually(read, (body) => body.includes(game.url) && body.includes('/games</loc>'));
  });

  it('is a sitemap index past the limit of URLs a file holds, each file listing its share', async () => {
    await settled(t);
    const settings = await readSiteSettings(t.ctx);
    const index = await sitemap(t.ctx.db, settings, 'https://shop.example.com', 3);
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>https:\/\/shop\.example\.com\/sitemap-(\d+)\.xml<\/loc>/g)].map((m) => Number(m[1]));
    expect(files[0]).toBe(1);
    const listed: string[] = [];
    for (const n of files) {
      const file = (await sitemapFile(t.ctx.db, settings, 'https://shop.example.com', n, 3))!;
      const locs = [...file.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeLessThanOrEqual(3);
      listed.push(...locs);
    }
    const whole = await sitemap(t.ctx.db, settings, 'https://shop.example.com');
    expect(listed).toEqual([...whole.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    expect(await sitemapFile(t.ctx.db, settings, 'https://shop.example.com', files.length + 1, 3)).toBeNull();
    // Served too.
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-99.xml' })).statusCode).toBe(404);
  });

  it('robots.txt names the sitemap and keeps crawlers out of the API and admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap: https://shop.example.com/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /admin');
  });
});
