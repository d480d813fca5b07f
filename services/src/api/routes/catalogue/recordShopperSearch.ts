import type { FastifyRequest } from 'fastify';
import { recordSearchSoon } from '../../../orders/searchTermsSoon.ts';
import { actorOf, optionalShopper } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';

/**
 * The search calls (GET with bearer, POST with tempAuthorisation) record the shopper's term on
 * their order, gathered with their other terms of the moment (orders/searchTermsSoon.ts). A no-op
 * for a request with no usable identity. Never fails the search: a refusal is only logged.
 */
export async function recordShopperSearch(ctx: AppContext, request: FastifyRequest, term: string): Promise<void> {
  try {
    const identity = await optionalShopper(ctx, request);
    if (!identity) return;
    recordSearchSoon(ctx, identity, term, requestMetadata(ctx, request, actorOf(identity)));
  } catch (err) {
    request.log.warn({ err }, 'the search term was not recorded');
  }
}
