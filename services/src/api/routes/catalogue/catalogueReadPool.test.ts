import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadModels } from '@shop/projections/schema';
import { generateDemoCatalogue } from '../../../demo/demoCatalogue.ts';
import { appendCatalogue } from '../../../catalogue/loadCatalogue.ts';
import { buildDeps } from '../../../main/deps.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { buildApp } from '../../app.ts';

// Catalogue calls read through the browse pool (ctx.readDb) alone: the write side's pool is the one
// checkouts fill, and a miss that waited there for the site settings waited behind every checkout.
let t: TestApp;
let browsing: Awaited<ReturnType<typeof buildApp>>;
let unreachable: pg.Pool;
const catalogue = generateDemoCatalogue({ seed: 'read-pool-test', items: 40, now: new Date('2026-11-23T00:00:00Z') });

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  await appendCatalogue(t.ctx.store, catalogue);
  await t.settle();
  // A write side that answers nothing: port 9 refuses every connection.
  unreachable = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:9/none', connectionTimeoutMillis: 2000 });
  unreachable.on('error', () => undefined);
  const db = new Kysely<ReadModels>({ dialect: new PostgresDialect({ pool: unreachable }) });
  const ctx = { ...buildDeps({ config: t.ctx.config, db, pool: unreachable, store: t.ctx.store, queues: null }), readDb: t.tdb.db };
  browsing = await buildApp(ctx);
  await browsing.ready();
});
afterAll(async () => {
  await browsing.close();
  await unreachable.end();
  await t.close();
});

describe('catalogue calls while the write side has no connection to give', () => {
  it.each([
    ['browse', 'PUT', '/api/stock/', { itemType: 'comic', periodType: 'back-issue', limit: 60, page: 1 }],
    ['search', 'GET', '/api/search-stock/the', undefined],
    ['homepage', 'GET', '/api/homepage-stock', undefined],
    ['all batches', 'GET', '/api/all-batches', undefined],
  ] as const)('%s answers from the browse pool', async (_name, method, url, payload) => {
    const res = await browsing.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(200);
  });

  it('an item page and the sitemap answer from the browse pool', async () => {
    const listed = await browsing.inject({ method: 'GET', url: '/api/search-stock/the' });
    const id = (listed.json() as { comics: { _id: string }[] }).comics[0]!._id;
    const page = await browsing.inject({ method: 'GET', url: `/item/${id}` });
    expect(page.statusCode).toBe(200);
    const sitemap = await browsing.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
  });
});
