import { orderDecider, type OrderActor } from '@shop/domain/orders/index';
import { fold } from '@shop/domain/shared/decider';
import { SYSTEM_ACTOR, type EventMetadata } from '@shop/domain/shared/events';
import { rebuildProjector } from '@shop/projections/runner/rebuild';
import type { Deps } from '../deps/deps.ts';
import { decision, handleStreams } from '../commands/handle.ts';
import { orderStreamId } from '../orders/streams.ts';

/** Guest orders with no items whose last change is older than this are removed. */
export const EMPTY_GUEST_ORDER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The most guest orders one run removes (the next run takes the rest). */
export const DATA_TIDY_BATCH = 5000;

export interface ReadModelCheck {
  projector: string;
  equal: boolean;
  /** Rows present on one side only, per table (all 0 when equal). */
  differences: Record<string, number>;
  events: number;
  millis: number;
}

export interface DataTidyReport {
  message: string;
  removedGuestOrders: number;
  readModels: ReadModelCheck[];
}

let running: Promise<DataTidyReport> | null = null;

/**
 * Data Tidy (the status page's button):
 * (a) deletes guest orders that have no items and have not changed for 30 days (an OrderDeleted
 *     event each, by the system actor 'data-tidy'; each is checked on its own stream first, and
 *     appended with its expected version, so a guest who came back meanwhile keeps their order);
 * (b) checks every read model against a rebuild from the events (rebuildProjector without replace)
 *     and reports the differences.
 * One run at a time per process (a second call waits for the first run's report).
 */
export function dataTidy(ctx: Deps, metadata: Omit<EventMetadata, 'actor'>, now = ctx.clock()): Promise<DataTidyReport> {
  running ??= runDataTidy(ctx, metadata, now).finally(() => {
    running = null;
  });
  return running;
}

async function runDataTidy(ctx: Deps, metadata: Omit<EventMetadata, 'actor'>, now: Date): Promise<DataTidyReport> {
  const removedGuestOrders = await removeEmptyGuestOrders(ctx, { ...metadata, actor: SYSTEM_ACTOR('data-tidy') }, now);
  const readModels: ReadModelCheck[] = [];
  for (const projector of ctx.projectors) {
    if (projector.tables.length === 0) continue;
    const report = await rebuildProjector(ctx.db, ctx.store, projector);
    readModels.push({
      projector: report.projector,
      equal: report.equal,
      differences: report.differences,
      events: report.events,
      millis: report.millis,
    });
  }
  const unequal = readModels.filter((r) => !r.equal).map((r) => r.projector);
  const orders = removedGuestOrders === 1 ? '1 empty guest order' : `${removedGuestOrders} empty guest orders`;
  const models =
    unequal.length === 0
      ? `all ${readModels.length} read models match a rebuild from the events`
      : `read models that differ from a rebuild: ${unequal.join(', ')}`;
  return {
    message: `Data tidy done: removed ${orders} older than ${EMPTY_GUEST_ORDER_DAYS} days; ${models}.`,
    removedGuestOrders,
    readModels,
  };
}

const SYSTEM_ADMIN: OrderActor = { kind: 'user', userId: 'data-tidy', admin: true, localPickup: false };

async function removeEmptyGuestOrders(ctx: Deps, metadata: EventMetadata, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EMPTY_GUEST_ORDER_DAYS * DAY_MS);
  const candidates = await ctx.db
    .selectFrom('orders')
    .select('order_id')
    .where('guest', '=', true)
    .where('type', '<>', 'ebay') // marketplace orders keep their lines elsewhere: never tidied
    .where('item_count', '=', 0)
    .where('complete', '=', false)
    .where('deleted', '=', false)
    .where('checkout_id', 'is', null)
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(DATA_TIDY_BATCH)
    .execute();
  let removed = 0;
  for (const { order_id } of candidates) {
    const id = orderStreamId(order_id);
    // Decided on the stream as read: should the guest come back meanwhile, the next round sees it and it stays.
    const { answer: deleted } = await handleStreams(ctx, metadata, async () => {
      const events = await ctx.store.readStream(id);
      const state = fold(orderDecider, events as never);
      const last = events.at(-1);
      const stillEmpty =
        state.started &&
        state.type !== 'ebay' &&
        !state.deleted &&
        !state.complete &&
        !state.checkout &&
        state.owner?.kind === 'guest' &&
        state.orderItems.length === 0 &&
        state.mergedIntoOrderId === null;
      if (!stillEmpty || !last || last.createdAt >= before) return { decisions: [], answer: false };
      const deleteOrder = orderDecider.decide({ type: 'DeleteOrder', by: SYSTEM_ADMIN, at: now.toISOString() }, state);
      return { decisions: [decision(orderDecider, id, events.length, deleteOrder)], answer: true };
    });
    if (deleted) removed++;
  }
  return removed;
}
