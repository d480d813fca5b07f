import { searchQuerySchema, stockItemDecider, type SearchQuery } from '@shop/domain/catalogue/index';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@shop/domain/settings/siteSettings';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '../commands/handle.ts';
import type { DemoCatalogue } from '../demo/demoCatalogue.ts';
import { pollUntil, testMetadata } from '../testing/fixtures.ts';
import type { TestApp } from '../testing/testApp.ts';
import type { BrowseIndex } from './browseIndex.ts';
import type { CatalogueCache } from './catalogueCache.ts';
import { ItemJson, type ListedRow } from './itemJson.ts';
import { changeItemsEveryWay, indexTestApp, inStepIndex as inStepIndexOf } from './indexTestKit.ts';
import { plainSearchWord, SearchIndex } from './searchIndex.ts';
import { correctedWords, indexedSearch, searchStock, type SearchFound } from './searchStock.ts';
import { searchWords } from './searchTerms.ts';

let t: TestApp;
let cache: CatalogueCache;
let catalogue: DemoCatalogue;
const EVERYTHING_SHOWN = { ...DEFAULT_SITE_SETTINGS, hideGames: false, hideAccessories: false };

beforeAll(async () => {
  ({ t, cache, catalogue } = await indexTestApp('search-index-test'));
});
afterAll(() => t.close());

/**
 * Terms as shoppers type them, from the catalogue's own text: whole words, their starts, two words of
 * a title, two words run together, typos (a letter dropped), numbers, a word no item has, and the
 * renamed items' word before and after they are renamed.
 */
function terms(): string[] {
  const texts = catalogue.stockItems.map((i) => [i.mainDescription, i.publisher, i.writer, i.variantDescription].join(' '));
  const counts = new Map<string, number>();
  for (const word of texts.flatMap((text) => searchWords(text))) counts.set(word, (counts.get(word) ?? 0) + 1);
  const words = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
  const common = words.filter((w) => /^[a-z]{4,}$/.test(w)).slice(0, 12);
  const rare = words.filter((w) => /^[a-z]{5,}$/.test(w)).slice(-6);
  const titles = catalogue.stockItems
    .slice(0, 40)
    .map((i) => searchWords(i.mainDescription))
    .filter((w) => w.length >= 2);
  return [
    ...common,
    ...rare,
    ...common.slice(0, 6).map((w) => w.slice(0, 3)),
    ...titles.slice(0, 6).map((w) => `${w[0]} ${w[1]}`),
    ...titles.slice(6, 10).map((w) => `${w[0]}${w[1]}`),
    ...titles.slice(10, 12).map((w) => `${w[0]!.slice(2)}${w[1]!.slice(0, 2)}`),
    ...common.slice(0, 4).map((w) => `${w.slice(0, 2)}${w.slice(3)}`),
    ...rare.slice(0, 2).map((w) => `${w.slice(0, -2)}${w.at(-1)}`),
    `${common[0]} ${common[1]}`,
    '1',
    '12',
    'a',
    'zzqxwv',
    'aardvark',
    'aardvak annual',
  ];
}

/** What to compare of a search's answer: ids with their counts in order, total, where its last sorts, the words searched and ranked. */
const shape = (found: SearchFound) => ({
  items: found.comics.map((c) => `${c.id} ${c.live.available}`),
  total: found.total,
  lastTier: found.lastTier,
  lastKey: found.lastKey,
  searched: found.searched,
  ranked: found.ranked,
});

/** The index in step with the feed, its search made. */
async function inStepIndex(): Promise<BrowseIndex> {
  const index = await inStepIndexOf(t, cache);
  await searchReady(index);
  return index;
}

/** Until the index's search has filed every item (it answers nothing before). */
const searchReady = (index: BrowseIndex) => pollUntil('the search index made', async () => index.search.ready(), 20_000);

const listed = (rows: readonly ListedRow[]) => cache.items.listed(t.tdb.db, rows);
const correct = (words: readonly string[]) => correctedWords(t.tdb.db, words);

/** The same search from the index and from searchStock's statements, with no kept list (each list computed afresh). */
async function expectSameSearch(index: BrowseIndex, term: string, query: SearchQuery, settings: SiteSettings): Promise<void> {
  await sql`delete from catalogue_lists`.execute(t.tdb.db);
  const fromDatabase = await searchStock(t.tdb.db, term, query, settings, new ItemJson());
  const fromIndex = await indexedSearch(() => index, term, query, settings, correct, listed);
  expect(fromIndex, `"${term}" ${JSON.stringify(query)} answered`).not.toBeNull();
  expect(shape(fromIndex!), `"${term}" ${JSON.stringify(query)}`).toEqual(shape(fromDatabase));
}

const PAGES = [
  [1, 60],
  [2, 7],
  [40, 30],
];
const SORTS = ['relevance', 'newest', 'price-asc', 'price-desc'];

/** Every term in every order the index keeps, on three pages, with everything shown; the first page with games hidden and with filters. */
async function expectSameSearches(index: BrowseIndex, pages = PAGES): Promise<number> {
  const publisher = catalogue.stockItems.find((i) => i.publisher)!.publisher!.toUpperCase();
  const filters: Record<string, string>[] = [{ publisher }, { gradeMin: '6', gradeMax: '9.4' }, { graded: 'false' }];
  let compared = 0;
  for (const term of terms()) {
    for (const sort of SORTS) {
      for (const [page, limit] of pages) {
        await expectSameSearch(index, term, searchQuerySchema.parse({ sort, page, limit }), EVERYTHING_SHOWN);
        compared++;
      }
    }
    await expectSameSearch(index, term, searchQuerySchema.parse({}), DEFAULT_SITE_SETTINGS);
    for (const filter of filters) await expectSameSearch(index, term, searchQuerySchema.parse(filter), EVERYTHING_SHOWN);
    compared += 1 + filters.length;
  }
  return compared;
}

describe('search from the browse index', () => {
  it('answers every term, order, page and filter as the database does', async () => {
    const index = await inStepIndex();
    expect(await expectSameSearches(index)).toBeGreaterThan(500);
  });

  it('orders matches alike by sorting their places and by slots of the whole order', async () => {
    const index = await inStepIndex();
    // Made again each time, so that no order kept before is read.
    try {
      for (const ordering of ['sort', 'slots'] as const) {
        index.search.clear();
        await searchReady(index);
        SearchIndex.ordering = ordering;
        await expectSameSearches(index);
      }
    } finally {
      SearchIndex.ordering = 'either';
    }
  });

  it('keeps in step through sell-outs, restocks, repricing, renaming, deletion and new items', async () => {
    const reads = (await inStepIndex()).reads;
    // Among them, items renamed to a word no item had: its search, corrected to another word before, now finds them.
    await changeItemsEveryWay(t, catalogue);
    const index = await inStepIndex();
    expect(index.reads).toBe(reads);
    const aardvark = await indexedSearch(() => index, 'aardvark', searchQuerySchema.parse({}), EVERYTHING_SHOWN, correct, listed);
    expect(aardvark!.total).toBe(4);
    await expectSameSearches(index);
  });

  it('keeps in step the orders it keeps only so far, past which items come and go', async () => {
    const index = await inStepIndex();
    const reads = index.reads;
    try {
      // Pages ending at what is kept, one past it (read from the kept order once an item came within it) and past that.
      const pages = [
        [2, 7],
        [1, 15],
        [3, 7],
      ];
      SearchIndex.keptOrderMax = 14;
      index.search.clear();
      await searchReady(index);
      await expectSameSearches(index, pages);
      await changeItemsEveryWay(t, catalogue, 250);
      expect(await inStepIndex()).toBe(index);
      expect(index.reads).toBe(reads);
      await expectSameSearches(index, pages);
    } finally {
      SearchIndex.keptOrderMax = 2000;
    }
  });

  it('keeps at most correctionsMax corrections, the least recently asked going first', () => {
    const index = new SearchIndex(
      () => [],
      () => true,
      () => [],
    );
    const kept = SearchIndex.correctionsMax;
    SearchIndex.correctionsMax = 3;
    try {
      const since = index.correctionsAt();
      index.keepCorrection(['spidr'], ['spider'], since);
      index.keepCorrection(['batmn'], ['batman'], since);
      index.keepCorrection(['zzqx'], null, since);
      expect(index.correction(['spidr'])).toEqual(['spider']); // asked: now the most recent
      index.keepCorrection(['absolut'], ['absolute'], since);
      expect(index.correction(['batmn'])).toBeUndefined();
      expect(index.correction(['zzqx'])).toBeNull();
      expect(index.correction(['spidr'])).toEqual(['spider']);
      expect(index.correction(['absolut'])).toEqual(['absolute']);
      index.wordsMoved();
      expect(index.correction(['spidr'])).toBeUndefined();
      index.keepCorrection(['spidr'], ['spider'], since); // read before the words moved: not kept
      expect(index.correction(['spidr'])).toBeUndefined();
    } finally {
      SearchIndex.correctionsMax = kept;
    }
  });

  it("reads a typo's correction from the database once, again only after an item's words change", async () => {
    const index = await inStepIndex();
    const [word] = terms();
    const typo = `${word!.slice(0, 1)}${word!.slice(2)}`;
    const corrections: string[][] = [];
    const counting = async (words: readonly string[]) => (corrections.push([...words]), correct(words));
    const searchTypo = () => indexedSearch(() => index, typo, searchQuerySchema.parse({}), EVERYTHING_SHOWN, counting, listed);
    const first = await searchTypo();
    expect(first!.searched).toHaveLength(2);
    await searchTypo();
    expect(corrections).toHaveLength(1);
    // Repriced: its words are the same, the correction stands.
    const [repriced, renamed] = catalogue.stockItems.slice(200, 202);
    await handle(
      t.ctx,
      stockItemDecider,
      `stock-${repriced!.stockItemId}`,
      { type: 'EditStockItem', data: { changes: { priceOverride: 4321 } } },
      testMetadata(),
    );
    await t.settle();
    const afterRepricing = await inStepIndex();
    expect(shape((await searchTypo())!)).toEqual(shape(first!));
    expect(corrections).toHaveLength(1);
    // Renamed: a word it now has may be the better correction, which the database is asked again.
    await handle(
      t.ctx,
      stockItemDecider,
      `stock-${renamed!.stockItemId}`,
      { type: 'EditStockItem', data: { changes: { mainDescription: 'Zebrafinch Tales #1' } } },
      testMetadata(),
    );
    await t.settle();
    expect(await inStepIndex()).toBe(afterRepricing);
    await searchTypo();
    expect(corrections).toHaveLength(2);
  });

  it('leaves the grade order and words PostgreSQL parses as more than one to the database', async () => {
    const index = await inStepIndex();
    const graded = await indexedSearch(
      () => index,
      'batman',
      searchQuerySchema.parse({ sort: 'grade-desc' }),
      EVERYTHING_SHOWN,
      correct,
      listed,
    );
    expect(graded).toBeNull();
    expect(await indexedSearch(() => index, '1e5x', searchQuerySchema.parse({}), EVERYTHING_SHOWN, correct, listed)).toBeNull();
    expect(await indexedSearch(() => null, 'batman', searchQuerySchema.parse({}), EVERYTHING_SHOWN, correct, listed)).toBeNull();
    // Let go, it answers nothing until it has filed every item again.
    index.search.clear();
    expect(await indexedSearch(() => index, 'batman', searchQuerySchema.parse({}), EVERYTHING_SHOWN, correct, listed)).toBeNull();
    await searchReady(index);
    expect(await indexedSearch(() => index, 'batman', searchQuerySchema.parse({}), EVERYTHING_SHOWN, correct, listed)).not.toBeNull();
  });

  it('takes a word as plain only where PostgreSQL reads it as that one lexeme', async () => {
    const shapes = ['1st', '3d', '12e3', '1e5x', 'x1e5', '007', '0x1f', '12e34x', 'e12e3x', '2099', 'abc123', '123abc', '1e', 'batman'];
    for (let n = 0; n < 200; n++) shapes.push(Array.from({ length: 1 + (n % 6) }, (_, i) => 'e19x0'[(n * 7 + i * 3) % 5]).join(''));
    const { rows } = await sql<{ w: string; one: boolean }>`
      select w, to_tsquery('simple', w || ':*')::text = '''' || w || ''':*' as one from unnest(${shapes}::text[]) w`.execute(t.tdb.db);
    for (const { w, one } of rows) expect(plainSearchWord(w), w).toBe(one);
  });
});
