import { MAX_SEARCH_TERM_LENGTH, orderDecider, type RecordSearch } from '@shop/domain/orders/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import { orderActorOf, type Identity } from '../accounts/actor.ts';
import type { Deps } from '../deps/deps.ts';
import { draftDecisions, readCurrentOrder } from './currentOrder.ts';
import { decision, handleStreams } from '../commands/handle.ts';
import { loadStream } from '../commands/loadStream.ts';
import { ownerOf } from './orderAnswer.ts';
import { orderStreamId } from './streams.ts';

/**
 * "For non-admin users, each search term is appended to the order's searchTerms": a no-op for an
 * admin and for an empty term. The visitor's first search writes their draft order.
 */
export async function recordSearch(ctx: Deps, identity: Identity, term: string, metadata: EventMetadata): Promise<void> {
  if (identity.kind === 'user' && identity.admin) return;
  const cleaned = term.trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_TERM_LENGTH).trim();
  if (cleaned === '') return;
  const owner = ownerOf(identity);
  const record: RecordSearch = { type: 'RecordSearch', by: orderActorOf(identity), term: cleaned };
  await handleStreams(ctx, metadata, async () => {
    const current = await readCurrentOrder(ctx, owner);
    // A visitor's first search writes their draft: started with the term, in one append.
    if (current.draft)
      return { decisions: (await draftDecisions(ctx, owner, current, orderDecider.decide(record, current.state))).decisions, answer: null };
    const order = await loadStream(ctx.store, orderDecider, orderStreamId(current.orderId));
    return {
      decisions: [decision(orderDecider, orderStreamId(current.orderId), order.version, orderDecider.decide(record, order.state))],
      answer: null,
    };
  });
}
