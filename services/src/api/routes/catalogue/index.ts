import {
  browseQuerySchema,
  entityIdSchema,
  homepageQuerySchema,
  searchQuerySchema,
  searchTermSchema,
  wholeNumberSchema,
} from '@shop/domain/catalogue/index';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { catalogueCalls } from '@shop/domain/contract/catalogue';
import { z } from 'zod';
import { CatalogueCache } from '../../../catalogue/catalogueCache.ts';
import { browseReach } from '../../../catalogue/browseReach.ts';
import { homepageReach, rowPageReach } from '../../../catalogue/homepageReach.ts';
import {
  allBatches,
  browseStock,
  homepageStock,
  moreHomepageStock,
  ordersByPriceOf,
  stockForPreOrder,
} from '../../../catalogue/catalogueQueries.ts';
import { searchAnswer } from '../../../catalogue/searchStock.ts';
import { browseDb } from '../../../db/readDatabase.ts';
import { normaliseSearchTerm } from '../../../catalogue/searchTerms.ts';
import { writeGathered } from '../../../orders/searchTermsSoon.ts';
import type { AppContext } from '../../context.ts';
import { handlerChecksInputs } from '../../contract/inputChecks.ts';
import { sendCached } from '../../sendCached.ts';
import { HttpError } from '../../errors.ts';
import { itemForPage } from '../../../catalogue/itemPages.ts';
import { parseInput } from '../accounts/parse.ts';
import { readSiteSettings } from '../siteSettings.ts';
import { recordShopperSearch } from './recordShopperSearch.ts';
import { rememberingParser } from './rememberingParser.ts';

const moreParams = z.object({ batchId: entityIdSchema, page: wholeNumberSchema('Page', 1, 10_000) });
const preParams = z.object({ batchId: entityIdSchema, limit: wholeNumberSchema('Limit', 1, 2000).default(2000) });
const searchParams = z.object({ term: searchTermSchema });
// The inputs of the calls every shopper makes, parsed once per distinct input (per process).
const parseBrowse = rememberingParser(browseQuerySchema);
const parseSearchParams = rememberingParser(searchParams);
const parseSearchQuery = rememberingParser(searchQuerySchema);
const parseHomepageQuery = rememberingParser(homepageQuerySchema);
const parseMoreParams = rememberingParser(moreParams);
const itemParams = z.object({ id: entityIdSchema });

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's catalogue cache, once the catalogue routes are registered. */
    catalogueCache?: CatalogueCache;
  }
}

/**
 * A catalogue call's contract: its answer is prepared JSON (sendCached) and its handler parses its
 * inputs with the same schemas (a ZodError is the same 400), so nothing parses them a second time
 * before the handler: on the busiest calls that second parse was a sixth of the API's allocations.
 */
const contract = (schema: FastifySchema) => ({ schema, validatorCompiler: handlerChecksInputs });

/** The homepage's idea of now moves a minute at a time, so a minute's answers are one cache entry. */
const HOMEPAGE_CLOCK_MS = 60_000;

/** The storefront's catalogue calls (storefront §7): browse, search, batches, homepage rows. */
export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Browse and search read the replica when there is one; the cache's change feed reads the same one.
  const db = browseDb(ctx);
  const cache = new CatalogueCache(db, { enabled: ctx.config.CATALOGUE_CACHE, maxEntries: ctx.config.CATALOGUE_CACHE_ANSWERS });
  const settings = cache.perStructure(() => readSiteSettings({ db }));
  // A miss's statements (a search's kept list, its computation, a typo's correction; the homepage's
  // batches and rows) share one connection, so under sales first (services/src/db/salesFirst.ts) a
  // miss queues for a connection once, not again before each statement. The site settings are read
  // before it: read on the same pool inside, they could wait for a connection the miss holds.
  const oneConnection = <T>(work: (conn: typeof db) => Promise<T>): Promise<T> => db.connection().execute(work);
  // Search terms still gathered are written before the process lets its database go.
  app.addHook('onClose', () => writeGathered(ctx));

  const browse = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = parseBrowse(request.body);
    const body = await cache.body(`stock:${JSON.stringify(query)}`, async () => {
      const page = await browseStock(db, query, await settings());
      const ordersByPrice = ordersByPriceOf(query.sort);
      return { comics: { field: 'comics', items: page.items, inStockOnly: true, reach: browseReach(query, page), ordersByPrice } };
    });
    return sendCached(request, reply, body);
  };
  app.put('/stock/', contract(catalogueCalls.browse), browse);
  app.put('/stock', contract(catalogueCalls.browse), browse);

  const search = async (request: FastifyRequest, reply: FastifyReply) => {
    const { term } = parseSearchParams(request.params);
    const query = parseSearchQuery(request.query);
    const key = `search:${normaliseSearchTerm(term).words.join(' ')}:${JSON.stringify(query)}`;
    // "only the first page records the term": later pages are the same search scrolled. The term is
    // recorded soon after, gathered (it never fails nor holds up the search).
    if (query.page === 1) recordShopperSearch(ctx, request, term);
    const body = await cache.body(key, async () => {
      const shown = await settings();
      return oneConnection((conn) => searchAnswer(conn, term, query, shown));
    });
    return sendCached(request, reply, body);
  };
  app.get('/search-stock/:term', contract(catalogueCalls.search), search);
  app.post('/search-stock/:term', contract(catalogueCalls.search), search);

  app.get('/all-batches', contract(catalogueCalls.allBatches), async (request, reply) =>
    sendCached(request, reply, await cache.body('all-batches', async () => ({ fields: { batches: await allBatches(db) } }))),
  );
  app.get('/homepage-stock', contract(catalogueCalls.homepage), async (request, reply) => {
    const { page } = parseHomepageQuery(request.query);
    const minute = Math.floor(ctx.clock().getTime() / HOMEPAGE_CLOCK_MS);
    const body = await cache.body(`homepage:${page}:${minute}`, async () => {
      const shown = await settings();
      const { batches, comics, rowBatchIds, homeBatchIds, fullRowEnds } = await oneConnection((conn) =>
        homepageStock(conn, shown, page, new Date(minute * HOMEPAGE_CLOCK_MS)),
      );
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
    return sendCached(request, reply, body);
  });
  app.get('/more-homepage-stock/:batchId/:page', contract(catalogueCalls.moreHomepage), async (request, reply) => {
    const { batchId, page } = parseMoreParams(request.params);
    const body = await cache.body(`more:${batchId}:${page}`, async () => {
      const { items, fullPageEnd } = await moreHomepageStock(db, batchId, page, await settings());
      return { comics: { field: 'moreComics', items, inStockOnly: true, reach: rowPageReach(batchId, fullPageEnd), ordersByPrice: false } };
    });
    return sendCached(request, reply, body);
  });
  const pre = async (request: FastifyRequest, reply: FastifyReply) => {
    const { batchId, limit } = preParams.parse(request.params);
    const body = await cache.body(`pre:${batchId}:${limit}`, async () => ({
      comics: {
        field: 'comics',
        items: await stockForPreOrder(db, batchId, limit),
        inStockOnly: false,
        reach: (item) => item.batchId === batchId,
        ordersByPrice: false,
      },
    }));
    return sendCached(request, reply, body);
  };
  app.get('/stock-for-pre/:batchId', contract(catalogueCalls.stockForPre), pre);
  app.get('/stock-for-pre/:batchId/:limit', contract(catalogueCalls.stockForPre), pre);

  // The item page's content (issue 18): an item by its id, in stock or sold out.
  app.get('/item/:id', { schema: catalogueCalls.item }, async (request) => {
    const { id } = parseInput(itemParams, request.params);
    const comic = await itemForPage(db, id, await settings());
    if (!comic) throw new HttpError(404, 'Item not found');
    return { comic };
  });

  // GET /api/status shows its counters.
  app.decorate('catalogueCache', cache);
}
