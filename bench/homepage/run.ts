/**
 * bench/homepage: how soon a shopper sees stock on the homepage. The API serves the built web app
 * (web/dist) on a 100,000-item catalogue; Chromium opens / in a new context (cold: empty cache,
 * no service worker) `--loads` times, and the median time from navigation start to the first
 * painted tile is printed, with its parts. Target: under 1 s (printed, not asserted).
 *   npm run bench:homepage [-- --database NAME --loads 5 --build --width 1366 --height 850]
 * The database is bench:mixed's (comicshop_bench_mixed) when it has been built, else one built here
 * as bench/catalogue builds its own (comicshop_bench_homepage, kept for later runs); --database
 * names any other. web/dist is built when missing; --build builds it again first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { generateDemoCatalogue } from '../../domain/src/catalogue/index.ts';
import { allProjectors } from '../../projections/src/index.ts';
import { ProjectionRunner } from '../../projections/src/runner/projectionRunner.ts';
import { renderDemoCover } from '../../services/src/catalogue/demoCovers.ts';
import { appendCatalogue } from '../../services/src/catalogue/loadCatalogue.ts';
import { openDatabase } from '../../services/src/db/database.ts';
import { migrateToLatest } from '../../services/src/db/migrate.ts';
import { PostgresEventStore } from '../../services/src/eventstore/postgres/postgresEventStore.ts';
import { DEMO_SEED } from '../../services/src/main/setup/demoData.ts';
import { imageFolderFor, imageKey } from '../../services/src/storage/imageStorage.ts';
import { LocalImageStorage } from '../../services/src/storage/localImageStorage.ts';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';
import { fmt, freshBenchDatabase, median } from '../lib/benchDatabase.ts';
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
const webDist = path.join(root, 'web/dist');
const imagesDir = path.join(root, '.data/bench-homepage/images');

/** The database's comment, or null when there is no such database. */
async function databaseComment(name: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    return rows[0] ? (rows[0].comment ?? '') : null;
  } finally {
    await admin.end();
  }
}

async function stockItemCount(name: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl(name) });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select count(*) as n from stock_items')).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** The demo catalogue of `items` items appended and projected as bench/catalogue does it, marked when done. */
async function buildOwnCatalogue(): Promise<void> {
  console.log(`bench/homepage: building ${OWN} (${fmt(items)} items; kept for later runs)`);
  const database = await freshBenchDatabase(OWN);
  const store = new PostgresEventStore(database.pool, database.url);
  try {
    let started = performance.now();
    const catalogue = generateDemoCatalogue({ seed: DEMO_SEED, items, now: new Date('2026-11-23T00:00:00Z') });
    await appendCatalogue(store, catalogue, { concurrency: 16 });
    console.log(`  appended in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    const runner = new ProjectionRunner({ db: database.db, pool: database.pool, source: store, projectors: allProjectors, batchSize: 5000, pollMs: 50 });
    runner.start();
    await runner.waitUntilCaughtUp(30 * 60_000);
    await runner.stop();
    console.log(`  projected in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await database.pool.query('vacuum analyze stock_items');
    await database.pool.query(`comment on database ${OWN} is '${ownMark}'`);
  } finally {
    await store.close();
    await database.close();
  }
}

/** bench:mixed's database when it is finished, else --database, else this bench's own (built once). */
async function chooseDatabase(): Promise<string> {
  if (values.database) {
    if ((await databaseComment(values.database)) === null) throw new Error(`no database ${values.database}`);
    return values.database;
  }
  const mixed = await databaseComment(MIXED);
  if (mixed?.startsWith('bench:mixed catalogue')) return MIXED;
  console.log(`bench/homepage: ${MIXED} ${mixed === null ? 'does not exist' : 'is not finished'} (npm run bench:mixed builds it)`);
  if ((await databaseComment(OWN)) !== ownMark) await buildOwnCatalogue();
  return OWN;
}

/** Covers for the items the first homepage pages show (as `npm start` renders the demo's), so tiles load real images. */
async function storeHomepageCovers(apiUrl: string): Promise<number> {
  const storage = new LocalImageStorage(imagesDir);
  let stored = 0;
  for (let page = 1; page <= 2; page++) {
    const res = await fetch(`${apiUrl}/api/homepage-stock${page > 1 ? `?page=${page}` : ''}`);
    const body = (await res.json()) as {
      comics: { comicId: string; itemType: string; periodType: string; hasImage?: boolean; mainDescription: string; variantDescription?: string; publisher?: string }[];
    };
    for (const comic of body.comics) {
      if (!comic.hasImage) continue;
      const key = imageKey(imageFolderFor(comic.itemType, comic.periodType ?? ''), comic.comicId);
      if (existsSync(path.join(imagesDir, key))) continue;
      const cover = { comicId: comic.comicId, mainDescription: comic.mainDescription, variantDescription: comic.variantDescription ?? '', publisher: comic.publisher ?? '' };
      await storage.put(key, await renderDemoCover(cover), 'image/webp');
      stored++;
    }
  }
  return stored;
}

interface Load {
  /** First contentful paint (the header and hero). */
  fcp: number;
  /** /api/homepage-stock answered (response end). */
  stock: number;
  /** The first tile in the frame after it was added to the page. */
  tile: number;
  /** The first cover image on the homepage loaded and decoded (the first tile may have none). */
  cover: number;
}

/**
 * Runs in the page before any of its scripts: notes when the first homepage tile is added (then
 * the next frame, after which it is painted) and when the first cover image is loaded and decoded.
 * A string, not a function: tsx's transform would put its own helpers in a function's source.
 */
const WATCH_FIRST_TILE = `
(() => {
  const bench = (window.__bench = {});
  // The frame is painted after a requestAnimationFrame callback: a task queued there runs after it.
  const afterPaint = (key) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { if (bench[key] === undefined) bench[key] = performance.now(); };
      channel.port2.postMessage(null);
    });
  const observer = new MutationObserver(() => {
    if (bench.tileSeen === undefined && document.querySelector('.batch-row .tile')) {
      bench.tileSeen = performance.now();
      afterPaint('tile');
    }
    const img = document.querySelector('.batch-row img.tile__img');
    if (!img) return;
    observer.disconnect();
    const decoded = () => img.decode().catch(() => undefined).then(() => afterPaint('cover'));
    if (img.complete) decoded();
    else {
      img.addEventListener('load', decoded, { once: true });
      img.addEventListener('error', () => afterPaint('cover'), { once: true });
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();
`;

const READ_TIMES = `(() => {
  const bench = window.__bench;
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const stock = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === '/api/homepage-stock');
  return { fcp: fcp ? fcp.startTime : NaN, stock: stock ? stock.responseEnd : NaN, tile: bench.tile, cover: bench.cover };
})()`;

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH_FIRST_TILE });
    await page.goto(url);
    await page.waitForFunction('window.__bench && window.__bench.tile !== undefined && window.__bench.cover !== undefined', undefined, { timeout: 60_000 });
    return (await page.evaluate(READ_TIMES)) as Load;
  } finally {
    await context.close();
  }
}

if (values.build || !existsSync(path.join(webDist, 'index.html'))) {
  console.log('bench/homepage: building the web app (npm run build -w @shop/web)');
  execFileSync('npm', ['run', 'build', '--silent', '-w', '@shop/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
const built = statSync(path.join(webDist, 'index.html')).mtime;
const name = await chooseDatabase();
// As the shop's setup does before the API starts: a database built before the latest migrations gets them.
const migrating = openDatabase(serverUrl(name), 1);
try {
  await migrateToLatest(migrating.db as never);
} catch (e) {
  // e.g. built by a newer checkout: measure it as it is.
  console.log(`bench/homepage: ${name} not migrated (${(e as Error).message})`);
} finally {
  await migrating.close();
}
mkdirSync(imagesDir, { recursive: true });
const api = await startApiProcess({ DATABASE_URL: serverUrl(name), PORT: '3995', SERVE_WEB: 'true', IMAGES_DIR: imagesDir, LOG_LEVEL: 'error' });
let browser: Browser | null = null;
try {
  const covers = await storeHomepageCovers(api.url);
  console.log(
    `bench/homepage: ${name} (${fmt(await stockItemCount(name))} items), web/dist of ${built.toLocaleString('en-AU', { timeZone: 'Australia/Sydney' })}, ` +
      `${viewport.width} x ${viewport.height}, ${loads} cold loads${covers ? `, ${covers} covers rendered` : ''}`,
  );
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // One untimed load: the API's first answers (its cache, PostgreSQL's buffers) are not what a shopper meets.
  const first = await loadOnce(browser, `${api.url}/`);
  console.log(`  untimed first load after the API started: first tile ${first.tile.toFixed(0)} ms`);
  const runs: Load[] = [];
  for (let i = 0; i < loads; i++) {
    const run = await loadOnce(browser, `${api.url}/`);
    runs.push(run);
    console.log(
      `  load ${i + 1}: first paint ${run.fcp.toFixed(0)} ms, homepage-stock answered ${run.stock.toFixed(0)} ms, ` +
        `first tile ${run.tile.toFixed(0)} ms, first cover ${run.cover.toFixed(0)} ms`,
    );
  }
  const m = (key: keyof Load) => median(runs.map((r) => r[key]));
  console.log(
    `bench/homepage: median first painted tile ${m('tile').toFixed(0)} ms (target under ${TARGET_MS} ms: ${m('tile') < TARGET_MS ? 'met' : 'NOT met'}); ` +
      `first paint ${m('fcp').toFixed(0)} ms, homepage-stock answered ${m('stock').toFixed(0)} ms, first cover ${m('cover').toFixed(0)} ms`,
  );
} finally {
  await browser?.close();
  await api.stop();
}
