import { MAX_SEARCH_TERM_LENGTH, orderDecider, type OrderEvent, type OrderState, type RecordSearch } from '@shop/domain/orders/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import { orderActorOf, type Identity } from '../accounts/actor.ts';
import type { Deps } from '../deps/deps.ts';
import { draftDecisions, readCurrentOrder } from './currentOrder.ts';
import { decision, handleStreams } from '../commands/handle.ts';
import { ownerOf } from './orderAnswer.ts';
import { orderStreamId } from './streams.ts';

/** The term as the order keeps it (spaces squeezed, at most MAX_SEARCH_TERM_LENGTH), or null when nothing is left. */
export function cleanSearchTerm(term: string): string | null {
  const cleaned = term.trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_TERM_LENGTH).trim();
  return cleaned === '' ? null : cleaned;
}

/**
 * "For non-admin users, each search term is appended to the order's searchTerms": a no-op for an
 * admin and for empty terms. The visitor's first search writes their draft order. Several terms
 * of one shopper are recorded in one append, in the order given.
 */
export async function recordSearch(ctx: Deps, identity: Identity, terms: readonly string[], metadata: EventMetadata): Promise<void> {
  if (identity.kind === 'user' && identity.admin) return;
  const cleaned = terms.flatMap((term) => cleanSearchTerm(term) ?? []);
  if (cleaned.length === 0) return;
  const owner = ownerOf(identity);
  const records: RecordSearch[] = cleaned.map((term) => ({ type: 'RecordSearch', by: orderActorOf(identity), term }));
  const decideAll = (state: OrderState) => {
    const events: OrderEvent[] = [];
    for (const record of records) {
      const decided = orderDecider.decide(record, state);
      events.push(...decided);
      state = decided.reduce(orderDecider.evolve, state);
    }
    return events;
  };
  await handleStreams(ctx, metadata, async () => {
    const current = await readCurrentOrder(ctx, owner);
    // A visitor's first search writes their draft: started with the term, in one append.
    if (current.draft) return { decisions: (await draftDecisions(ctx, owner, current, decideAll(current.state))).decisions, answer: null };
    return {
      decisions: [decision(orderDecider, orderStreamId(current.orderId), current.version, decideAll(current.state))],
      answer: null,
    };
  });
}
