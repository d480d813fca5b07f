/**
 * bench/catalogue/answerMemory: what kept catalogue answers cost the API process. Fills a
 * CatalogueCache with search answers (60 items a page, the words and two-word terms of the
 * bench:mixed database's titles), each compressed as a shopper's browser asks, holding each answer's
 * JSON beside it as the cache did before 2026-11-27; then lets the JSON go, then the cache, and
 * prints what each held (heap and buffers after a full collection).
 *   npm run bench:answer-memory [-- --answers 3000]   (after npm run bench:mixed has built its database)
 */
import { parseArgs } from 'node:util';
import { searchQuerySchema } from '@shop/domain/catalogue/index';
import { DEFAULT_SITE_SETTINGS } from '@shop/domain/settings/siteSettings';
import { brotli } from '../../services/src/api/sendCached.ts';
import { CatalogueCache } from '../../services/src/catalogue/catalogueCache.ts';
import { searchAnswer } from '../../services/src/catalogue/searchStock.ts';
import { openDatabase } from '../../services/src/db/database.ts';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';
import { readCatalogueTerms } from '../mixed/terms.ts';

const { values } = parseArgs({ options: { answers: { type: 'string', default: '3000' } } });
const wanted = Number(values.answers);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:answer-memory does)');
const held = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const { db, pool } = openDatabase(serverUrl('comicshop_bench_mixed'), 4);
const terms = await readCatalogueTerms(pool);
const all = [...terms.words, ...terms.pairs];
let cache: CatalogueCache | null = new CatalogueCache(db, { maxEntries: 1_000_000 });

const empty = held();
let json: string[] = [];
let brBytes = 0;
for (let i = 0; json.length < wanted && i < all.length * 10; i++) {
  const term = all[i % all.length]!;
  const page = 1 + Math.floor(i / all.length);
  const query = searchQuerySchema.parse({ page, limit: 60 });
  const body = await cache.body(`${term}:${page}`, () => searchAnswer(db, term, query, DEFAULT_SITE_SETTINGS, cache!.items));
  if (body.length < 1024) continue; // a page with (almost) nothing on it
  json.push(body.json());
  brBytes += body.compressed('br', brotli).length;
}
// A read of the change feed the last request did not wait for holds the cache until it ends.
await cache.feedRead();
const n = json.length;
const jsonChars = json.reduce((sum, j) => sum + j.length, 0);
const withJson = held();
json = [];
const withoutJson = held();
const entries = cache.stats().entries;
cache = null;
// What the last statement's promises still hold goes at the next turn of the event loop.
await new Promise((resolve) => setImmediate(resolve));
const none = held();
console.log(
  `bench/answer-memory: ${n.toLocaleString('en-AU')} search answers (${entries.toLocaleString('en-AU')} kept in all), ` +
    `JSON ${(jsonChars / n / 1024).toFixed(1)} k characters and brotli ${kb(brBytes / n)} each\n` +
    `  their JSON, once compressed: ${mb(withJson - withoutJson)}, ${kb((withJson - withoutJson) / n)} an answer\n` +
    `  the kept answers without it (compressed bodies, counts, and each item's JSON once): ${mb(withoutJson - none)}, ` +
    `${kb((withoutJson - none) / n)} an answer\n` +
    `  (before the fill ${mb(empty)}; after letting everything go ${mb(none)})`,
);
await pool.end();
