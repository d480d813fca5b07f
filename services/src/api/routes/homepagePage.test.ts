import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateDemoCatalogue } from '../../demo/demoCatalogue.ts';
import { appendCatalogue } from '../../catalogue/loadCatalogue.ts';
import { eventually } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { buildApp } from '../app.ts';
import { HOMEPAGE_STOCK_DATA_ID, homepagePrerenderFile, withHomepageDrawn } from './homepagePage.ts';

/** index.html as the web build writes it: an inline script in the head, an empty root. */
const INDEX_HTML =
  '<!doctype html>\n<html lang="en-AU">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Comic Shop</title>\n' +
  '    <script>window.early = 1;</script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

/** The answer's JSON from a page `withHomepageDrawn` made. */
function drawnAnswer(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${HOMEPAGE_STOCK_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!match) throw new Error('no answer in the page');
  return JSON.parse(match[1]!);
}

describe('withHomepageDrawn', () => {
  it('puts the answer at the top of the head and the drawing, inert, in the root', () => {
    const html = withHomepageDrawn(INDEX_HTML, '<main>rows</main>', '{"batches":[],"comics":[]}');
    expect(html).toContain(
      `<head>\n    <script type="application/json" id="${HOMEPAGE_STOCK_DATA_ID}">{"batches":[],"comics":[]}</script>`,
    );
    expect(html.indexOf(HOMEPAGE_STOCK_DATA_ID)).toBeLessThan(html.indexOf('window.early'));
    expect(html).toContain('<div id="root" inert><main>rows</main></div>');
  });

  it('keeps a title that closes the script element inside the JSON', () => {
    const answer = JSON.stringify({ comics: [{ mainDescription: 'Evil </script><script>alert(1)</script> <!-- #1' }] });
    const html = withHomepageDrawn(INDEX_HTML, '', answer);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<!--');
    expect(drawnAnswer(html)).toEqual(JSON.parse(answer));
  });
});

describe('GET / with the homepage drawn on the server', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const builds: string[] = [];
  const catalogue = generateDemoCatalogue({ seed: 'homepage-page', items: 120, now: new Date('2026-11-23T00:00:00Z') });

  /** A web build in a folder of its own; `prerender` is the module's source (omitted: not built). */
  async function appWith(prerender: string | null): Promise<FastifyInstance> {
    const root = mkdtempSync(path.join(tmpdir(), 'web-build-'));
    builds.push(root);
    // As web/package.json says of the real one: its modules are ES modules.
    writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }');
    const dist = path.join(root, 'dist');
    mkdirSync(dist);
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    if (prerender !== null) {
      mkdirSync(path.dirname(homepagePrerenderFile(dist)));
      writeFileSync(homepagePrerenderFile(dist), prerender);
    }
    const built = await buildApp(t.ctx, { webDist: dist });
    await built.ready();
    return built;
  }

  // Draws each row's titles, as the app's tiles name them, and counts its drawings.
  const DRAWS_TITLES = `export async function prerenderHomepage(first) {
    globalThis.homepageDrawings = (globalThis.homepageDrawings ?? 0) + 1;
    return '<main>' + first.comics.map((c) => '<p class="tile">' + c.mainDescription.replace(/</g, '&lt;') + '</p>').join('') + '</main>';
  }`;

  beforeAll(async () => {
    t = await createTestApp({}, { queues: false });
    await appendCatalogue(t.ctx.store, catalogue);
    await t.settle();
    app = await appWith(DRAWS_TITLES);
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    for (const root of builds) rmSync(root, { recursive: true, force: true });
  });

  it('draws the homepage from the answer /api/homepage-stock gives, which the page carries for the app', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/homepage-stock' });
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(drawnAnswer(page.body)).toEqual(answer.json());
    const comics = (answer.json() as { comics: { mainDescription: string }[] }).comics;
    expect(comics.length).toBeGreaterThan(0);
    expect(page.body).toContain(`<div id="root" inert><main><p class="tile">${comics[0]!.mainDescription.replace(/</g, '&lt;')}</p>`);
    // The page policy still allows the head's own inline script, and only it.
    expect(page.headers['content-security-policy']).toMatch(/script-src [^;]*'sha256-/);
  });

  it('draws the page once for every visit while the answer stays the same', async () => {
    const drawings = () => (globalThis as { homepageDrawings?: number }).homepageDrawings ?? 0;
    const first = await app.inject({ method: 'GET', url: '/' });
    const before = drawings();
    const pages = await Promise.all(Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/' })));
    expect(pages.map((p) => p.body)).toEqual(pages.map(() => first.body));
    expect(drawings()).toBe(before);
  });

  it('takes the answer from the catalogue itself, not by a request of its own', async () => {
    const injected = vi.spyOn(app, 'inject');
    try {
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(injected.mock.calls).toEqual([[{ method: 'GET', url: '/' }]]);
      const answer = await app.inject({ method: 'GET', url: '/api/homepage-stock' });
      expect(drawnAnswer(page.body)).toEqual(answer.json());
    } finally {
      injected.mockRestore();
    }
  });

  it('answers 304 to a client that has the page, and sends it compressed', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const brotli = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(page.body);
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('draws the page again once the homepage’s answer changes', async () => {
    const before = await app.inject({ method: 'GET', url: '/' });
    const batch = catalogue.batches.find((b) => b.itemType === 'comic')!;
    const row = {
      ...batch,
      batchId: 'home-page-new-row',
      name: 'Home Page New Row',
      publishDate: '2026-11-25T00:00:00.000Z',
      default: true,
    };
    const item = catalogue.stockItems.find((i) => i.itemType === 'comic')!;
    await appendCatalogue(t.ctx.store, {
      series: [],
      batches: [row],
      stockItems: [
        {
          ...item,
          stockItemId: 'home-page-new-item',
          comicId: 'XHOMEPAGE1',
          mainDescription: 'Freshly Drawn #1',
          number: 3,
          batch: { batchId: row.batchId, batchName: row.name, batchDate: row.publishDate, discountPercent: 0 },
        },
      ],
    });
    await t.settle();
    const after = await eventually(
      () => app.inject({ method: 'GET', url: '/' }),
      (page) => page.body.includes('Freshly Drawn #1'),
      20_000,
    );
    expect(after.body).toContain('<p class="tile">Freshly Drawn #1</p>');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(JSON.stringify(drawnAnswer(after.body))).toContain('Freshly Drawn #1');
  });

  it('sends the plain index.html when the drawing fails, or when the prerender is not built', async () => {
    const failing = `export async function prerenderHomepage() { throw new Error('cannot draw'); }`;
    for (const prerender of [failing, null]) {
      const plain = await appWith(prerender);
      try {
        const page = await plain.inject({ method: 'GET', url: '/' });
        expect(page.statusCode).toBe(200);
        expect(page.body).toBe(INDEX_HTML);
      } finally {
        await plain.close();
      }
    }
  });
});
