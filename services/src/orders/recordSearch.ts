import { MAX_SEARCH_TERM_LENGTH, orderDecider } from '@shop/domain/orders/index';
import type { FastifyRequest } from 'fastify';
import { actorOf, optionalShopper, orderActorOf } from '../api/auth/identity.ts';
import type { AppContext } from '../api/context.ts';
import { requestMetadata } from '../api/requestMetadata.ts';
import { currentOrderFor } from './currentOrder.ts';
import { execute } from '../commands/execute.ts';
import { ownerOf } from './orderAnswer.ts';
import { orderStreamId } from './streams.ts';

/**
 * "For non-admin users, each search term is appended to the order's searchTerms": called by the
 * search calls (GET with bearer, POST with tempAuthorisation). A no-op for a request with no usable
 * identity and for an admin. Never fails the search: a refusal is only logged.
 */
export async function recordShopperSearch(ctx: AppContext, request: FastifyRequest, term: string): Promise<void> {
  try {
    const identity = await optionalShopper(ctx, request);
    if (!identity || (identity.kind === 'user' && identity.admin)) return;
    const cleaned = term.trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_TERM_LENGTH).trim();
    if (cleaned === '') return;
    const metadata = requestMetadata(request, actorOf(identity));
    const { orderId } = await currentOrderFor(ctx, ownerOf(identity), metadata);
    await execute(ctx.store, orderDecider, orderStreamId(orderId), { type: 'RecordSearch', by: orderActorOf(identity), term: cleaned }, metadata);
  } catch (err) {
    request.log.warn({ err }, 'the search term was not recorded');
  }
}
