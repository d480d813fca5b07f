import { MAX_SEARCH_TERM_LENGTH, orderDecider, type OrderEvent, type OrderState, type RecordSearch } from '@shop/domain/orders/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import { orderActorOf, type Identity } from '../accounts/actor.ts';
import type { Deps } from '../deps/deps.ts';
import { draftDecisions, readCurrentOrder, readCurrentOrders } from './currentOrder.ts';
import { decide, decision, handleStreams, keepAppended, streamAppendOf, type Decision } from '../commands/handle.ts';
import { ConcurrencyError, type StreamAppend } from '../eventstore/types.ts';
import { ownerOf } from './orderAnswer.ts';
import { orderStreamId } from './streams.ts';

/** The term as the order keeps it (spaces squeezed, at most MAX_SEARCH_TERM_LENGTH), or null when nothing is left. */
export function cleanSearchTerm(term: string): string | null {
  const cleaned = term.trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_TERM_LENGTH).trim();
  return cleaned === '' ? null : cleaned;
}

/** The terms recorded for this shopper, cleaned ("for non-admin users": none for an admin). */
function recordableTerms(identity: Identity, terms: readonly string[]): string[] {
  if (identity.kind === 'user' && identity.admin) return [];
  return terms.flatMap((term) => cleanSearchTerm(term) ?? []);
}

/** The events recording `terms` (cleaned) on an order in `state`, each decided on the state the previous left. */
function recordedTerms(identity: Identity, terms: readonly string[], state: OrderState): OrderEvent[] {
  const by = orderActorOf(identity);
  return decide(
    orderDecider,
    terms.map((term): RecordSearch => ({ type: 'RecordSearch', by, term })),
    state,
  ).events;
}

/**
 * "For non-admin users, each search term is appended to the order's searchTerms": a no-op for an
 * admin and for empty terms. The visitor's first search writes their draft order. Several terms
 * of one shopper are recorded in one append, in the order given.
 */
export async function recordSearch(ctx: Deps, identity: Identity, terms: readonly string[], metadata: EventMetadata): Promise<void> {
  const cleaned = recordableTerms(identity, terms);
  if (cleaned.length === 0) return;
  const owner = ownerOf(identity);
  const decideAll = (state: OrderState) => recordedTerms(identity, cleaned, state);
  await handleStreams(ctx, metadata, async () => {
    const current = await readCurrentOrder(ctx, owner);
    // A visitor's first search writes their draft: started with the term, in one append.
    if (current.draft) return { decisions: (await draftDecisions(ctx, owner, current, decideAll(current.state))).decisions, answer: null };
    return { decisions: [decision(orderDecider, orderStreamId(current.orderId), current.version, decideAll(current.state))], answer: null };
  });
}

/** One shopper's gathered terms, with the request's metadata (its actor the shopper). */
export interface SearchWrite {
  identity: Identity;
  terms: readonly string[];
  metadata: EventMetadata;
}

/**
 * Many shoppers' terms recorded together (one gathering's): their current orders read in two round
 * trips (pointers, then orders, see readCurrentOrders) and every term appended in one appendMany,
 * all or none. Answers the writes it leaves to recordSearch, one by one: a shopper whose order is
 * not written yet (its start takes an order number and the pointer), one whose terms the order
 * refuses, and, when any of the orders moved meanwhile, all of them (nothing was written). On an
 * event store whose multi-stream appends are not atomic it leaves them all: a refused append there
 * may have written some streams, and writing them again would record those terms twice.
 */
export async function recordSearchesTogether(ctx: Deps, writes: readonly SearchWrite[]): Promise<SearchWrite[]> {
  if (ctx.store.kind !== 'postgres') return [...writes];
  const recordable = writes
    .map((write) => ({ write, terms: recordableTerms(write.identity, write.terms) }))
    .filter(({ terms }) => terms.length > 0);
  if (recordable.length === 0) return [];
  const orders = await readCurrentOrders(
    ctx,
    recordable.map(({ write }) => ownerOf(write.identity)),
  );
  const left: SearchWrite[] = [];
  const appends: StreamAppend[] = [];
  const written: Decision[] = [];
  recordable.forEach(({ write, terms }, i) => {
    const order = orders[i];
    if (!order) return void left.push(write);
    let events: OrderEvent[];
    try {
      events = recordedTerms(write.identity, terms, order.state);
    } catch {
      return void left.push(write);
    }
    if (events.length === 0) return;
    const recorded = decision(orderDecider, orderStreamId(order.orderId), order.version, events);
    written.push(recorded);
    appends.push(
      streamAppendOf(
        recorded,
        events.map((event) => ({ eventId: ctx.ids(), event })),
        write.metadata,
      ),
    );
  });
  if (appends.length === 0) return left;
  try {
    await ctx.store.appendMany(appends);
  } catch (e) {
    if (e instanceof ConcurrencyError) return recordable.map(({ write }) => write);
    throw e;
  }
  keepAppended(ctx, written);
  return left;
}
