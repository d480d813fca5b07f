import { completeOrderBodySchema, orderClientView, updateOrderBodySchema } from '@shop/domain/orders/index';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, optionalShopper, requireShopper, requireUser, type Identity } from '../../auth/identity.ts';
import { HttpError, statusOf } from '../../errors.ts';
import { isOrderConfirmationToken, orderConfirmationToken } from '../../../orders/confirmationToken.ts';
import { readOrder } from '../../../orders/orderStates.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { completeOrderCheckout } from '../../../orders/checkout.ts';
import { readCurrentOrder } from '../../../orders/currentOrder.ts';
import { mayTouch, ORDER_NOT_FOUND, orderAnswer, ownerOf } from '../../../orders/orderAnswer.ts';
import { syncOrder } from '../../../orders/updateOrder.ts';
import { settleSearchTerms } from '../../../orders/searchTermsSoon.ts';
import { parseInput } from '../accounts/parse.ts';
import { orderCalls } from '@shop/domain/contract/orders';
import { handlerChecksInputs } from '../../contract/inputChecks.ts';

const orderIdParams = z.object({
  id: z.string({ required_error: 'Order not found' }).trim().min(1, 'Order not found').max(100, 'Order not found'),
});

const confirmationParams = z.object({ publicId: z.string().regex(/^\d{1,9}$/) });
const confirmationQuery = z.object({ token: z.string().max(200).optional() });

/** How many past orders GET /api/orders answers at most (newest first). */
export const PAST_ORDERS_LIMIT = 200;

/** The orders calls (storefront section 7): current order, update, checkout, and the shopper's past orders. */
export function ordersRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Sales first (db/salesFirst.ts): while a shopper changes or pays for their order, browsing yields a connection.
  const sale = <T>(work: () => Promise<T>): Promise<T> => (ctx.browseGate ? ctx.browseGate.sale(work) : work());
  // Reads only: a shopper with no current order gets a draft, written by its first change. Every
  // call on the shopper's order first settles their search terms gathered in this process.
  const currentOrder = async (identity: Identity) => {
    await settleSearchTerms(ctx, ownerOf(identity));
    const { state } = await readCurrentOrder(ctx, ownerOf(identity));
    return orderAnswer(ctx, state);
  };

  // Logged in: bearer. An invalid or expired token is a 401, and the web app then clears its login.
  app.get('/current-order', { schema: orderCalls.currentOrder }, async (request) => {
    const identity = await requireUser(ctx, request);
    return currentOrder(identity);
  });

  // Anonymous: tempAuthorisation in the body (a bearer token, when sent, wins).
  app.post('/current-order', { schema: orderCalls.currentOrderAsGuest, validatorCompiler: handlerChecksInputs }, async (request) => {
    const identity = await requireShopper(ctx, request);
    return currentOrder(identity);
  });

  app.put('/update-order/:id', { schema: orderCalls.updateOrder }, async (request) => {
    const { id } = parseInput(orderIdParams, request.params);
    const identity = await requireShopper(ctx, request);
    const body = parseInput(updateOrderBodySchema, request.body);
    await settleSearchTerms(ctx, ownerOf(identity));
    const { answer, messages } = await sale(() => syncOrder(ctx, identity, id, body, requestMetadata(ctx, request, actorOf(identity))));
    return { ...answer, messages };
  });

  app.put('/complete-order/:id', { schema: orderCalls.completeOrder }, async (request, reply) => {
    const { id } = parseInput(orderIdParams, request.params);
    const identity = await requireShopper(ctx, request);
    const body = parseInput(completeOrderBodySchema, request.body);
    // The shopper's searches of a moment ago go on this order, not on the next one.
    await settleSearchTerms(ctx, ownerOf(identity));
    const outcome = await sale(() =>
      completeOrderCheckout(
        { ctx, gateway: ctx.paymentGateway, metadata: requestMetadata(ctx, request, actorOf(identity)), log: request.log },
        identity,
        id,
        body,
      ),
    );
    // A completed checkout also answers the token of the order's confirmation page (a guest has no
    // other way to open it).
    if (outcome.kind === 'ok' && outcome.body.order.complete && outcome.body.order.publicId > 0) {
      return reply
        .status(200)
        .send({ ...outcome.body, confirmationToken: orderConfirmationToken(ctx.config.JWT_SECRET, outcome.body.order.publicId) });
    }
    return reply.status(statusOf(outcome.kind)).send(outcome.body);
  });

  // The order confirmation page's data: a completed order by its number, for its owner (bearer),
  // an admin, or anyone holding the link's token. Anyone else, and any order not complete: 404.
  app.get(
    '/order-confirmation/:publicId',
    { schema: orderCalls.orderConfirmation, validatorCompiler: handlerChecksInputs },
    async (request) => {
      const params = confirmationParams.safeParse(request.params);
      const query = confirmationQuery.safeParse(request.query ?? {});
      if (!params.success || !query.success) throw new HttpError(404, ORDER_NOT_FOUND);
      const publicId = Number(params.data.publicId);
      const row = await ctx.db.selectFrom('orders').select('order_id').where('public_id', '=', publicId).executeTakeFirst();
      if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
      // The write side: a checkout completed a moment ago is complete here before the read model has it.
      const { state } = await readOrder(ctx, row.order_id);
      if (!state.started || state.deleted || !state.complete || state.publicId !== publicId) throw new HttpError(404, ORDER_NOT_FOUND);
      const byToken = isOrderConfirmationToken(ctx.config.JWT_SECRET, publicId, query.data.token);
      if (!byToken) {
        // A bad or expired bearer is just no identity here: the answer is the same 404.
        const identity = await optionalShopper(ctx, request).catch(() => null);
        if (!identity || !mayTouch(identity, state)) throw new HttpError(404, ORDER_NOT_FOUND);
      }
      const order = orderClientView(state, { creditAvailableCents: 0 });
      // Pickup details are given once an order is complete (the spec): where and when to collect.
      return state.shippingIsPickup ? { order, pickup: { address: ctx.config.PICKUP_ADDRESS, hours: ctx.config.PICKUP_HOURS } } : { order };
    },
  );

  // 'Your Orders': the signed-in user's completed orders, newest first, as the storefront shows an order.
  app.get('/orders', { schema: orderCalls.pastOrders }, async (request) => {
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
