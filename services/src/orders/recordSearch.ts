import { MAX_SEARCH_TERM_LENGTH, orderDecider, type RecordSearch } from '@shop/domain/orders/index';
import type { FastifyRequest } from 'fastify';
import { actorOf, optionalShopper, orderActorOf } from '../api/auth/identity.ts';
import type { Deps } from '../deps/deps.ts';
import { requestMetadata } from '../api/requestMetadata.ts';
import { readCurrentOrder, startDraftOrder } from './currentOrder.ts';
import { ConcurrencyError } from '../eventstore/types.ts';
import { execute } from '../commands/execute.ts';
import { ownerOf } from './orderAnswer.ts';
import { orderStreamId } from './streams.ts';

/**
 * "For non-admin users, each search term is appended to the order's searchTerms": called by the
 * search calls (GET with bearer, POST with tempAuthorisation). A no-op for a request with no usable
 * identity and for an admin. Never fails the search: a refusal is only logged.
 */
export async function recordShopperSearch(ctx: Deps, request: FastifyRequest, term: string): Promise<void> {
  try {
    const identity = await optionalShopper(ctx, request);
    if (!identity || (identity.kind === 'user' && identity.admin)) return;
    const cleaned = term.trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_TERM_LENGTH).trim();
    if (cleaned === '') return;
    const metadata = requestMetadata(request, actorOf(identity));
    const owner = ownerOf(identity);
    const record: RecordSearch = { type: 'RecordSearch', by: orderActorOf(identity), term: cleaned };
    for (let attempt = 0; ; attempt++) {
      const current = await readCurrentOrder(ctx, owner);
      if (!current.draft) {
        await execute(ctx.store, orderDecider, orderStreamId(current.orderId), record, metadata);
        return;
      }
      // A visitor's first search writes their draft: started with the term, in one append.
      try {
        await startDraftOrder(ctx, owner, current, orderDecider.decide(record, current.state), metadata);
        return;
      } catch (e) {
        if (e instanceof ConcurrencyError && attempt < 3) continue;
        throw e;
      }
    }
  } catch (err) {
    request.log.warn({ err }, 'the search term was not recorded');
  }
}
