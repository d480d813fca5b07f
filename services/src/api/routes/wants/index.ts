import { wantCalls } from '@shop/domain/contract/wants';
import { entityIdSchema } from '@shop/domain/catalogue/index';
import { wantInputSchema } from '@shop/domain/wants/index';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addWant, listWants, removeWant } from '../../../wants/wantList.ts';
import { wantDemand } from '../../../wants/wantDemand.ts';
import { actorOf, requireUser } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { parseInput } from '../accounts/parse.ts';
import { adminRoute } from '../admin/adminRoute.ts';

const wantParams = z.object({ id: entityIdSchema });

/** Want lists (issue 18): a signed-in customer's wants, and the admin's demand screen. */
export function wantsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/want-list', { schema: wantCalls.list }, async (request) => {
    const identity = await requireUser(ctx, request);
    return { wants: await listWants(ctx, identity.userId) };
  });

  app.post('/want-list', { schema: wantCalls.add }, async (request, reply) => {
    const identity = await requireUser(ctx, request);
    const input = parseInput(wantInputSchema, request.body);
    const wants = await addWant(ctx, identity.userId, input, requestMetadata(ctx, request, actorOf(identity)));
    return reply.status(201).send({ wants });
  });

  app.delete('/want-list/:id', { schema: wantCalls.remove }, async (request) => {
    const identity = await requireUser(ctx, request);
    const { id } = parseInput(wantParams, request.params);
    return { wants: await removeWant(ctx, identity.userId, id, requestMetadata(ctx, request, actorOf(identity))) };
  });

  adminRoute(app, ctx, 'GET', '/admin-want-demand', async () => ({ demand: await wantDemand(ctx.db) }), { schema: wantCalls.demand });
}
