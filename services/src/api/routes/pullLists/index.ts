import type { FastifyInstance } from 'fastify';
import { pullListCalls } from '@shop/domain/contract/pullLists';
import { pullListSeriesParams, pullListStockParams, subscribeBodySchema } from '@shop/domain/pullLists/index';
import { actorOf, requireUser } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { parseInput } from '../accounts/parse.ts';
import { cancelReservation, readPullList, subscribeToSeries, unsubscribeFromSeries } from '../../../pullLists/pullListCommands.ts';

/** The customer's pull list: read, subscribe to a series, unsubscribe, cancel a reservation (signed in). */
export function pullListRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/pull-list', { schema: pullListCalls.pullList }, async (request) => {
    const identity = await requireUser(ctx, request);
    return readPullList(ctx, identity.userId);
  });

  app.put('/pull-list/:seriesId', { schema: pullListCalls.subscribe }, async (request) => {
    const identity = await requireUser(ctx, request);
    const { seriesId } = parseInput(pullListSeriesParams, request.params);
    const body = parseInput(subscribeBodySchema, request.body);
    return subscribeToSeries(ctx, identity.userId, seriesId, body, requestMetadata(ctx, request, actorOf(identity)));
  });

  app.delete('/pull-list/:seriesId', { schema: pullListCalls.unsubscribe }, async (request) => {
    const identity = await requireUser(ctx, request);
    const { seriesId } = parseInput(pullListSeriesParams, request.params);
    return unsubscribeFromSeries(ctx, identity.userId, seriesId, requestMetadata(ctx, request, actorOf(identity)));
  });

  app.delete('/pull-list/reserved/:stockId', { schema: pullListCalls.cancelReservation }, async (request) => {
    const identity = await requireUser(ctx, request);
    const { stockId } = parseInput(pullListStockParams, request.params);
    return cancelReservation(ctx, identity.userId, stockId, requestMetadata(ctx, request, actorOf(identity)));
  });
}
