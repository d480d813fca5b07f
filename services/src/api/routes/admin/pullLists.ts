import type { FastifyInstance } from 'fastify';
import { pullListCalls } from '@shop/domain/contract/pullLists';
import { focAdjustBodySchema, focQuerySchema, pullListUserParams, releaseBatchBodySchema } from '@shop/domain/pullLists/index';
import { idParams } from '@shop/domain/contract/shared';
import { actorOf } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { adjustFocTotals, exportFocOrder, focWorksheet } from '../../../pullLists/focWorksheet.ts';
import { adminPullList, seriesSubscribers } from '../../../pullLists/pullListAdminViews.ts';
import { releaseBatchReservations } from '../../../pullLists/releaseBatch.ts';
import { adminRoute, parse } from './adminRoute.ts';

/**
 * The admin's pull-list calls: the distributor order worksheet (read, adjust, export), releasing a
 * batch's reservations into customers' orders, a customer's pull list, a series' subscribers.
 */
export function pullListAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminRoute(app, ctx, 'GET', '/admin-foc', async (request) => focWorksheet(ctx, parse(focQuerySchema, request.query)), {
    schema: pullListCalls.focWorksheet,
  });

  adminRoute(
    app,
    ctx,
    'PUT',
    '/admin-foc',
    async (request, _reply, admin) => {
      const { totals, ...query } = parse(focAdjustBodySchema, request.body);
      return adjustFocTotals(ctx, query, totals, requestMetadata(ctx, request, actorOf(admin)));
    },
    { schema: pullListCalls.focAdjust },
  );

  adminRoute(
    app,
    ctx,
    'GET',
    '/admin-foc/export',
    async (request, reply, admin) => {
      const query = parse(focQuerySchema, request.query);
      const { csv, fileName } = await exportFocOrder(ctx, query, admin, requestMetadata(ctx, request, actorOf(admin)));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
    },
    { schema: pullListCalls.focExport },
  );

  adminRoute(
    app,
    ctx,
    'POST',
    '/admin-pull-list-release',
    async (request, _reply, admin) => {
      const { batchId } = parse(releaseBatchBodySchema, request.body);
      return releaseBatchReservations(ctx, batchId, requestMetadata(ctx, request, actorOf(admin)));
    },
    { schema: pullListCalls.releaseBatch },
  );

  adminRoute(
    app,
    ctx,
    'GET',
    '/admin-pull-list/:userId',
    async (request) => adminPullList(ctx, parse(pullListUserParams, request.params).userId),
    {
      schema: pullListCalls.adminPullList,
    },
  );

  adminRoute(
    app,
    ctx,
    'GET',
    '/admin-series-subscribers/:id',
    async (request) => seriesSubscribers(ctx, parse(idParams, request.params).id),
    {
      schema: pullListCalls.seriesSubscribers,
    },
  );
}
