import { completeOrderBodySchema, orderClientView, updateOrderBodySchema } from '@shop/domain/orders/index';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, requireShopper, requireUser, type Identity } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { completeOrderCheckout } from '../../../orders/checkout.ts';
import { readCurrentOrder } from '../../../orders/currentOrder.ts';
import { orderAnswer, ownerOf } from '../../../orders/orderAnswer.ts';
import { paymentGatewayFor } from '../../../orders/paymentGatewayFromConfig.ts';
import { syncOrder } from '../../../orders/updateOrder.ts';
import { parseInput } from '../accounts/parse.ts';

const orderIdParams = z.object({
  id: z.string({ required_error: 'Order not found' }).trim().min(1, 'Order not found').max(100, 'Order not found'),
});

/** How many past orders GET /api/orders answers at most (newest first). */
export const PAST_ORDERS_LIMIT = 200;

/** The orders calls (storefront section 7): current order, update, checkout, and the shopper's past orders. */
export function ordersRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Reads only: a shopper with no current order gets a draft, written by its first change.
  const currentOrder = async (identity: Identity) => {
    const { state } = await readCurrentOrder(ctx, ownerOf(identity));
    return orderAnswer(ctx, state);
  };

  // Logged in: bearer. An invalid or expired token is a 401, and the web app then clears its login.
  app.get('/current-order', async (request) => {
    const identity = await requireUser(ctx, request);
    return currentOrder(identity);
  });

  // Anonymous: tempAuthorisation in the body (a bearer token, when sent, wins).
  app.post('/current-order', async (request) => {
    const identity = await requireShopper(ctx, request);
    return currentOrder(identity);
  });

  app.put('/update-order/:id', async (request) => {
    const { id } = parseInput(orderIdParams, request.params);
    const identity = await requireShopper(ctx, request);
    const body = parseInput(updateOrderBodySchema, request.body);
    const { answer, messages } = await syncOrder(ctx, identity, id, body, requestMetadata(request, actorOf(identity)));
    return { ...answer, messages };
  });

  app.put('/complete-order/:id', async (request, reply) => {
    const { id } = parseInput(orderIdParams, request.params);
    const identity = await requireShopper(ctx, request);
    const body = parseInput(completeOrderBodySchema, request.body);
    const outcome = await completeOrderCheckout(
      { ctx, gateway: paymentGatewayFor(ctx.config), metadata: requestMetadata(request, actorOf(identity)), log: request.log },
      identity,
      id,
      body,
    );
    return reply.status(outcome.status).send(outcome.body);
  });

  // 'Your Orders': the signed-in user's completed orders, newest first, as the storefront shows an order.
  app.get('/orders', async (request) => {
    const identity = await requireUser(ctx, request);
    const rows = await ctx.db
      .selectFrom('orders')
      .select('state')
      .where('user_id', '=', identity.userId)
      .where('complete', '=', true)
      .where('deleted', '=', false)
      .orderBy('completed_date', 'desc')
      .orderBy('public_id', 'desc')
      .limit(PAST_ORDERS_LIMIT)
      .execute();
    return { orders: rows.map((r) => orderClientView(r.state, { creditAvailableCents: 0 })) };
  });
}
