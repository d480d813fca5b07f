/**
 * bench/catalogue: 100,000 catalogue items, the API in its own process, 50 concurrent connections.
 *   npm run bench:catalogue [-- --items 100000 --seconds 10 --reuse]
 * --reuse keeps the database of an earlier run (skips the load); --no-cache measures the database path
 * alone: every request computes its answer as a miss of the API's catalogue cache does. The last
 * line is the homepage itself (`/`, drawn by the server from the homepage's answer), so web/dist and
 * its prerender are built first when missing.
 */
import { parseArgs } from 'node:util';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';
import { startApiProcess } from '../lib/serviceProcesses.ts';
import { buildDemoCatalogue, fmt, migrateBenchDatabase, stockItemCount } from '../lib/benchDatabase.ts';
import { load } from '../lib/load.ts';
import { loadConfig } from '../../services/src/config/config.ts';
import { ensureWebBuilt } from '../lib/browserBench.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    reuse: { type: 'boolean', default: false },
    'no-cache': { type: 'boolean', default: false },
  },
});
const items = Number(values.items);
const seconds = Number(values.seconds);
const name = 'comicshop_bench_catalogue';

if (!values.reuse) await buildDemoCatalogue(name, items, 'bench/catalogue');
else await migrateBenchDatabase(name, 'bench/catalogue');

console.log(
  `bench/catalogue: ${fmt(await stockItemCount(name))} items, 50 connections, ${seconds} s per line, cache ${values['no-cache'] ? 'OFF' : 'on'}`,
);

ensureWebBuilt('bench/catalogue', false);
const api = await startApiProcess({
  DATABASE_URL: serverUrl(name),
  PORT: '3998',
  CATALOGUE_CACHE: values['no-cache'] ? 'false' : 'true',
  SERVE_WEB: 'true',
});
try {
  const base = `${api.url}/api`;
  // One untimed pass so the first request of each shape does not count its cold start.
  for (const [method, path, body] of [
    ['PUT', '/stock/', { itemType: 'comic', periodType: 'new', limit: 60, page: 1 }],
    ['GET', '/homepage-stock', undefined],
  ] as const) {
    await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  }
  await fetch(`${api.url}/`);
  await searchIndexMade(api.url);
  await load('browse new comics, page 1', {
    url: `${base}/stock/`,
    method: 'PUT',
    body: { itemType: 'comic', periodType: 'new', limit: 60, page: 1 },
    seconds,
  });
  await load('browse back issues, page 20', {
    url: `${base}/stock/`,
    method: 'PUT',
    body: { itemType: 'comic', periodType: 'back-issue', limit: 30, page: 20 },
    seconds,
  });
  await load('browse back issues by price, page 5', {
    url: `${base}/stock/`,
    method: 'PUT',
    body: { itemType: 'comic', periodType: 'back-issue', sort: 'price-asc', limit: 30, page: 5 },
    seconds,
  });
  await load('search "spider-man"', { url: `${base}/search-stock/spider-man`, seconds });
  await load('search "spidr man"', { url: `${base}/search-stock/spidr%20man`, seconds });
  await load('homepage', { url: `${base}/homepage-stock`, seconds });
  await load('homepage page (/), drawn by the server', { url: `${api.url}/`, seconds });
} finally {
  await api.stop();
}

/**
 * The first search starts the API's search index (searches read the database until it is made, in
 * slices, under a second here); the timed lines measure a process that has one, as a shop's has
 * after its first search, so the untimed pass waits for it and then searches once more (that first
 * search on it also ranks every item in stock once).
 */
async function searchIndexMade(url: string): Promise<void> {
  // The API is started with this process's environment: the index may be turned off there.
  const config = loadConfig(process.env);
  if (!config.CATALOGUE_SEARCH_INDEX || !config.CATALOGUE_BROWSE_INDEX) return;
  const deadline = Date.now() + 120_000;
  for (;;) {
    await fetch(`${url}/api/search-stock/spider-man`);
    const status = (await (await fetch(`${url}/api/status`)).json()) as { catalogueCache: { searchIndexReady: boolean } | null };
    if (!status.catalogueCache || status.catalogueCache.searchIndexReady) break;
    if (Date.now() > deadline) throw new Error('bench/catalogue: the search index was not made within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await fetch(`${url}/api/search-stock/spidr%20man`);
}
