/**
 * bench/catalogue/browseIndexMemory: what the browse index (services/src/catalogue/browseIndex.ts)
 * costs an API process on the 100,000-item bench catalogue: its read of every item in stock, the
 * first sort of each plain mode's lists and of the batches' rows, the heap it holds (after a full
 * collection), and what a page costs once sorted; then its search (searchIndex.ts): the first
 * search's filing of every item's lexemes and titles run together, the heap that adds, and a
 * search's first page, its order kept and not (terms from the catalogue's words, each new to it);
 * and an item that goes and comes back (a last copy held, then released) beside as many kept search
 * orders as a process keeps (5,000: the catalogue's words in each order, then pairs of them).
 * Medians of `--runs` reads.
 *   npm run bench:browse-index [-- --runs 3]   (after npm run bench:catalogue has built its database)
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { BROWSE_MODES, browseQuerySchema } from '@shop/domain/catalogue/index';
import { BrowseIndex } from '../../services/src/catalogue/browseIndex.ts';
import { openDatabase } from '../../services/src/db/database.ts';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';
import type { IndexedSearch } from '../../services/src/catalogue/searchIndex.ts';
import { fmt, median } from '../lib/benchDatabase.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:browse-index does)');
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const ORDERS = ['newest', 'price-asc', 'price-desc'] as const;
const queries = BROWSE_MODES.flatMap((mode) =>
  ORDERS.map((sort) => browseQuerySchema.parse({ itemType: mode.itemType, periodType: mode.periodType, key: mode.key, sort })),
);
const deepPage = browseQuerySchema.parse({ itemType: 'comic', periodType: 'back-issue', page: 20, limit: 30 });

const { db, close } = openDatabase(serverUrl('comicshop_bench_catalogue'), 2);
/** Words of the catalogue, in no order of theirs: each a search new to the index. */
const { rows: words } = await sql<{ word: string }>`
  select word from search_words where word ~ '^[a-z]{4,}$' order by md5(word) limit 2000`.execute(db);
const search = (word: string, sort: IndexedSearch['sort'] = 'relevance'): IndexedSearch => ({
  words: word.split(' '),
  types: ['comic', 'game', 'accessory'],
  publisher: null,
  sort,
});
const SORTS = ['relevance', 'newest', 'price-asc', 'price-desc'] as const;
/** As many searches as a process keeps orders of: every word in each order, then pairs of words. */
const manySearches = [
  ...SORTS.flatMap((sort) => words.map(({ word }) => search(word, sort))),
  ...words.map(({ word }, i) => search(`${word} ${words[(i * 7 + 3) % words.length]!.word}`)),
].slice(0, 5000);
const reads: number[] = [];
const searchBuilds: number[] = [];
const searchHeld: number[] = [];
const keptSearches: number[] = [];
const newSearches: number[] = [];
const goneAndBack: number[] = [];
let keptOrders = 0;
const sorts: number[] = [];
const held: number[] = [];
const pages: number[] = [];
let items = 0;
// Outside the loop, and let go before each run's first reading: a suspended async function keeps a
// block's variables alive, so the last run's index would be counted in the next run's start.
let index: BrowseIndex | null = null;
try {
  for (let run = 0; run < Number(values.runs); run++) {
    index = null;
    const before = heap();
    index = new BrowseIndex(db);
    let started = performance.now();
    await index.load();
    reads.push(performance.now() - started);
    started = performance.now();
    for (const query of queries) index.page(query);
    index.batchRow('', ['comic'], 0, 10);
    sorts.push(performance.now() - started);
    held.push(heap() - before);
    started = performance.now();
    for (let i = 0; i < 10_000; i++) index.page(deepPage);
    pages.push(((performance.now() - started) / 10_000) * 1000);
    items = index.size;
    const beforeSearch = heap();
    started = performance.now();
    while (!index.search.ready()) await new Promise((resolve) => setImmediate(resolve));
    // The first search also sorts every item in the order it ranks by, once.
    index.search.page(search('spider'), 0, 60);
    searchBuilds.push(performance.now() - started);
    searchHeld.push(heap() - beforeSearch);
    started = performance.now();
    for (let i = 0; i < 10_000; i++) index.search.page(search('spider'), 0, 60);
    keptSearches.push(((performance.now() - started) / 10_000) * 1000);
    const fresh = words.slice((run * words.length) / Number(values.runs), ((run + 1) * words.length) / Number(values.runs));
    started = performance.now();
    for (const { word } of fresh) index.search.page(search(word), 0, 60);
    newSearches.push(((performance.now() - started) / fresh.length) * 1000);
    for (const s of manySearches) index.search.page(s, 0, 30);
    keptOrders = manySearches.length;
    const moving = words.slice(0, 200).flatMap(({ word }) => index!.search.page(search(word), 0, 1).items);
    started = performance.now();
    for (const item of moving) {
      index.search.remove(item);
      index.search.add(item);
    }
    goneAndBack.push(((performance.now() - started) / moving.length) * 1000);
  }
} finally {
  await close();
}
console.log(`bench/browse-index: ${fmt(items)} items in stock, medians of ${values.runs} runs`);
console.log(`  read of every item in stock        ${fmt(median(reads))} ms`);
console.log(`  ${queries.length} lists and the batches' rows sorted  ${fmt(median(sorts))} ms (each the first time a page asks for it)`);
// Later runs start with the run before's index not yet collected (once it has searched), so the
// heap is the first run's, in a process that held nothing before.
console.log(`  heap held                          ${(held[0]! / 1024 / 1024).toFixed(1)} MB (the first run)`);
console.log(`  a page (back issues, page 20)      ${median(pages).toFixed(1)} µs`);
console.log(
  `  search: made                       ${fmt(median(searchBuilds))} ms (items filed a slice at a time, then the first search's sort of every item)`,
);
console.log(`  search: heap added                 ${(searchHeld[0]! / 1024 / 1024).toFixed(1)} MB (the first run)`);
console.log(`  search: a first page, order kept   ${median(keptSearches).toFixed(1)} µs`);
console.log(
  `  search: a first page, new search   ${fmt(median(newSearches))} µs (${Math.floor(words.length / Number(values.runs))} words of the catalogue, one search each)`,
);
console.log(`  search: an item gone and back      ${fmt(median(goneAndBack))} µs (beside ${fmt(keptOrders)} kept orders)`);
