import { orderDecider, type OrderEvent, type OrderOwner, type OrderState, type StartOrder } from '@shop/domain/orders/index';
import type { RecordedEvent } from '@shop/domain/shared/events';
import { versionsOf, type KnownState } from '../commands/knownStates.ts';
import type { Deps } from '../deps/deps.ts';
import { currentOrderPointerDecider, type CurrentOrderSet } from '@shop/domain/orders/currentOrderPointer';
import { decide, decision, type Decision } from '../commands/handle.ts';
import { readOrder } from './orderStates.ts';
import { currentOrderStreamId, orderStreamId, sha256 } from './streams.ts';

export interface CurrentOrder {
  orderId: string;
  state: OrderState;
  /** The order stream's version the state is at (0 for a draft, which has no events yet). */
  version: number;
}

export interface CurrentOrderPointer {
  /** The order the pointer names and its state, when it is still the owner's current order. */
  current: CurrentOrder | null;
  /** The pointer stream's version, for the next expected-version append. */
  version: number;
  /** The order named but not started yet (a crash, or a racing request, between the two appends). */
  unstartedOrderId: string | null;
}

export function sameOwner(a: OrderOwner | null, b: OrderOwner): boolean {
  if (!a) return false;
  return a.kind === 'user' ? b.kind === 'user' && a.userId === b.userId : b.kind === 'guest' && a.token === b.token;
}

/** Still the owner's current order: not complete, not merged away, not deleted, and still theirs. */
export function isCurrentFor(state: OrderState, owner: OrderOwner): boolean {
  return state.started && !state.deleted && !state.complete && state.mergedIntoOrderId === null && sameOwner(state.owner, owner);
}

/** The order a current-order pointer stream names now (its last CurrentOrderSet), if any. */
function pointedOrderId(pointer: readonly RecordedEvent[]): string | undefined {
  return (pointer.at(-1)?.data as CurrentOrderSet['data'] | undefined)?.orderId;
}

/** A current-order pointer as this process keeps it: the order it names, at its stream's version. */
type KnownPointer = KnownState<{ orderId: string | null }>;

export async function readCurrentOrderPointer(ctx: Deps, owner: OrderOwner): Promise<CurrentOrderPointer> {
  return pointerOf(ctx, owner, await ctx.orderStates.pointers.read(ctx.store, currentOrderStreamId(owner)));
}

/** What an owner's pointer says; the order it names is read unless `read` already holds it. */
async function pointerOf(
  ctx: Deps,
  owner: OrderOwner,
  pointer: KnownPointer,
  read?: { orderId: string; order: KnownState<OrderState> },
): Promise<CurrentOrderPointer> {
  const orderId = pointer.state.orderId;
  if (!orderId) return { current: null, version: pointer.version, unstartedOrderId: null };
  const { state, version } = read?.orderId === orderId ? read.order : await readOrder(ctx, orderId);
  if (!state.started) return { current: null, version: pointer.version, unstartedOrderId: orderId };
  return { current: isCurrentFor(state, owner) ? { orderId, state, version } : null, version: pointer.version, unstartedOrderId: null };
}

/**
 * The current orders of several owners read together: their pointers in one round trip, then the
 * orders these name in another (each from the state this process keeps). Null for an owner whose
 * current order is not written (none yet, or named but not started) or no longer current.
 */
export async function readCurrentOrders(ctx: Deps, owners: readonly OrderOwner[]): Promise<(CurrentOrder | null)[]> {
  const pointers = await ctx.store.readStreams(owners.map(currentOrderStreamId));
  const orderIds = owners.map((owner) => pointedOrderId(pointers.get(currentOrderStreamId(owner)) ?? []));
  const streams = [...new Set(orderIds.flatMap((id) => (id ? [orderStreamId(id)] : [])))];
  if (streams.length === 0) return owners.map(() => null);
  const kept = ctx.orderStates.keptOf(streams);
  const read = await ctx.store.readStreams(streams, { after: versionsOf(kept) });
  const orders = new Map(streams.map((id) => [id, ctx.orderStates.catchUp(id, kept.get(id), read.get(id) ?? [])]));
  return owners.map((owner, i) => {
    const orderId = orderIds[i];
    const order = orderId ? orders.get(orderStreamId(orderId))! : null;
    return orderId && order && isCurrentFor(order.state, owner) ? { orderId, ...order } : null;
  });
}

/**
 * The next order number, from the PostgreSQL sequence, taken in blocks by a busy process (see
 * OrderNumbers; gaps are fine, numbers are never reused).
 */
export function nextPublicId(ctx: Deps): Promise<number> {
  return ctx.orderNumbers.next(async (count) => {
    // One statement evaluates nextval row by row over the series: its answers are already ascending.
    const { rows } = await ctx.pool.query<{ id: string }>({
      name: 'order-numbers-take',
      text: `select nextval('order_public_id_seq')::text as id from generate_series(1, $1::int)`,
      values: [count],
    });
    return rows.map((r) => Number(r.id));
  });
}

/** A new storefront order for `owner`, with the next order number. */
async function startOrderCommand(ctx: Deps, orderId: string, owner: OrderOwner): Promise<StartOrder> {
  return { type: 'StartOrder', orderId, publicId: await nextPublicId(ctx), owner, orderType: 'ioa', date: ctx.clock().toISOString() };
}

/**
 * The id the owner's next order will have: fixed by the pointer's version, so every call names the
 * same one until that order starts (starting it moves the pointer, and with it the next id).
 */
export function nextOrderIdOf(owner: OrderOwner, pointerVersion: number): string {
  const h = sha256(`next-order/${currentOrderStreamId(owner)}/${pointerVersion}`);
  const variant = ((parseInt(h[16]!, 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** An order not written yet: what its first change will start, in one append with the pointer. */
export interface DraftOrder {
  /** The pointer's version, for the expected-version append that starts the order. */
  pointerVersion: number;
  /** The pointer already names it (a store whose multi-stream appends are not atomic, after a crash). */
  pointerNamesIt: boolean;
}

/** The owner's current order, or (`draft` set) the order its first change will write. */
export type CurrentOrderView = (CurrentOrder & { draft: null }) | DraftView;
export type DraftView = CurrentOrder & { draft: DraftOrder };

/** How a draft looks to the storefront: started, empty, with no order number yet (0) until it is written. */
function draftState(orderId: string, owner: OrderOwner, now: Date): OrderState {
  return orderDecider.evolve(orderDecider.initialState(), {
    type: 'OrderStarted',
    data: {
      orderId,
      publicId: 0,
      type: 'ioa',
      externalId: null,
      ownerUserId: owner.kind === 'user' ? owner.userId : null,
      guestToken: owner.kind === 'guest' ? owner.token : null,
      date: now.toISOString(),
    },
  });
}

/**
 * The owner's current order; when there is none, a draft (an empty order with its id fixed, see
 * nextOrderIdOf) that is written only by its first change. Visitors who never add anything leave
 * no order, no events and no used order number behind.
 */
export async function readCurrentOrder(ctx: Deps, owner: OrderOwner): Promise<CurrentOrderView> {
  return currentOrderView(ctx, owner, await readCurrentOrderPointer(ctx, owner));
}

function currentOrderView(ctx: Deps, owner: OrderOwner, pointer: CurrentOrderPointer): CurrentOrderView {
  if (pointer.current) return { ...pointer.current, draft: null };
  const orderId = pointer.unstartedOrderId ?? nextOrderIdOf(owner, pointer.version);
  return {
    orderId,
    state: draftState(orderId, owner, ctx.clock()),
    version: 0,
    draft: { pointerVersion: pointer.version, pointerNamesIt: pointer.unstartedOrderId !== null },
  };
}

/** The owner's draft, if `orderId` names it (anything else is not theirs to start). */
export async function draftNamed(ctx: Deps, owner: OrderOwner, orderId: string): Promise<DraftView | null> {
  return draftIfNamed(await readCurrentOrder(ctx, owner), orderId);
}

const draftIfNamed = (view: CurrentOrderView, orderId: string): DraftView | null => (view.draft && view.orderId === orderId ? view : null);

/**
 * An order as `readOrder` gives it and, while it is not started, the owner's draft if it is the one
 * (draftNamed), read together: the order's events and the owner's pointer in one round trip (one
 * snapshot), so a shopper's first change to their order reads once before it writes.
 */
export async function readOrderOrDraft(
  ctx: Deps,
  owner: OrderOwner,
  orderId: string,
): Promise<{ order: KnownState<OrderState>; draft: DraftView | null }> {
  const pointerStream = currentOrderStreamId(owner);
  const keptPointer = ctx.orderStates.pointers.keptOf([pointerStream]);
  const { known: order, read } = await ctx.orderStates.readWith(
    ctx.store,
    orderStreamId(orderId),
    [pointerStream],
    versionsOf(keptPointer),
  );
  const pointer = ctx.orderStates.pointers.catchUp(pointerStream, keptPointer.get(pointerStream), read.get(pointerStream) ?? []);
  if (order.state.started) return { order, draft: null };
  return { order, draft: draftIfNamed(currentOrderView(ctx, owner, await pointerOf(ctx, owner, pointer, { orderId, order })), orderId) };
}

/**
 * The owner's draft named `orderId` as this process keeps their pointer (and the order it names)
 * from their last current-order call, without a read; null when anything it needs is not kept. Only
 * a step that writes the draft may be decided on it: its append (draftDecisions) writes the pointer
 * at the kept version and starts the order as a new stream, which proves both. A pointer naming an
 * order is kept only when that order can never be current again (complete, deleted, merged or no
 * longer the owner's, all final); one naming an order not started is left to a read.
 */
export function keptDraft(ctx: Deps, owner: OrderOwner, orderId: string): DraftView | null {
  const pointerStream = currentOrderStreamId(owner);
  const pointer = ctx.orderStates.pointers.keptOf([pointerStream]).get(pointerStream);
  if (!pointer) return null;
  const named = pointer.state.orderId;
  if (named !== null) {
    const order = ctx.orderStates.keptOf([orderStreamId(named)]).get(orderStreamId(named));
    if (!order?.state.started || isCurrentFor(order.state, owner)) return null;
  }
  return draftIfNamed(currentOrderView(ctx, owner, { current: null, version: pointer.version, unstartedOrderId: null }), orderId);
}

/**
 * The decisions writing a draft, for a handler step, and the order as they leave it: the pointer
 * (at the version read), the order's start and `events` (decided on the draft's state) in one
 * append, so two racing first changes agree on one order (the loser's step runs again and finds
 * the order written). On an event store whose multi-stream appends are not atomic the pointer goes
 * first; a crash in between leaves a pointer to an order the next change starts.
 */
export async function draftDecisions(
  ctx: Deps,
  owner: OrderOwner,
  view: DraftView,
  events: readonly OrderEvent[],
): Promise<{ decisions: Decision[]; state: OrderState }> {
  const started = decide(orderDecider, [await startOrderCommand(ctx, view.orderId, owner)], orderDecider.initialState());
  const order = decision(orderDecider, orderStreamId(view.orderId), 0, [...started.events, ...events]);
  const decisions = view.draft.pointerNamesIt ? [order] : [pointerDecision(owner, view.orderId, view.draft.pointerVersion), order];
  return { decisions, state: events.reduce(orderDecider.evolve, started.state) };
}

/** The owner's pointer moved to `orderId`, if it is still at `expectedVersion` (a claimed guest order, a draft's first write). */
export function pointerDecision(owner: OrderOwner, orderId: string, expectedVersion: number): Decision {
  const set = currentOrderPointerDecider.decide({ type: 'SetCurrentOrder', orderId }, currentOrderPointerDecider.initialState());
  return decision(currentOrderPointerDecider, currentOrderStreamId(owner), expectedVersion, set);
}
