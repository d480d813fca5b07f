/**
 * bench/catalogue: 100,000 catalogue items, the API in its own process, 50 concurrent connections.
 *   npm run bench:catalogue [-- --items 100000 --seconds 10 --reuse]
 * --reuse keeps the database of an earlier run (skips the load); --no-cache measures the database path
 * alone (every request runs its query), without the API's checkpoint-stamped catalogue cache.
 */
import { parseArgs } from 'node:util';
import { generateDemoCatalogue } from '../../domain/src/catalogue/index.ts';
import { allProjectors } from '../../projections/src/index.ts';
import { ProjectionRunner } from '../../projections/src/runner/projectionRunner.ts';
import { appendCatalogue } from '../../services/src/catalogue/loadCatalogue.ts';
import { openDatabase } from '../../services/src/db/database.ts';
import { PostgresEventStore } from '../../services/src/eventstore/postgres/postgresEventStore.ts';
import { DEMO_SEED } from '../../services/src/main/setup/demoData.ts';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';
import { startApiProcess } from '../lib/serviceProcesses.ts';
import { fmt, freshBenchDatabase } from '../lib/benchDatabase.ts';
import { load } from '../lib/load.ts';

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

if (!values.reuse) {
  const database = await freshBenchDatabase(name);
  const store = new PostgresEventStore(database.pool, database.url);
  let started = performance.now();
  const catalogue = generateDemoCatalogue({ seed: DEMO_SEED, items, now: new Date('2026-11-23T00:00:00Z') });
  await appendCatalogue(store, catalogue, { concurrency: 16 });
  console.log(`bench/catalogue: appended ${fmt(items)} items in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  const runner = new ProjectionRunner({ db: database.db, pool: database.pool, source: store, projectors: allProjectors, batchSize: 5000, pollMs: 50 });
  runner.start();
  await runner.waitUntilCaughtUp(30 * 60_000);
  await runner.stop();
  console.log(`  projected in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.pool.query('vacuum analyze stock_items');
  await store.close();
  await database.close();
}

const check = openDatabase(serverUrl(name), 1);
const count = await check.pool.query<{ n: string }>('select count(*) as n from stock_items');
await check.close();
console.log(`bench/catalogue: ${fmt(Number(count.rows[0]!.n))} items, 50 connections, ${seconds} s per line, cache ${values['no-cache'] ? 'OFF' : 'on'}`);

const api = await startApiProcess({ DATABASE_URL: serverUrl(name), PORT: '3998', CATALOGUE_CACHE: values['no-cache'] ? 'false' : 'true' });
try {
  const base = `${api.url}/api`;
  // One untimed pass so the first request of each shape does not count its cold start.
  for (const [method, path, body] of [
    ['PUT', '/stock/', { itemType: 'comic', periodType: 'new', limit: 60, page: 1 }],
    ['GET', '/homepage-stock', undefined],
  ] as const) {
    await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  }
  await load('browse new comics, page 1', { url: `${base}/stock/`, method: 'PUT', body: { itemType: 'comic', periodType: 'new', limit: 60, page: 1 }, seconds });
  await load('browse back issues, page 20', { url: `${base}/stock/`, method: 'PUT', body: { itemType: 'comic', periodType: 'back-issue', limit: 30, page: 20 }, seconds });
  await load('search "spider-man"', { url: `${base}/search-stock/spider-man`, seconds });
  await load('search "spidr man"', { url: `${base}/search-stock/spidr%20man`, seconds });
  await load('homepage', { url: `${base}/homepage-stock`, seconds });
} finally {
  await api.stop();
}
