/**
 * POST /api/admin-pull-list-release: the admin releases a batch's reservations (the books arrived).
 * For each customer, in one step: their reservations of the batch's items become released, the
 * copies' stock hold moves from their pull-list holder to their current order, and the order gains
 * the copies as lines marked `pullList` (a draft order is started for a customer without one).
 * A customer whose order is paying at that moment is skipped (release again later). Releasing again
 * releases nothing twice.
 */
import type { ReleaseBatchAnswer } from '@shop/domain/contract/pullLists';
import { stockItemDecider, type StockItemCommand } from '@shop/domain/catalogue/index';
import { lineDetailsFrom, orderDecider, type OrderCommand, type OrderOwner } from '@shop/domain/orders/index';
import { pullListDecider, pullListHolder, pullListStreamId } from '@shop/domain/pullLists/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { decide, decision, handleStreams, type Decision } from '../commands/handle.ts';
import { loadedFrom } from '../commands/loadStream.ts';
import { lookupCatalogueItems } from '../catalogue/catalogueLookup.ts';
import { draftDecisions, readCurrentOrder } from '../orders/currentOrder.ts';
import { orderStreamId, stockStreamId } from '../orders/streams.ts';

interface Released {
  copies: number;
  reservations: number;
  skipped: Array<{ userId: string; title: string; reason: string }>;
}

async function releaseFor(ctx: Deps, userId: string, stockIds: readonly string[], metadata: EventMetadata): Promise<Released> {
  const owner: OrderOwner = { kind: 'user', userId };
  const catalogue = new Map((await lookupCatalogueItems(ctx.pool, stockIds, ctx.clock())).map((i) => [i.stockItemId, i]));
  const { answer } = await handleStreams<Released>(ctx, metadata, async () => {
    const list = loadedFrom(pullListDecider, await ctx.store.readStream(pullListStreamId(userId)));
    const due = stockIds
      .map((id) => list.state.reservations.get(id))
      .filter((r) => r !== undefined && r.status === 'reserved' && r.quantity > 0);
    const none: Released = { copies: 0, reservations: 0, skipped: [] };
    if (due.length === 0) return { decisions: [], answer: none };
    const current = await readCurrentOrder(ctx, owner);
    if (current.state.checkout) {
      const reason = 'their order is being paid for; release again in a moment';
      return { decisions: [], answer: { ...none, skipped: due.map((r) => ({ userId, title: r!.title, reason })) } };
    }
    const orderId = current.orderId;
    const stocks = await ctx.store.readStreams(due.map((r) => stockStreamId(r!.stockId)));
    const decisions: Decision[] = [];
    const orderCommands: OrderCommand[] = [];
    const skipped: Released['skipped'] = [];
    let copies = 0;
    const releasedIds: string[] = [];
    for (const r of due) {
      const item = catalogue.get(r!.stockId);
      const stock = loadedFrom(stockItemDecider, stocks.get(stockStreamId(r!.stockId)) ?? []);
      if (!item || stock.state.status !== 'active') {
        skipped.push({ userId, title: r!.title, reason: 'the item is no longer in the catalogue' });
        continue;
      }
      const orderHold = stock.state.holds.get(orderId) ?? 0;
      const moves: StockItemCommand[] = [
        { type: 'ReleaseHold', data: { orderId: pullListHolder(userId) } },
        { type: 'HoldStock', data: { orderId, quantity: orderHold + r!.quantity } },
      ];
      decisions.push(
        decision(stockItemDecider, stockStreamId(r!.stockId), stock.version, decide(stockItemDecider, moves, stock.state).events),
      );
      orderCommands.push({ type: 'AddPullListCopies', line: lineDetailsFrom(item), quantity: r!.quantity, available: item.available });
      releasedIds.push(r!.stockId);
      copies += r!.quantity;
    }
    if (releasedIds.length === 0) return { decisions: [], answer: { ...none, skipped } };
    const released = decide(
      pullListDecider,
      releasedIds.map((stockId) => ({ type: 'ReleaseReservation' as const, data: { userId, stockId, orderId } })),
      list.state,
    );
    decisions.push(decision(pullListDecider, pullListStreamId(userId), list.version, released.events));
    const added = decide(orderDecider, orderCommands, current.state).events;
    if (current.draft) {
      decisions.push(...(await draftDecisions(ctx, owner, current, added)).decisions);
    } else {
      const version = (await ctx.store.readStream(orderStreamId(orderId))).length;
      decisions.push(decision(orderDecider, orderStreamId(orderId), version, added));
    }
    return { decisions, answer: { copies, reservations: releasedIds.length, skipped } };
  });
  return answer;
}

export async function releaseBatchReservations(ctx: Deps, batchId: string, metadata: EventMetadata): Promise<ReleaseBatchAnswer> {
  const rows = await ctx.db
    .selectFrom('pull_list_reservations')
    .select(['user_id', 'stock_id'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'reserved')
    .where('quantity', '>', 0)
    .orderBy('reserved_position')
    .execute();
  const byUser = new Map<string, string[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.stock_id]);
  const total: Released & { customers: number } = { copies: 0, reservations: 0, skipped: [], customers: 0 };
  for (const [userId, stockIds] of byUser) {
    const done = await releaseFor(ctx, userId, stockIds, metadata);
    total.copies += done.copies;
    total.reservations += done.reservations;
    total.skipped.push(...done.skipped);
    if (done.reservations > 0) total.customers += 1;
  }
  const copies = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;
  const message =
    total.reservations === 0
      ? 'No reservations of this batch are waiting to be released.'
      : `Released ${copies(total.copies)} into ${total.customers} ${total.customers === 1 ? "customer's order" : "customers' orders"}.` +
        (total.skipped.length > 0 ? ` ${total.skipped.length} left for later.` : '');
  return { ...total, message };
}
