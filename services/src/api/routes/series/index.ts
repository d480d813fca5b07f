import type { FastifyInstance } from 'fastify';
import { seriesIdParams, seriesQuerySchema } from '@shop/domain/series/index';
import { seriesCalls } from '@shop/domain/contract/series';
import type { AppContext } from '../../context.ts';
import { seriesPage, searchSeries } from '../../../series/seriesQueries.ts';

/** The storefront's series calls: search (GET /series?term=&page=) and a series' page (GET /series/{id}). */
export function seriesRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/series', { schema: seriesCalls.seriesList }, async (request) =>
    searchSeries(ctx.db, seriesQuerySchema.parse(request.query ?? {})),
  );

  app.get('/series/:id', { schema: seriesCalls.seriesPage }, async (request) => {
    const { id } = seriesIdParams.parse(request.params);
    return seriesPage(ctx.db, id);
  });
}
