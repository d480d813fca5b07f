import { browseQuerySchema, entityIdSchema, searchTermSchema, wholeNumberSchema } from '@shop/domain/catalogue/index';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CatalogueCache } from '../../../catalogue/catalogueCache.ts';
import {
  allBatches,
  browseStock,
  homepageStock,
  moreHomepageStock,
  searchStock,
  stockForPreOrder,
} from '../../../catalogue/catalogueQueries.ts';
import type { AppContext } from '../../context.ts';
import { readSiteSettings } from '../siteSettings.ts';
import { recordShopperSearch } from '../../../orders/recordSearch.ts';

const moreParams = z.object({ batchId: entityIdSchema, page: wholeNumberSchema('Page', 1, 10_000) });
const preParams = z.object({ batchId: entityIdSchema, limit: wholeNumberSchema('Limit', 1, 2000).default(2000) });
const searchParams = z.object({ term: searchTermSchema });

const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

/** The storefront's catalogue calls (storefront §7): browse, search, batches, homepage rows. */
export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const cache = new CatalogueCache(ctx.db, { enabled: ctx.config.CATALOGUE_CACHE });

  const browse = async (body: unknown, reply: FastifyReply) => {
    const query = browseQuerySchema.parse(body ?? {});
    const json = await cache.json(`stock:${JSON.stringify(query)}`, async () => ({
      comics: await browseStock(ctx.db, query, await readSiteSettings(ctx)),
    }));
    return sendJson(reply, json);
  };
  app.put('/stock/', (request, reply) => browse(request.body, reply));
  app.put('/stock', (request, reply) => browse(request.body, reply));

  const search = async (term: string, reply: FastifyReply) => {
    const json = await cache.json(`search:${term.toLowerCase()}`, async () => ({
      comics: await searchStock(ctx.db, term, await readSiteSettings(ctx)),
    }));
    return sendJson(reply, json);
  };
  app.get('/search-stock/:term', async (request, reply) => {
    const { term } = searchParams.parse(request.params);
    await recordShopperSearch(ctx, request, term);
    return search(term, reply);
  });
  app.post('/search-stock/:term', async (request, reply) => {
    const { term } = searchParams.parse(request.params);
    await recordShopperSearch(ctx, request, term);
    return search(term, reply);
  });

  app.get('/all-batches', async (_request, reply) =>
    sendJson(reply, await cache.json('all-batches', async () => ({ batches: await allBatches(ctx.db) }))),
  );
  app.get('/homepage-stock', async (_request, reply) =>
    sendJson(reply, await cache.json('homepage', async () => homepageStock(ctx.db, await readSiteSettings(ctx)))),
  );
  app.get('/more-homepage-stock/:batchId/:page', async (request, reply) => {
    const { batchId, page } = moreParams.parse(request.params);
    return sendJson(
      reply,
      await cache.json(`more:${batchId}:${page}`, async () => ({
        moreComics: await moreHomepageStock(ctx.db, batchId, page, await readSiteSettings(ctx)),
      })),
    );
  });
  const pre = async (params: unknown, reply: FastifyReply) => {
    const { batchId, limit } = preParams.parse(params);
    return sendJson(reply, await cache.json(`pre:${batchId}:${limit}`, async () => ({ comics: await stockForPreOrder(ctx.db, batchId, limit) })));
  };
  app.get('/stock-for-pre/:batchId', (request, reply) => pre(request.params, reply));
  app.get('/stock-for-pre/:batchId/:limit', (request, reply) => pre(request.params, reply));
}
