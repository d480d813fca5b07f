import {
  batchEditSchema,
  batchInputSchema,
  BatchNotDeletedError,
  BATCH_NOT_DELETED_MESSAGE,
  entityIdSchema,
} from '@shop/domain/catalogue/index';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { addBatch, clearBatch, deleteBatch, editBatch } from '../../../admin/batchCommands.ts';
import { adminRoute, parse } from './adminRoute.ts';
import { adminCalls } from '@shop/domain/contract/admin';

const idParams = z.object({ id: entityIdSchema });
const batchIdParams = z.object({ batchId: entityIdSchema });

/** Batch delete or clear: 200 'Deleted!', or 202 "NOT Deleted - Batch has NOT been deleted." with the reason. */
async function deleteAnswer(reply: FastifyReply, run: () => Promise<Record<string, unknown> | void>) {
  try {
    const extra = await run();
    return reply.status(200).send({ message: 'Deleted!', ...(extra ?? {}) });
  } catch (e) {
    if (e instanceof BatchNotDeletedError) {
      return reply
        .status(202)
        .send({ message: BATCH_NOT_DELETED_MESSAGE, reason: e.message.slice(BATCH_NOT_DELETED_MESSAGE.length).trim() });
    }
    throw e;
  }
}

/** Batches (admin §7): add, edit, delete, clear. */
export function batchRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminRoute(
    app,
    ctx,
    'POST',
    '/add-batch',
    async (request, reply, admin) => {
      const batch = parse(batchInputSchema(ctx.clock()), request.body);
      return reply.status(201).send({ batch: await addBatch(ctx, batch, requestMetadata(ctx, request, actorOf(admin))) });
    },
    { schema: adminCalls.addBatch },
  );

  adminRoute(
    app,
    ctx,
    'PUT',
    '/edit-batch/:id',
    async (request, _reply, admin) => {
      const { id } = parse(idParams, request.params);
      const changes = parse(batchEditSchema, request.body);
      return { batch: await editBatch(ctx, id, changes, requestMetadata(ctx, request, actorOf(admin))) };
    },
    { schema: { ...adminCalls.editBatch, params: idParams } },
  );

  adminRoute(
    app,
    ctx,
    'DELETE',
    '/delete-batch/:id',
    async (request, reply, admin) => {
      const { id } = parse(idParams, request.params);
      return deleteAnswer(reply, () => deleteBatch(ctx, id, requestMetadata(ctx, request, actorOf(admin))));
    },
    { schema: { ...adminCalls.deleteBatch, params: idParams } },
  );

  adminRoute(
    app,
    ctx,
    'DELETE',
    '/clear-stock/:batchId',
    async (request, reply, admin) => {
      const { batchId } = parse(batchIdParams, request.params);
      return deleteAnswer(reply, () => clearBatch(ctx, batchId, requestMetadata(ctx, request, actorOf(admin))));
    },
    { schema: { ...adminCalls.deleteBatch, params: batchIdParams } },
  );
}
