import type { EventMetadata } from '@shop/domain/shared/events';
import type { OrderOwner } from '@shop/domain/orders/index';
import { actorOf, type Identity } from '../accounts/actor.ts';
import type { Deps } from '../deps/deps.ts';
import { cleanSearchTerm, recordSearch } from './recordSearch.ts';

/** How long a search's term waits to be recorded with the shopper's other terms of that moment. */
export const SEARCH_TERMS_GATHER_MS = 100;

/** Owners recorded at once by one gathering's write (each is its own append). */
const WRITES_AT_ONCE = 4;

/**
 * A searching shopper as a search knows them without reading anything: the order their terms go to
 * (a guest's token hash, a customer's token subject), and who they are, read only when the terms
 * are written, so the search answers without waiting for a read of the customer's account.
 */
export interface SearchingShopper {
  owner: OrderOwner;
  /** The shopper as the order rules see them; null (an account that is gone) drops the terms. */
  identity: () => Promise<Identity | null>;
  /** The search request's metadata; its actor is set from the identity when written. */
  metadata: EventMetadata;
}

interface Pending {
  shopper: SearchingShopper;
  terms: string[];
}

/** One process's search terms not yet on their orders (a member of Deps). */
export class SearchTermsGathered {
  /** Terms waiting for the next write, by owner. */
  pending = new Map<string, Pending>();
  /** Owners whose terms are being written now. */
  writing = new Map<string, Promise<void>>();
  timer: NodeJS.Timeout | null = null;
  /** Writes that may start now, and those waiting for one to end. */
  free = WRITES_AT_ONCE;
  queued: (() => void)[] = [];
}

const keyOf = (owner: OrderOwner) => (owner.kind === 'user' ? `user:${owner.userId}` : `guest:${owner.token}`);

/**
 * Records a shopper's search term on their order within SEARCH_TERMS_GATHER_MS, with the other
 * terms they searched meanwhile in one append. The search answers without waiting: the term
 * changes nothing in it (the web app shows it in the recent searches at once itself), and writing
 * the order on every search made each search a write the shopper waited for. A term that fails to
 * be recorded is logged and dropped, as when the search waited. Calls that read the shopper's order
 * settle their terms first (`settleSearchTerms`), so the order they answer has them.
 */
export function recordSearchSoon(ctx: Deps, shopper: SearchingShopper, term: string): void {
  if (cleanSearchTerm(term) === null) return;
  const gathered = ctx.searchTerms;
  const key = keyOf(shopper.owner);
  const pending = gathered.pending.get(key);
  if (pending) pending.terms.push(term);
  else gathered.pending.set(key, { shopper, terms: [term] });
  gathered.timer ??= setTimeout(() => {
    gathered.timer = null;
    void writeGathered(ctx);
  }, SEARCH_TERMS_GATHER_MS);
}

/** Resolves once the owner's terms searched so far through this process are on their order. */
export async function settleSearchTerms(ctx: Deps, owner: OrderOwner): Promise<void> {
  const key = keyOf(owner);
  const pending = ctx.searchTerms.pending.get(key);
  if (!pending) return ctx.searchTerms.writing.get(key);
  ctx.searchTerms.pending.delete(key);
  // Written after any write of theirs under way (write chains them).
  await write(ctx, key, pending);
}

/** Writes every term waiting now (the gathering's timer, and a process closing). */
export async function writeGathered(ctx: Deps): Promise<void> {
  const gathered = ctx.searchTerms;
  if (gathered.timer) clearTimeout(gathered.timer);
  gathered.timer = null;
  const batch = [...gathered.pending];
  gathered.pending.clear();
  await Promise.all(batch.map(([key, pending]) => write(ctx, key, pending)));
}

async function write(ctx: Deps, key: string, pending: Pending): Promise<void> {
  const writing = ctx.searchTerms.writing;
  // One owner's writes in turn: a settle's write after the gathering's, never beside it.
  const before = writing.get(key);
  const gathered = ctx.searchTerms;
  const done = (async () => {
    await before;
    if (gathered.free > 0) gathered.free--;
    else await new Promise<void>((resolve) => gathered.queued.push(resolve));
    try {
      // An admin's terms are dropped by recordSearch ("for non-admin users").
      const identity = await pending.shopper.identity();
      if (identity) await recordSearch(ctx, identity, pending.terms, { ...pending.shopper.metadata, actor: actorOf(identity) });
    } catch (err) {
      ctx.logger.warn({ err, terms: pending.terms.length }, 'search terms were not recorded');
    } finally {
      const next = gathered.queued.shift();
      if (next) next();
      else gathered.free++;
    }
  })();
  writing.set(key, done);
  await done;
  if (writing.get(key) === done) writing.delete(key);
}
