import {
  entityIdSchema,
  searchTermSchema,
  stockItemEditSchema,
  stockItemInputSchema,
  STOCK_ITEM_NOT_FOUND,
} from '@shop/domain/catalogue/index';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { addStock, deleteStock, editStock } from '../../../admin/stockCommands.ts';
import {
  adminLists,
  adminSearchStock,
  adminStock,
  adminStockQuerySchema,
  ADMIN_MAX_LIMIT,
  findStockClash,
  stockClashSchema,
  zeroStock,
} from '../../../admin/stockQueries.ts';
import { searchAdminOrders } from '../../../admin/adminOrders.ts';
import { adminRoute, parse } from './adminRoute.ts';
import { adminCalls } from '@shop/domain/contract/admin';

export const stockIdParams = z.object({ id: entityIdSchema });
const limitParams = z.object({
  limit: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ invalid_type_error: 'Limit must be a number' })
      .int()
      .min(1, 'Limit must be at least 1')
      .max(ADMIN_MAX_LIMIT, `Limit must be at most ${ADMIN_MAX_LIMIT}`),
  ),
});
const termParams = z.object({ term: searchTermSchema });

/** "Admin search call refuses without a token ('needs user')." */
export const NEEDS_USER_MESSAGE = 'needs user';

/** Stock lists, the stock form's calls and the admin search (admin §7). */
export function stockRoutes(app: FastifyInstance, ctx: AppContext): void {
  const adminStockCall = async (body: unknown) => adminStock(ctx.db, parse(adminStockQuerySchema, body));
  adminRoute(app, ctx, 'PUT', '/admin-stock/', (request) => adminStockCall(request.body), {
    schema: { ...adminCalls.adminStock, body: adminStockQuerySchema },
  });
  adminRoute(app, ctx, 'PUT', '/admin-stock', (request) => adminStockCall(request.body), {
    schema: { ...adminCalls.adminStock, body: adminStockQuerySchema },
  });

  adminRoute(
    app,
    ctx,
    'GET',
    '/zero-stock/:limit',
    async (request) => {
      const { limit } = parse(limitParams, request.params);
      return { comics: await zeroStock(ctx.db, limit) };
    },
    { schema: { ...adminCalls.zeroStock, params: limitParams } },
  );

  adminRoute(
    app,
    ctx,
    'POST',
    '/add-stock',
    async (request, reply, admin) => {
      const input = parse(stockItemInputSchema, request.body);
      const comic = await addStock(ctx, input, requestMetadata(ctx, request, actorOf(admin)));
      return reply.status(201).send({ comic, message: 'Stock added' });
    },
    { schema: adminCalls.addStock },
  );

  adminRoute(
    app,
    ctx,
    'PUT',
    '/add-stock-check',
    async (request, reply) => {
      const clash = await findStockClash(ctx.db, parse(stockClashSchema, request.body));
      if (clash)
        return reply
          .status(200)
          .send({ comic: clash, message: `Another item already has this id or description: ${clash.mainDescription}` });
      return reply.status(201).send({ message: 'No other item has this id, description or images' });
    },
    { schema: { ...adminCalls.addStockCheck, body: stockClashSchema } },
  );

  adminRoute(
    app,
    ctx,
    'PUT',
    '/edit-stock/:id',
    async (request, _reply, admin) => {
      const { id } = parse(stockIdParams, request.params);
      const edit = parse(stockItemEditSchema, request.body);
      const comic = await editStock(ctx, id, edit, requestMetadata(ctx, request, actorOf(admin)));
      return { comics: [comic] };
    },
    { schema: { ...adminCalls.editStock, params: stockIdParams } },
  );

  adminRoute(
    app,
    ctx,
    'DELETE',
    '/delete-stock/:id',
    async (request, _reply, admin) => {
      const { id } = parse(stockIdParams, request.params);
      const { state } = await deleteStock(ctx, id, requestMetadata(ctx, request, actorOf(admin)));
      if (state.status === 'absent') throw new HttpError(404, STOCK_ITEM_NOT_FOUND);
      return { message: 'Deleted!', _id: id };
    },
    { schema: { ...adminCalls.deleteStock, params: stockIdParams } },
  );

  adminRoute(
    app,
    ctx,
    'GET',
    '/admin-search-stock/:term',
    async (request) => {
      const { term } = parse(termParams, request.params);
      const [comics, orders] = await Promise.all([adminSearchStock(ctx.db, term), searchAdminOrders(ctx.db, term)]);
      return { comics, orders, ebayInfos: [] };
    },
    { noTokenMessage: NEEDS_USER_MESSAGE, schema: { ...adminCalls.adminSearch, params: termParams } },
  );

  adminRoute(app, ctx, 'GET', '/admin-lists', async () => adminLists(ctx.db), { schema: adminCalls.adminLists });
}
