/**
 * bench/homepage: how soon a shopper sees stock on the homepage. The API serves the built web app
 * (web/dist) on a 100,000-item catalogue; Chromium opens / in a new context (cold: empty cache,
 * no service worker) `--loads` times, and the median time from navigation start to the first
 * painted tile (the server's drawing of the homepage or the app's) is printed, with its parts and
 * when the app is ready (its tiles answer clicks). Target: under 1 s (printed, not asserted).
 *   npm run bench:homepage [-- --database NAME --loads 5 --build --width 1366 --height 850]
 * The database is bench:mixed's (comicshop_bench_mixed) when it has been built, else one built here
 * as bench/catalogue builds its own (comicshop_bench_homepage, kept for later runs); --database
 * names any other. web/dist is built when missing; --build builds it again first.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { renderDemoCover } from '../../services/src/catalogue/demoCovers.ts';
import { imageFolderFor, imageKey } from '../../services/src/storage/imageStorage.ts';
import { LocalImageStorage } from '../../services/src/storage/localImageStorage.ts';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';
import { buildDemoCatalogue, databaseComment, fmt, median, migrateBenchDatabase, stockItemCount } from '../lib/benchDatabase.ts';
import { AFTER_PAINT_JS, ensureWebBuilt, launchBenchBrowser, waitForBench } from '../lib/browserBench.ts';
import { startApiProcess } from '../lib/serviceProcesses.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    items: { type: 'string', default: '100000' },
    loads: { type: 'string', default: '5' },
    build: { type: 'boolean', default: false },
    width: { type: 'string', default: '1366' },
    height: { type: 'string', default: '850' },
  },
});
const items = Number(values.items);
const loads = Number(values.loads);
const viewport = { width: Number(values.width), height: Number(values.height) };
const TARGET_MS = 1000;
const MIXED = 'comicshop_bench_mixed';
const OWN = 'comicshop_bench_homepage';
const ownMark = `bench:homepage catalogue of ${items} items`;
const root = path.resolve(import.meta.dirname, '../..');
const imagesDir = path.join(root, '.data/bench-homepage/images');

/** bench:mixed's database when it is finished, else --database, else this bench's own (built once). */
async function chooseDatabase(): Promise<string> {
  if (values.database) {
    if ((await databaseComment(values.database)) === null) throw new Error(`no database ${values.database}`);
    return values.database;
  }
  const mixed = await databaseComment(MIXED);
  if (mixed?.startsWith('bench:mixed catalogue')) return MIXED;
  console.log(`bench/homepage: ${MIXED} ${mixed === null ? 'does not exist' : 'is not finished'} (npm run bench:mixed builds it)`);
  if ((await databaseComment(OWN)) !== ownMark) {
    console.log(`bench/homepage: building ${OWN} (${fmt(items)} items; kept for later runs)`);
    await buildDemoCatalogue(OWN, items, 'bench/homepage', ownMark);
  }
  return OWN;
}

/** Covers for the items the first homepage pages show (as `npm start` renders the demo's), so tiles load real images. */
async function storeHomepageCovers(apiUrl: string): Promise<number> {
  const storage = new LocalImageStorage(imagesDir);
  let stored = 0;
  for (let page = 1; page <= 2; page++) {
    const res = await fetch(`${apiUrl}/api/homepage-stock${page > 1 ? `?page=${page}` : ''}`);
    const body = (await res.json()) as {
      comics: {
        comicId: string;
        itemType: string;
        periodType: string;
        hasImage?: boolean;
        mainDescription: string;
        variantDescription?: string;
        publisher?: string;
      }[];
    };
    for (const comic of body.comics) {
      if (!comic.hasImage) continue;
      const key = imageKey(imageFolderFor(comic.itemType, comic.periodType ?? ''), comic.comicId);
      if (existsSync(path.join(imagesDir, key))) continue;
      const cover = {
        comicId: comic.comicId,
        mainDescription: comic.mainDescription,
        variantDescription: comic.variantDescription ?? '',
        publisher: comic.publisher ?? '',
      };
      await storage.put(key, await renderDemoCover(cover), 'image/webp');
      stored++;
    }
  }
  return stored;
}

interface Load {
  /** First contentful paint (the header and hero, and the rows when the server drew them). */
  fcp: number;
  /** The page arrived (response end): with the server's drawing of the homepage in it, when it has one. */
  page: number;
  /** /api/homepage-stock answered (response end); NaN when the page came with the answer in it. */
  stock: number;
  /** The first tile painted: the server's drawing or the app's, whichever came first. */
  tile: number;
  /** The first tile painted that answers clicks: the app's, or the server's drawing once the app has hydrated it (no longer inert). */
  appTile: number;
  /** The first cover image on the homepage loaded and decoded (the first tile may have none). */
  cover: number;
}

/**
 * Runs in the page before any of its scripts: notes when the first homepage tile is added (then
 * the next frame, after which it is painted), when a tile first answers clicks (the app's, or the
 * server's drawing once the app has hydrated it: services/src/api/routes/homepagePage.ts), and when
 * the first cover image is loaded and decoded. A string, not a function: tsx's transform would put its own helpers in a function's source.
 */
const WATCH_FIRST_TILE = `
(() => {
${AFTER_PAINT_JS}
  let coverSeen = false;
  const observer = new MutationObserver(() => {
    if (bench.tileSeen === undefined && document.querySelector('.batch-row .tile')) {
      bench.tileSeen = performance.now();
      afterPaint('tile');
    }
    const root = document.getElementById('root');
    if (bench.appTileSeen === undefined && root && !root.hasAttribute('inert') && root.querySelector('.batch-row .tile')) {
      bench.appTileSeen = performance.now();
      afterPaint('appTile');
    }
    const img = coverSeen ? null : document.querySelector('.batch-row img.tile__img');
    if (img) {
      coverSeen = true;
      const decoded = () => img.decode().catch(() => undefined).then(() => afterPaint('cover'));
      if (img.complete) decoded();
      else {
        img.addEventListener('load', decoded, { once: true });
        img.addEventListener('error', () => afterPaint('cover'), { once: true });
      }
    }
    if (coverSeen && bench.appTileSeen !== undefined) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['inert'] });
})();
`;

/** A tile is painted no sooner than the page's first contentful paint (a frame noted earlier had not been painted). */
const READ_TIMES = `(() => {
  const bench = window.__bench;
  const fcpEntry = performance.getEntriesByName('first-contentful-paint')[0];
  const fcp = fcpEntry ? fcpEntry.startTime : NaN;
  const nav = performance.getEntriesByType('navigation')[0];
  const stock = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === '/api/homepage-stock');
  return {
    fcp,
    page: nav ? nav.responseEnd : NaN,
    stock: stock ? stock.responseEnd : NaN,
    tile: Math.max(bench.tile, fcp),
    appTile: Math.max(bench.appTile, fcp),
    cover: bench.cover,
  };
})()`;

/** When /api/homepage-stock answered, or that the page brought the answer (the server drew the homepage). */
const stockFigure = (ms: number) => (Number.isNaN(ms) ? 'homepage-stock in the page' : `homepage-stock answered ${ms.toFixed(0)} ms`);

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH_FIRST_TILE });
    await page.goto(url);
    await waitForBench(page, ['tile', 'appTile', 'cover'], 60_000);
    return (await page.evaluate(READ_TIMES)) as Load;
  } finally {
    await context.close();
  }
}

const built = ensureWebBuilt('bench/homepage', values.build);
const name = await chooseDatabase();
await migrateBenchDatabase(name, 'bench/homepage');
mkdirSync(imagesDir, { recursive: true });
const api = await startApiProcess({
  DATABASE_URL: serverUrl(name),
  PORT: '3995',
  SERVE_WEB: 'true',
  IMAGES_DIR: imagesDir,
  LOG_LEVEL: 'error',
});
let browser: Browser | null = null;
try {
  const covers = await storeHomepageCovers(api.url);
  console.log(
    `bench/homepage: ${name} (${fmt(await stockItemCount(name))} items), web/dist of ${built.toLocaleString('en-AU', { timeZone: 'Australia/Sydney' })}, ` +
      `${viewport.width} x ${viewport.height}, ${loads} cold loads${covers ? `, ${covers} covers rendered` : ''}`,
  );
  browser = await launchBenchBrowser();
  // One untimed load: the API's first answers (its cache, PostgreSQL's buffers) are not what a shopper meets.
  const first = await loadOnce(browser, `${api.url}/`);
  console.log(`  untimed first load after the API started: first tile ${first.tile.toFixed(0)} ms`);
  const runs: Load[] = [];
  for (let i = 0; i < loads; i++) {
    const run = await loadOnce(browser, `${api.url}/`);
    runs.push(run);
    console.log(
      `  load ${i + 1}: page ${run.page.toFixed(0)} ms, first paint ${run.fcp.toFixed(0)} ms, ${stockFigure(run.stock)}, ` +
        `first tile ${run.tile.toFixed(0)} ms, the app ready ${run.appTile.toFixed(0)} ms, first cover ${run.cover.toFixed(0)} ms`,
    );
  }
  const m = (key: keyof Load) => median(runs.map((r) => r[key]));
  console.log(
    `bench/homepage: median first painted tile ${m('tile').toFixed(0)} ms (target under ${TARGET_MS} ms: ${m('tile') < TARGET_MS ? 'met' : 'NOT met'}); ` +
      `page ${m('page').toFixed(0)} ms, first paint ${m('fcp').toFixed(0)} ms, ${stockFigure(m('stock'))}, ` +
      `the app ready ${m('appTile').toFixed(0)} ms, first cover ${m('cover').toFixed(0)} ms`,
  );
} finally {
  await browser?.close();
  await api.stop();
}
