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
import type { CatalogueAnswers } from '../../../catalogue/catalogueAnswers.ts';
import { writeGathered } from '../../../orders/searchTermsSoon.ts';
import type { AppContext } from '../../context.ts';
import { handlerChecksInputs } from '../../contract/inputChecks.ts';
import { sendCached } from '../../sendCached.ts';
import { HttpError } from '../../errors.ts';
import { parseInput } from '../accounts/parse.ts';
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
    /** The process's catalogue answers, made by the app's builder before the catalogue routes. */
    catalogueAnswers?: CatalogueAnswers;
  }
}

/**
 * A catalogue call's contract: its answer is prepared JSON (sendCached) and its handler parses its
 * inputs with the same schemas (a ZodError is the same 400), so nothing parses them a second time
 * before the handler: on the busiest calls that second parse was a sixth of the API's allocations.
 */
const contract = (schema: FastifySchema) => ({ schema, validatorCompiler: handlerChecksInputs });

/** The storefront's catalogue calls (storefront §7): browse, search, batches, homepage rows. */
export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The app's builder makes the process's answers before its routes, so `/` draws the homepage from the same ones.
  const answers = app.catalogueAnswers;
  if (!answers) throw new Error('the catalogue routes need the app decorated with its catalogueAnswers first');
  // Search terms still gathered are written before the process lets its database go.
  app.addHook('onClose', () => writeGathered(ctx));

  const browse = async (request: FastifyRequest, reply: FastifyReply) =>
    sendCached(request, reply, await answers.browse(parseBrowse(request.body)));
  app.put('/stock/', contract(catalogueCalls.browse), browse);
  app.put('/stock', contract(catalogueCalls.browse), browse);

  const search = async (request: FastifyRequest, reply: FastifyReply) => {
    const { term } = parseSearchParams(request.params);
    const query = parseSearchQuery(request.query);
    // "only the first page records the term": later pages are the same search scrolled. The term is
    // recorded soon after, gathered (it never fails nor holds up the search).
    if (query.page === 1) recordShopperSearch(ctx, request, term);
    return sendCached(request, reply, await answers.search(term, query));
  };
  app.get('/search-stock/:term', contract(catalogueCalls.search), search);
  app.post('/search-stock/:term', contract(catalogueCalls.search), search);

  app.get('/all-batches', contract(catalogueCalls.allBatches), async (request, reply) =>
    sendCached(request, reply, await answers.allBatches()),
  );
  app.get('/homepage-stock', contract(catalogueCalls.homepage), async (request, reply) =>
    sendCached(request, reply, await answers.homepage(parseHomepageQuery(request.query).page)),
  );
  app.get('/more-homepage-stock/:batchId/:page', contract(catalogueCalls.moreHomepage), async (request, reply) => {
    const { batchId, page } = parseMoreParams(request.params);
    return sendCached(request, reply, await answers.moreHomepage(batchId, page));
  });
  const pre = async (request: FastifyRequest, reply: FastifyReply) => {
    const { batchId, limit } = preParams.parse(request.params);
    return sendCached(request, reply, await answers.stockForPreOrder(batchId, limit));
  };
  app.get('/stock-for-pre/:batchId', contract(catalogueCalls.stockForPre), pre);
  app.get('/stock-for-pre/:batchId/:limit', contract(catalogueCalls.stockForPre), pre);

  // The item page's content (issue 18): an item by its id, in stock or sold out.
  app.get('/item/:id', { schema: catalogueCalls.item }, async (request) => {
    const { id } = parseInput(itemParams, request.params);
    const comic = await answers.item(id);
    if (!comic) throw new HttpError(404, 'Item not found');
    return { comic };
  });
}
