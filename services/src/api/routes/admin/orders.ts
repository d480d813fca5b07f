import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_TRACKING_NUMBER_LENGTH } from '@shop/domain/orders/index';
import { actorOf } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import {
  deleteAdminOrder,
  listAdminOrders,
  postOrder,
  resendOrderEmail,
  type AdminOrderList,
  type ResendKind,
} from '../../../admin/adminOrders.ts';
import { ORDER_NOT_FOUND } from '../../../orders/orderAnswer.ts';
import { adminRoute, parse } from './adminRoute.ts';
import { adminCalls } from '@shop/domain/contract/admin';

const orderId = z
  .string({ required_error: ORDER_NOT_FOUND })
  .trim()
  .min(1, ORDER_NOT_FOUND)
  .max(100, ORDER_NOT_FOUND)
  .regex(/^[A-Za-z0-9_-]+$/, ORDER_NOT_FOUND);
const idParams = z.object({ id: orderId });
const trackingParams = z.object({
  id: orderId,
  tracking: z
    .string()
    .trim()
    .min(1, 'Enter a tracking number')
    .max(MAX_TRACKING_NUMBER_LENGTH, `A tracking number is at most ${MAX_TRACKING_NUMBER_LENGTH} characters`),
});

const LISTS: Record<string, AdminOrderList> = {
  '/all-orders': 'all',
  '/complete-orders': 'complete',
  '/orders-awaiting-postage': 'awaiting-postage',
  '/adhoc-orders': 'adhoc',
};

/** GET calls that post an order: /post-order/{id}[/{tracking}] and /mark-as-posted/{id} (the same act). */
const POSTING: [string, z.ZodType<{ id: string; tracking?: string }>][] = [
  ['/post-order/:id', idParams],
  ['/post-order/:id/:tracking', trackingParams],
  ['/mark-as-posted/:id', idParams],
];

const RESENDS: [string, ResendKind][] = [
  ['/order-resend-confirm/:id', 'confirmation'],
  ['/order-resend-posted/:id', 'posted'],
];

/** The admin's order calls (admin §7): lists, post, mark as posted, resend emails, delete. */
export function adminOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const [path, list] of Object.entries(LISTS)) {
    adminRoute(app, ctx, 'GET', path, async () => ({ orders: await listAdminOrders(ctx.db, list) }), { schema: adminCalls.orderList });
  }

  // One order by id, checked and answered by the use case: posted (with or without a tracking number) or an email resent.
  for (const [path, params] of POSTING) {
    adminRoute(
      app,
      ctx,
      'GET',
      path,
      async (request, _reply, admin) => {
        const { id, tracking } = parse(params, request.params);
        return postOrder(ctx, admin, id, tracking ?? null, requestMetadata(ctx, request, actorOf(admin)));
      },
      { schema: { ...adminCalls.postOrder, params } },
    );
  }
  for (const [path, kind] of RESENDS) {
    adminRoute(app, ctx, 'GET', path, async (request) => resendOrderEmail(ctx, parse(idParams, request.params).id, kind), {
      schema: { ...adminCalls.resendEmail, params: idParams },
    });
  }

  adminRoute(
    app,
    ctx,
    'DELETE',
    '/delete-order/:id',
    async (request, _reply, admin) => {
      const { id } = parse(idParams, request.params);
      return deleteAdminOrder(ctx, admin, id, requestMetadata(ctx, request, actorOf(admin)));
    },
    { schema: { ...adminCalls.deleteOrder, params: idParams } },
  );
}
