import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { orderDecider, type OrderOwner, type OrderState, type StartOrder } from '@shop/domain/orders/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { AppContext } from '../api/context.ts';
import { loadStream } from '../commands/handleCommand.ts';
import { ConcurrencyError, type StreamAppend } from '../eventstore/types.ts';
import { decideAll, decidedAppend, execute } from '../commands/execute.ts';
import { currentOrderStreamId, orderStreamId } from './streams.ts';

/** The event of a current-order pointer stream: from now on this order is the owner's current one. */
export interface CurrentOrderSet {
  type: 'CurrentOrderSet';
  data: { orderId: string };
}

export interface CurrentOrder {
  orderId: string;
  state: OrderState;
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

export async function readCurrentOrderPointer(ctx: AppContext, owner: OrderOwner): Promise<CurrentOrderPointer> {
  const pointer = await ctx.store.readStream(currentOrderStreamId(owner));
  const orderId = (pointer.at(-1)?.data as CurrentOrderSet['data'] | undefined)?.orderId;
  if (!orderId) return { current: null, version: pointer.length, unstartedOrderId: null };
  const { state } = await loadStream(ctx.store, orderDecider, orderStreamId(orderId));
  if (!state.started) return { current: null, version: pointer.length, unstartedOrderId: orderId };
  return { current: isCurrentFor(state, owner) ? { orderId, state } : null, version: pointer.length, unstartedOrderId: null };
}

/** The next order number, from the PostgreSQL sequence (gaps are fine; numbers are never reused). */
export async function nextPublicId(ctx: AppContext): Promise<number> {
  const { rows } = await sql<{ id: string }>`select nextval('order_public_id_seq')::text as id`.execute(ctx.db);
  return Number(rows[0]!.id);
}

/** A new storefront order for `owner`, with the next order number. */
async function startOrderCommand(ctx: AppContext, orderId: string, owner: OrderOwner): Promise<StartOrder> {
  return { type: 'StartOrder', orderId, publicId: await nextPublicId(ctx), owner, orderType: 'ioa', date: new Date().toISOString() };
}

async function startOrder(ctx: AppContext, orderId: string, owner: OrderOwner, metadata: EventMetadata): Promise<OrderState> {
  try {
    const started = await execute(ctx.store, orderDecider, orderStreamId(orderId), await startOrderCommand(ctx, orderId, owner), metadata);
    return started.state;
  } catch (e) {
    // A racing request started it first: take theirs.
    if ((e instanceof DomainError && e.status === 409) || e instanceof ConcurrencyError) {
      return (await loadStream(ctx.store, orderDecider, orderStreamId(orderId))).state;
    }
    throw e;
  }
}

/**
 * The owner's current order, created (empty) when there is none: the pointer (with its expected
 * version) and the new order's first event in one append, so two racing requests agree on one
 * order. (On an event store whose multi-stream appends are not atomic the pointer goes first; a
 * crash in between leaves a pointer to an order the next request starts.)
 */
export async function currentOrderFor(ctx: AppContext, owner: OrderOwner, metadata: EventMetadata): Promise<CurrentOrder> {
  for (let attempt = 0; ; attempt++) {
    const pointer = await readCurrentOrderPointer(ctx, owner);
    if (pointer.current) return pointer.current;
    if (pointer.unstartedOrderId) {
      const state = await startOrder(ctx, pointer.unstartedOrderId, owner, metadata);
      if (isCurrentFor(state, owner)) return { orderId: pointer.unstartedOrderId, state };
    }
    const orderId = randomUUID();
    const started = decideAll(orderDecider, [await startOrderCommand(ctx, orderId, owner)], orderDecider.initialState());
    try {
      await ctx.store.appendMany([pointerAppend(owner, orderId, pointer.version, metadata), decidedAppend(orderDecider, orderStreamId(orderId), 0, started.events, metadata)]);
    } catch (e) {
      if (e instanceof ConcurrencyError && attempt < 10) continue;
      throw e;
    }
    return { orderId, state: started.state };
  }
}

/** Points the owner's current order at `orderId` (a claimed guest order), if the pointer has not moved. */
export async function pointCurrentOrderAt(
  ctx: AppContext,
  owner: OrderOwner,
  orderId: string,
  expectedVersion: number,
  metadata: EventMetadata,
): Promise<void> {
  await ctx.store.appendMany([pointerAppend(owner, orderId, expectedVersion, metadata)]);
}

/** The owner's pointer moved to `orderId`, if it is still at `expectedVersion`. */
function pointerAppend(owner: OrderOwner, orderId: string, expectedVersion: number, metadata: EventMetadata): StreamAppend {
  const set: CurrentOrderSet = { type: 'CurrentOrderSet', data: { orderId } };
  return decidedAppend({ streamType: 'currentorder' }, currentOrderStreamId(owner), expectedVersion, [set], metadata);
}
