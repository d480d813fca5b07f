import { stockItemDecider, type StockItemEvent, type StockItemState } from '@shop/domain/catalogue/index';
import { creditDecider, type CreditEvent, type CreditState } from '@shop/domain/credit/index';
import { orderDecider, type OrderEvent, type OrderState } from '@shop/domain/orders/index';
import type { DomainEvent, EventMetadata, RecordedEvent } from '@shop/domain/shared/events';
import { append, decision, type Decision } from '../commands/handle.ts';
import { versionsOf } from '../commands/knownStates.ts';
import { loadedFrom, type LoadedStream } from '../commands/loadStream.ts';
import type { Deps } from '../deps/deps.ts';
import { creditStreamId, orderStreamId, stockStreamId } from './streams.ts';

/** What reading and appending the checkout's streams needs: the store and the order and stock states this process keeps. */
export type StreamsDeps = Pick<Deps, 'store' | 'ids' | 'stockStates' | 'orderStates'>;

export type Loaded<S> = Pick<LoadedStream<S>, 'state' | 'version'>;

/**
 * Every stream a checkout decides on, read together in one round trip: the order and the stock item
 * of each line (each only from the events since the state this process kept, see KnownStates), and
 * the owner's store credit. The checkout carries them from step to step (with the versions its own
 * appends produced) instead of reading them again.
 */
export interface CheckoutStreams {
  orderId: string;
  order: Loaded<OrderState>;
  /** By stock item id. */
  stock: Map<string, Loaded<StockItemState>>;
  /** The credit stream of `creditUserId`, when one was asked for. */
  credit: Loaded<CreditState> | null;
  creditUserId: string | null;
  /**
   * The states are the ones this process keeps, not read now (keptCheckoutStreams): right for their
   * versions, but another process may have appended since. Only an append that writes every one of
   * them may be decided on them (writesEvery): its expected versions prove them current.
   */
  unread?: boolean;
}

export async function readCheckoutStreams(
  deps: StreamsDeps,
  orderId: string,
  stockItemIds: readonly string[],
  creditUserId: string | null,
): Promise<CheckoutStreams> {
  const stock = stockRead(deps, [...new Set(stockItemIds)]);
  const others = [...stock.streamIds, ...(creditUserId ? [creditStreamId(creditUserId)] : [])];
  const { known: order, read } = await deps.orderStates.readWith(deps.store, orderStreamId(orderId), others, stock.after);
  const events = (id: string) => read.get(id) ?? [];
  return {
    orderId,
    order,
    stock: stock.states(read),
    credit: creditUserId ? loadedFrom(creditDecider, events(creditStreamId(creditUserId))) : null,
    creditUserId,
  };
}

/**
 * A guest's checkout streams as this process keeps them, without a read (see `unread`): the order,
 * started, and the stock of every line. Null when one is not kept: read them (readCheckoutStreams).
 */
export function keptCheckoutStreams(deps: StreamsDeps, orderId: string, stockItemIds: readonly string[]): CheckoutStreams | null {
  const order = deps.orderStates.keptOf([orderStreamId(orderId)]).get(orderStreamId(orderId));
  if (!order?.state.started) return null;
  const ids = [...new Set(stockItemIds)];
  const kept = deps.stockStates.keptOf(ids.map(stockStreamId));
  if (kept.size < ids.length) return null;
  return {
    orderId,
    order,
    stock: new Map(ids.map((id) => [id, kept.get(stockStreamId(id))!])),
    credit: null,
    creditUserId: null,
    unread: true,
  };
}

/** Whether `decisions` append to every stream of `streams`: the order, each stock item, the credit read. */
export function writesEvery(streams: CheckoutStreams, decisions: CheckoutDecisions): boolean {
  if (!decisions.order?.length) return false;
  for (const id of streams.stock.keys()) if (!decisions.stock?.get(id)?.length) return false;
  return streams.credit === null || (decisions.credit?.length ?? 0) > 0;
}

/**
 * Reading stock items' streams from the states this process keeps (KnownStockStates): the streams
 * and the versions to read after, for readStreams, and the states caught up from what it read.
 */
function stockRead(deps: StreamsDeps, stockItemIds: readonly string[]) {
  const known = deps.stockStates;
  const streamIds = stockItemIds.map(stockStreamId);
  const kept = known.keptOf(streamIds);
  return {
    streamIds,
    after: versionsOf(kept),
    states: (read: ReadonlyMap<string, readonly RecordedEvent[]>) =>
      new Map(stockItemIds.map((id, i) => [id, known.catchUp(streamIds[i]!, kept.get(streamIds[i]!), read.get(streamIds[i]!) ?? [])])),
  };
}

/**
 * The order's streams as the process manager needs them: the order first (its lines and owner are
 * only known then), then its lines' stock and its owner's credit together.
 */
export async function readCheckoutStreamsOfOrder(deps: StreamsDeps, orderId: string): Promise<CheckoutStreams> {
  const first = await readCheckoutStreams(deps, orderId, [], null);
  const owner = first.order.state.owner;
  const lines = first.order.state.orderItems.map((l) => l.stockItemId);
  return readCheckoutStreams(deps, orderId, lines, owner?.kind === 'user' ? owner.userId : null);
}

/**
 * `streams` with the stock of `stockItemIds` read too (lines the first read did not name) and, when
 * `creditUserId` is another user's, that user's credit instead (an admin completing a customer's order).
 */
export async function withStreamsOf(
  deps: StreamsDeps,
  streams: CheckoutStreams,
  stockItemIds: readonly string[],
  creditUserId: string | null,
): Promise<CheckoutStreams> {
  const missing = stockItemIds.filter((id) => !streams.stock.has(id));
  const newCredit = creditUserId !== null && creditUserId !== streams.creditUserId;
  if (missing.length === 0 && !newCredit) return streams;
  const missingStock = stockRead(deps, missing);
  const creditIds = newCredit ? [creditStreamId(creditUserId)] : [];
  const read = await deps.store.readStreams([...missingStock.streamIds, ...creditIds], { after: missingStock.after });
  return {
    ...streams,
    stock: new Map([...streams.stock, ...missingStock.states(read)]),
    ...(newCredit ? { credit: loadedFrom(creditDecider, read.get(creditIds[0]!) ?? []), creditUserId } : {}),
  };
}

/**
 * `streams` with each stock item at the newest state this process keeps, where that is newer than
 * the one read: another checkout here holding or selling the item since. Deciding on it saves
 * appending at a version already gone, being refused and reading again. `kept` is by stream id.
 */
function withNewestKnownStock(streams: CheckoutStreams, kept: ReadonlyMap<string, Loaded<StockItemState>>): CheckoutStreams {
  let stock: Map<string, Loaded<StockItemState>> | null = null;
  for (const [id, loaded] of streams.stock) {
    const newer = kept.get(stockStreamId(id));
    if (newer && newer.version > loaded.version) (stock ??= new Map(streams.stock)).set(id, newer);
  }
  return stock ? { ...streams, stock } : streams;
}

/**
 * Runs one checkout step that decides on stock and appends (`step`), on the newest stock states
 * this process keeps, while no other step of this process runs on the same stock items (see
 * KnownStockStates.exclusive).
 */
export function onNewestStock<T>(deps: StreamsDeps, streams: CheckoutStreams, step: (newest: CheckoutStreams) => Promise<T>): Promise<T> {
  const known = deps.stockStates;
  const streamIds = [...streams.stock.keys()].map(stockStreamId);
  return known.exclusive(streamIds, () => step(withNewestKnownStock(streams, known.keptOf(streamIds))));
}

/** What a checkout step decided for each stream; streams with no events are left out of the append. */
export interface CheckoutDecisions {
  order?: readonly OrderEvent[];
  stock?: ReadonlyMap<string, readonly StockItemEvent[]>;
  credit?: readonly CreditEvent[];
}

interface Part {
  decision: Decision;
  apply: (streams: CheckoutStreams, nextVersion: number) => CheckoutStreams;
}

function part<E extends DomainEvent, S>(
  decider: { streamType: string; evolve: (state: S, event: E) => S },
  streamId: string,
  loaded: Loaded<S>,
  events: readonly E[],
  put: (streams: CheckoutStreams, next: Loaded<S>) => CheckoutStreams,
): Part {
  return {
    decision: decision(decider, streamId, loaded.version, events),
    apply: (streams, nextVersion) => put(streams, { state: events.reduce(decider.evolve, loaded.state), version: nextVersion }),
  };
}

/**
 * Appends the decisions of one step in one appendMany (all or none on PostgreSQL), each stream at
 * the version it was decided on, and answers the streams as they are now. Throws ConcurrencyError
 * when one of them moved meanwhile: the caller reads again and decides again.
 */
export async function appendDecisions(
  deps: StreamsDeps,
  streams: CheckoutStreams,
  decisions: CheckoutDecisions,
  metadata: EventMetadata,
): Promise<CheckoutStreams> {
  const parts: Part[] = [];
  if (decisions.order?.length) {
    parts.push(part(orderDecider, orderStreamId(streams.orderId), streams.order, decisions.order, (s, order) => ({ ...s, order })));
  }
  for (const [stockItemId, events] of decisions.stock ?? []) {
    if (events.length === 0) continue;
    const loaded = streams.stock.get(stockItemId);
    if (!loaded) throw new Error(`stock item ${stockItemId} was not read for this checkout`);
    parts.push(
      part(stockItemDecider, stockStreamId(stockItemId), loaded, events, (s, next) => ({
        ...s,
        stock: new Map(s.stock).set(stockItemId, next),
      })),
    );
  }
  if (decisions.credit?.length) {
    if (!streams.credit || !streams.creditUserId) throw new Error('the credit stream was not read for this checkout');
    parts.push(
      part(creditDecider, creditStreamId(streams.creditUserId), streams.credit, decisions.credit, (s, credit) => ({ ...s, credit })),
    );
  }
  if (parts.length === 0) return streams;
  if (streams.unread && !writesEvery(streams, decisions))
    throw new Error('a checkout step decided on unread streams must append to every one of them');
  const { results } = await append(
    deps,
    parts.map((p) => p.decision),
    metadata,
  );
  const appended = parts.reduce((s, p, i) => p.apply(s, results[i]!.nextVersion), streams);
  return appended.unread && writesEvery(streams, decisions) ? { ...appended, unread: false } : appended;
}
