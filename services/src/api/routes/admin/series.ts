import type { FastifyInstance } from 'fastify';
import { seriesEditSchema, seriesIdParams, seriesMergeSchema, seriesQuerySchema, seriesShelfSchema } from '@shop/domain/series/index';
import { seriesCalls } from '@shop/domain/contract/series';
import { actorOf } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { editSeries, mergeSeries, setSeriesShelf } from '../../../series/seriesCommands.ts';
import { searchAdminSeries } from '../../../series/seriesQueries.ts';
import { adminRoute, parse } from './adminRoute.ts';

/** The admin's series calls: list, edit (rename), merge two series, set a series' shelf default. */
export function seriesAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminRoute(app, ctx, 'GET', '/admin-series', async (request) => searchAdminSeries(ctx.db, parse(seriesQuerySchema, request.query)), {
    schema: seriesCalls.adminSeriesList,
  });

  adminRoute(
    app,
    ctx,
    'PUT',
    '/edit-series/:id',
    async (request, _reply, admin) => {
      const { id } = parse(seriesIdParams, request.params);
      const series = await editSeries(ctx, id, parse(seriesEditSchema, request.body), requestMetadata(request, actorOf(admin)));
      return { series, message: `Saved ${series.title}` };
    },
    { schema: seriesCalls.editSeries },
  );

  adminRoute(
    app,
    ctx,
    'POST',
    '/merge-series/:id',
    async (request, _reply, admin) => {
      const { id } = parse(seriesIdParams, request.params);
      const { intoSeriesId } = parse(seriesMergeSchema, request.body);
      const series = await mergeSeries(ctx, id, intoSeriesId, requestMetadata(request, actorOf(admin)));
      return { series, message: `Merged into ${series.title}` };
    },
    { schema: seriesCalls.mergeSeries },
  );

  adminRoute(
    app,
    ctx,
    'PUT',
    '/series-shelf/:id',
    async (request, _reply, admin) => {
      const { id } = parse(seriesIdParams, request.params);
      const { shelfCopies } = parse(seriesShelfSchema, request.body);
      const series = await setSeriesShelf(ctx, id, shelfCopies, requestMetadata(request, actorOf(admin)));
      return { series, message: `${series.title}: ${shelfCopies} shelf ${shelfCopies === 1 ? 'copy' : 'copies'} of each new issue` };
    },
    { schema: seriesCalls.setSeriesShelf },
  );
}
