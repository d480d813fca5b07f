import type { BrowseQuery, SearchQuery } from '@shop/domain/catalogue/index';
import type { SiteSettings } from '@shop/domain/settings/siteSettings';
import type { Kysely } from 'kysely';
import type { ReadModels } from '@shop/projections/schema';
import type { Deps } from '../deps/deps.ts';
import { browseDb } from '../db/readDatabase.ts';
import { readSiteSettings } from '../settings/siteSettings.ts';
import { browseReach } from './browseReach.ts';
import { CatalogueCache, type CachedBody } from './catalogueCache.ts';
import { BrowseIndex } from './browseIndex.ts';
import {
  allBatches,
  browseStock,
  homepageStock,
  indexedBrowse,
  indexedHomepage,
  indexedMoreHomepage,
  moreHomepageStock,
  ordersByPriceOf,
  stockForPreOrder,
} from './catalogueQueries.ts';
import { homepageReach, rowPageReach } from './homepageReach.ts';
import type { ListedRow } from './itemJson.ts';
import { itemForPage } from './itemPages.ts';
import { correctedWords, indexedSearch, searchAnswerOf, searchStock } from './searchStock.ts';
import { normaliseSearchTerm } from './searchTerms.ts';

/** The homepage's idea of now moves a minute at a time, so a minute's answers are one cache entry. */
const HOMEPAGE_CLOCK_MS = 60_000;

/**
 * The storefront's catalogue answers (storefront §7), one set per API process: each kept in the
 * catalogue cache as the JSON body it is sent as, and computed on a miss from the browse pool.
 * The catalogue calls send them; `/` draws the homepage from the same first page of homepage stock,
 * the same body and ETag the app is sent, without a request of its own.
 */
export class CatalogueAnswers {
  readonly cache: CatalogueCache;
  /** Browse and search read the replica when there is one; the cache's change feed reads the same one. */
  private readonly db: Kysely<ReadModels>;
  /** The site settings, read once per structure version (saving them moves it). */
  readonly siteSettings: () => Promise<SiteSettings>;

  /** `ctx.clock` is read on each call: a test may set the clock after the app is built. */
  constructor(private readonly ctx: Pick<Deps, 'db' | 'readDb' | 'config' | 'clock'>) {
    this.db = browseDb(ctx);
    this.cache = new CatalogueCache(this.db, {
      enabled: ctx.config.CATALOGUE_CACHE,
      maxEntries: ctx.config.CATALOGUE_CACHE_ANSWERS,
      browseIndex: ctx.config.CATALOGUE_BROWSE_INDEX,
    });
    this.siteSettings = this.cache.perStructure(() => readSiteSettings({ db: this.db }));
  }

  /** Rows from the browse index as answers list them: a connection is taken only for the JSON of items the process has not kept. */
  private readonly listed = (rows: readonly ListedRow[]) => this.cache.items.listed(this.db, rows);

  /**
   * A miss's statements (a search's kept list, its computation, a typo's correction; the homepage's
   * batches and rows; the items' JSON the process has not kept) share one connection, so under sales first (services/src/db/salesFirst.ts) a
   * miss queues for a connection once, not again before each statement. The site settings are read
   * before it: read on the same pool inside, they could wait for a connection the miss holds.
   */
  private oneConnection<T>(work: (conn: Kysely<ReadModels>) => Promise<T>): Promise<T> {
    return this.db.connection().execute(work);
  }

  /**
   * `oneConnection`, but the connection is taken only when the work first asks for it (`conn`), then
   * kept until the work is done: a miss answered from memory may need none.
   */
  private async connectionWhenNeeded<T>(work: (conn: () => Promise<Kysely<ReadModels>>) => Promise<T>): Promise<T> {
    let taken: Promise<Kysely<ReadModels>> | null = null;
    let finished = false;
    let release = () => {};
    let held: Promise<void> = Promise.resolve();
    const conn = () =>
      (taken ??= new Promise((resolve, reject) => {
        held = this.db
          .connection()
          .execute((c) => {
            resolve(c);
            // Work that ended before its connection came lets it go at once.
            return new Promise<void>((done) => (finished ? done() : (release = done)));
          })
          .catch(reject);
      }));
    try {
      return await work(conn);
    } finally {
      finished = true;
      release();
      await held;
    }
  }

  browse(query: BrowseQuery): Promise<CachedBody> {
    return this.cache.body(`stock:${JSON.stringify(query)}`, async () => {
      const shown = await this.siteSettings();
      const index = BrowseIndex.answers(query) ? this.cache.browseIndexInStep() : null;
      // From the index, a page waits for a connection only to read the JSON of items the process has not kept.
      const page = index
        ? await indexedBrowse(index, query, shown, this.listed)
        : await this.oneConnection((conn) => browseStock(conn, query, shown, this.cache.items));
      const ordersByPrice = ordersByPriceOf(query.sort);
      return { comics: { field: 'comics', items: page.items, inStockOnly: true, reach: browseReach(query, page), ordersByPrice } };
    });
  }

  search(term: string, query: SearchQuery): Promise<CachedBody> {
    const key = `search:${normaliseSearchTerm(term).words.join(' ')}:${JSON.stringify(query)}`;
    return this.cache.body(key, async () => {
      const shown = await this.siteSettings();
      // From the index, a search takes a connection only for a typo's correction or the JSON of items the process has not kept.
      return this.connectionWhenNeeded(async (conn) => {
        const correct = async (words: readonly string[]) => correctedWords(await conn(), words);
        const listed = (rows: readonly ListedRow[]) => this.cache.items.listed(conn, rows);
        const found =
          (this.ctx.config.CATALOGUE_SEARCH_INDEX &&
            (await indexedSearch(() => this.cache.browseIndexInStep(), term, query, shown, correct, listed))) ||
          (await searchStock(await conn(), term, query, shown, this.cache.items));
        return searchAnswerOf(found, query);
      });
    });
  }

  allBatches(): Promise<CachedBody> {
    return this.cache.body('all-batches', async () => ({ fields: { batches: await allBatches(this.db) } }));
  }

  /** A page of homepage rows (8 rows a page) as of this minute. */
  homepage(page: number): Promise<CachedBody> {
    const minute = Math.floor(this.ctx.clock().getTime() / HOMEPAGE_CLOCK_MS);
    return this.cache.body(`homepage:${page}:${minute}`, async () => {
      const shown = await this.siteSettings();
      const now = new Date(minute * HOMEPAGE_CLOCK_MS);
      const index = this.cache.browseIndexInStep();
      const { batches, comics, rowBatchIds, homeBatchIds, fullRowEnds } = index
        ? await indexedHomepage(index, shown, page, now, this.listed)
        : await this.oneConnection((conn) => homepageStock(conn, shown, page, now, this.cache.items));
      const reach = homepageReach(
        batches.map((b) => b._id),
        rowBatchIds,
        homeBatchIds,
        fullRowEnds,
      );
      return {
        fields: { batches },
        comics: { field: 'comics', items: comics, inStockOnly: true, reach, everyMoveReaches: true, ordersByPrice: false },
      };
    });
  }

  /** A batch's row, scrolled on from the homepage. */
  moreHomepage(batchId: string, page: number): Promise<CachedBody> {
    return this.cache.body(`more:${batchId}:${page}`, async () => {
      const shown = await this.siteSettings();
      const index = this.cache.browseIndexInStep();
      const { items, fullPageEnd } = index
        ? await indexedMoreHomepage(index, batchId, page, shown, this.listed)
        : await this.oneConnection((conn) => moreHomepageStock(conn, batchId, page, shown, this.cache.items));
      return { comics: { field: 'moreComics', items, inStockOnly: true, reach: rowPageReach(batchId, fullPageEnd), ordersByPrice: false } };
    });
  }

  /** A batch's items for pre-ordering, sold out included. */
  stockForPreOrder(batchId: string, limit: number): Promise<CachedBody> {
    return this.cache.body(`pre:${batchId}:${limit}`, async () => ({
      comics: {
        field: 'comics',
        items: await this.oneConnection((conn) => stockForPreOrder(conn, batchId, limit, this.cache.items)),
        inStockOnly: false,
        reach: (item) => item.batchId === batchId,
        ordersByPrice: false,
      },
    }));
  }

  /** An item for its own page, in stock or sold out; null when there is none (not kept: one row by its key). */
  async item(id: string) {
    return itemForPage(this.db, id, await this.siteSettings());
  }
}
