import { randomUUID } from 'node:crypto';
import { checkListDecider, checkListItemEditSchema, checkListItemInputSchema, type CheckListState } from '@shop/domain/checklist/index';
import { entityIdSchema } from '@shop/domain/catalogue/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { handle } from '../../../commands/handle.ts';
import { streamId } from '../../../eventstore/streamIds.ts';
import { adminRoute, parse } from './adminRoute.ts';
import { adminCalls } from '@shop/domain/contract/admin';

const idParams = z.object({ id: entityIdSchema });
export const checkListStream = (id: string) => streamId('checklist', id);

function itemView(state: CheckListState) {
  if (state.status === 'absent') throw new DomainError('Check list item not found', 'not-found');
  return { _id: state.checkListItemId, name: state.item.name, description: state.item.description, status: state.item.status };
}

/** The check list (admin §7): list, add, tick, delete, delete all. */
export function checkListRoutes(app: FastifyInstance, ctx: AppContext): void {
  const list = async (exclude: readonly string[] = []) => {
    let q = ctx.db.selectFrom('check_list_items').selectAll().orderBy('created_position');
    if (exclude.length > 0) q = q.where('check_list_item_id', 'not in', [...exclude]);
    const rows = await q.execute();
    return rows.map((r) => ({ _id: r.check_list_item_id, name: r.name, description: r.description, status: r.status }));
  };

  adminRoute(app, ctx, 'GET', '/admin-check-list', async () => ({ checkListItems: await list() }), { schema: adminCalls.checkList });

  adminRoute(
    app,
    ctx,
    'POST',
    '/add-check-list-item',
    async (request, reply, admin) => {
      const item = parse(checkListItemInputSchema, request.body);
      const checkListItemId = randomUUID();
      const { state } = await handle(
        ctx,
        checkListDecider,
        checkListStream(checkListItemId),
        { type: 'AddCheckListItem', data: { checkListItemId, item } },
        requestMetadata(ctx, request, actorOf(admin)),
      );
      return reply.status(201).send({ checkListItem: itemView(state) });
    },
    { schema: adminCalls.addCheckListItem },
  );

  adminRoute(
    app,
    ctx,
    'PUT',
    '/edit-check-list-item/:id',
    async (request, _reply, admin) => {
      const { id } = parse(idParams, request.params);
      const changes = parse(checkListItemEditSchema, request.body);
      const { state } = await handle(
        ctx,
        checkListDecider,
        checkListStream(id),
        { type: 'EditCheckListItem', data: { changes } },
        requestMetadata(ctx, request, actorOf(admin)),
      );
      return { checkListItem: itemView(state) };
    },
    { schema: { ...adminCalls.editCheckListItem, params: idParams } },
  );

  adminRoute(
    app,
    ctx,
    'DELETE',
    '/delete-check-list-item/:id',
    async (request, _reply, admin) => {
      const { id } = parse(idParams, request.params);
      await handle(
        ctx,
        checkListDecider,
        checkListStream(id),
        { type: 'DeleteCheckListItem', data: {} },
        requestMetadata(ctx, request, actorOf(admin)),
      );
      return { message: 'Deleted!', checkListItems: await list([id]) };
    },
    { schema: { ...adminCalls.deleteCheckListItem, params: idParams } },
  );

  adminRoute(
    app,
    ctx,
    'DELETE',
    '/admin-check-list-delete-all',
    async (request, _reply, admin) => {
      const metadata = requestMetadata(ctx, request, actorOf(admin));
      const ids = (await ctx.db.selectFrom('check_list_items').select('check_list_item_id').execute()).map((r) => r.check_list_item_id);
      let deleted = 0;
      for (const id of ids) {
        const { events } = await handle(
          ctx,
          checkListDecider,
          checkListStream(id),
          { type: 'DeleteCheckListItem', data: {} },
          metadata,
        ).catch((e) => {
          if (e instanceof DomainError && e.kind === 'not-found') return { events: [] };
          throw e;
        });
        deleted += events.length;
      }
      return { message: deleted === 1 ? 'Deleted 1 item' : `Deleted ${deleted} items`, deleted, checkListItems: await list(ids) };
    },
    { schema: adminCalls.deleteCheckListItem },
  );
}
