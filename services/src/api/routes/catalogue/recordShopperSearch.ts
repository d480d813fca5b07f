import type { FastifyRequest } from 'fastify';
import { recordSearchSoon } from '../../../orders/searchTermsSoon.ts';
import { searchingShopperOf } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { requestMetadata } from '../../requestMetadata.ts';

/**
 * The search calls (GET with bearer, POST with tempAuthorisation) record the shopper's term on
 * their order, gathered with their other terms of the moment (orders/searchTermsSoon.ts). Nothing is
 * read first: the search answers without waiting for the customer's account, which is read when the
 * term is written. A no-op for a request with no usable identity; never fails the search.
 */
export function recordShopperSearch(ctx: AppContext, request: FastifyRequest, term: string): void {
  try {
    const shopper = searchingShopperOf(ctx, request);
    if (shopper) recordSearchSoon(ctx, { ...shopper, metadata: requestMetadata(ctx, request, { kind: 'guest' }) }, term);
  } catch (err) {
    request.log.warn({ err }, 'the search term was not recorded');
  }
}
