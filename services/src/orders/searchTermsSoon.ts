import type { EventMetadata } from '@shop/domain/shared/events';
import type { OrderOwner } from '@shop/domain/orders/index';
import { actorOf, type Identity } from '../accounts/actor.ts';
import type { Deps } from '../deps/deps.ts';
import { cleanSearchTerm, recordSearch, recordSearchesTogether, type SearchWrite } from './recordSearch.ts';

/** How long a search's term waits to be recorded with the shopper's other terms of that moment. */
export const SEARCH_TERMS_GATHER_MS = 100;

/** Writes under way at once: gatherings (each one appendMany of every shopper in it) and settles. */
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
  gatherSoon(ctx);
}

function gatherSoon(ctx: Deps): void {
  ctx.searchTerms.timer ??= setTimeout(() => void writeIdleGathered(ctx), SEARCH_TERMS_GATHER_MS);
}

/** How many terms wait for a gathering's write, and how many shoppers' terms are being written (GET /api/status). */
export function searchTermsBacklog(gathered: SearchTermsGathered): { waiting: number; writing: number } {
  let waiting = 0;
  for (const pending of gathered.pending.values()) waiting += pending.terms.length;
  return { waiting, writing: gathered.writing.size };
}

/** Resolves once the owner's terms searched so far through this process are on their order. */
export async function settleSearchTerms(ctx: Deps, owner: OrderOwner): Promise<void> {
  const key = keyOf(owner);
  const pending = ctx.searchTerms.pending.get(key);
  if (!pending) return ctx.searchTerms.writing.get(key);
  ctx.searchTerms.pending.delete(key);
  // Written after any write of theirs under way (write chains them).
  await write(ctx, [[key, pending]]);
}

/**
 * The gathering: writes the terms of every shopper none of whose terms are being written, all of
 * them together (one appendMany where their orders are written, see recordSearchesTogether). A
 * shopper whose write is under way keeps gathering until it ends, and goes in the next gathering
 * after it with everything searched meanwhile. So the writes never queue behind each other: when
 * they take longer, each carries more terms. (One append per shopper, and gatherings queued behind
 * the last, let a busy hour's searches outrun their writes.)
 */
function writeIdleGathered(ctx: Deps): Promise<void> {
  const gathered = ctx.searchTerms;
  if (gathered.timer) clearTimeout(gathered.timer);
  gathered.timer = null;
  const idle = [...gathered.pending].filter(([key]) => !gathered.writing.has(key));
  for (const [key] of idle) gathered.pending.delete(key);
  return idle.length > 0 ? write(ctx, idle) : Promise.resolve();
}

/** Writes every term waiting now, and resolves once all are written (a process closing, tests). */
export async function writeGathered(ctx: Deps): Promise<void> {
  const gathered = ctx.searchTerms;
  while (gathered.pending.size > 0 || gathered.writing.size > 0) {
    await Promise.all([writeIdleGathered(ctx), ...gathered.writing.values()]);
  }
}

/** Writes some shoppers' gathered terms, each after any write of theirs under way. */
async function write(ctx: Deps, batch: readonly (readonly [string, Pending])[]): Promise<void> {
  const gathered = ctx.searchTerms;
  // One owner's writes in turn: a settle's write after the gathering's, never beside it.
  const before = batch.map(([key]) => gathered.writing.get(key));
  const done = (async () => {
    await Promise.all(before);
    if (gathered.free > 0) gathered.free--;
    else await new Promise<void>((resolve) => gathered.queued.push(resolve));
    try {
      const writes = await Promise.all(batch.map(([, pending]) => searchWriteOf(ctx, pending)));
      const ready = writes.filter((w): w is SearchWrite => w !== null);
      const left = batch.length === 1 ? ready : await recordSearchesTogether(ctx, ready).catch(failed(ctx, ready));
      await Promise.all(left.map((w) => recordSearch(ctx, w.identity, w.terms, w.metadata).catch(failed(ctx, [w]))));
    } finally {
      const next = gathered.queued.shift();
      if (next) next();
      else gathered.free++;
    }
  })();
  for (const [key] of batch) gathered.writing.set(key, done);
  await done;
  for (const [key] of batch) if (gathered.writing.get(key) === done) gathered.writing.delete(key);
  // Terms searched while these were written wait for the next gathering.
  if (gathered.pending.size > 0) gatherSoon(ctx);
}

/** The shopper's write, once their identity is read; null drops the terms (an account that is gone). */
async function searchWriteOf(ctx: Deps, pending: Pending): Promise<SearchWrite | null> {
  try {
    // An admin's terms are dropped when written ("for non-admin users").
    const identity = await pending.shopper.identity();
    return identity && { identity, terms: pending.terms, metadata: { ...pending.shopper.metadata, actor: actorOf(identity) } };
  } catch (err) {
    failed(ctx, [{ terms: pending.terms }])(err);
    return null;
  }
}

/** A write that failed: logged, its terms dropped, as when the search waited for them. */
const failed =
  (ctx: Deps, writes: readonly Pick<SearchWrite, 'terms'>[]) =>
  (err: unknown): never[] => {
    ctx.logger.warn({ err, terms: writes.reduce((n, w) => n + w.terms.length, 0) }, 'search terms were not recorded');
    return [];
  };
