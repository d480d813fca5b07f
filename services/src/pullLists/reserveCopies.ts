/**
 * Reserving subscribers' copies of an item: the pull-list reactor's one step. Reads the item's
 * stock stream, the series' rolls and the subscribers' pull lists (the write side, so every
 * subscription made before the item entered is seen, in order), plans with planReservations and
 * appends, in one step, each subscriber's PullListCopiesReserved and the item's StockHeld under
 * their pull-list holder. Running it again changes nothing (a reservation is a total, and a hold
 * is per holder), so a re-read event, a re-run import or a rebuilt projector reserve nothing twice.
 */
import { availableQuantity, stockItemDecider, stockItemName, type StockItemCommand } from '@shop/domain/catalogue/index';
import {
  planReservations,
  pullListDecider,
  pullListHolder,
  pullListStreamId,
  type PullListState,
  type ReservedItem,
} from '@shop/domain/pullLists/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { decide, decision, handleStreams, type Decision } from '../commands/handle.ts';
import { loadedFrom } from '../commands/loadStream.ts';
import { stockStreamId } from '../orders/streams.ts';
import { seriesFamily, subscribersOf } from './pullListStreams.ts';

type Ctx = Pick<Deps, 'store' | 'ids' | 'db'>;

/** Periods whose items are new issues: a back issue or vintage copy added later reserves nothing. */
const NEW_ISSUE_PERIODS = new Set(['pre-order', 'new']);

/** The covers the shop lists of the same issue (first printings), for "the main cover". */
async function issueCovers(ctx: Ctx, seriesId: string, issueNumber: string, stockId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('stock_items')
    .select(['cover'])
    .where('series_id', '=', seriesId)
    .where('issue_number', '=', issueNumber)
    .where('printing', '=', 1)
    .where('stock_item_id', '!=', stockId)
    .execute();
  return rows.map((r) => r.cover);
}

async function catalogueFocDate(ctx: Ctx, stockId: string): Promise<string | null> {
  const row = await ctx.db.selectFrom('stock_items').select(['order_by']).where('stock_item_id', '=', stockId).executeTakeFirst();
  return row?.order_by ?? null;
}

/**
 * Reserves copies of `stockId` for its series' subscribers. `enteredAt`: the item joined the series
 * (added, or moved into it) at this position of the log, so every subscriber who had joined the
 * series' roll before it, and whom it suits, gets a reservation (a reactor reading the log again
 * from the start reserves nothing for subscriptions made later); null: only copies awaiting are
 * filled. Answers how many reservations were written.
 */
export async function reservePullListCopies(
  ctx: Ctx,
  stockId: string,
  { enteredAt }: { enteredAt: bigint | null },
  metadata: EventMetadata,
): Promise<number> {
  const entering = enteredAt !== null;
  const { answer } = await handleStreams(ctx, metadata, async () => {
    const stockEvents = await ctx.store.readStream(stockStreamId(stockId));
    const stock = loadedFrom(stockItemDecider, stockEvents);
    const none = { decisions: [], answer: 0 };
    if (stock.state.status !== 'active') return none;
    const item = stock.state.item;
    if (!item.seriesId || item.itemType !== 'comic') return none;
    if (entering && !NEW_ISSUE_PERIODS.has(item.periodType)) return none;
    const family = await seriesFamily(ctx, item.seriesId).catch(() => null);
    if (!family) return none;
    const roll = await subscribersOf(ctx, family.ids);
    if (roll.length === 0) return none;
    const userIds = roll.map((r) => r.userId);
    const joinedAt = new Map(roll.map((r) => [r.userId, r.joinedAt]));
    const lists = await ctx.store.readStreams(userIds.map(pullListStreamId));
    const loaded = new Map(userIds.map((u) => [u, loadedFrom(pullListDecider, lists.get(pullListStreamId(u)) ?? [])]));
    const subscriptionOf = (state: PullListState) =>
      family.ids.map((id) => state.subscriptions.get(id)).find((s) => s !== undefined) ?? null;
    const plan = planReservations(
      {
        cover: item.cover,
        printing: item.printing,
        available: availableQuantity(stock.state),
        issueCovers: entering ? await issueCovers(ctx, family.liveId, item.issueNumber, stockId) : [],
      },
      userIds.map((userId) => {
        const { state } = loaded.get(userId)!;
        const before = enteredAt !== null && joinedAt.get(userId)! < enteredAt;
        return { userId, subscription: before ? subscriptionOf(state) : null, reservation: state.reservations.get(stockId) ?? null };
      }),
      { entering },
    );
    if (plan.length === 0) return none;

    const reserved: ReservedItem = {
      stockId,
      comicId: item.comicId,
      title: stockItemName(item),
      seriesId: family.liveId,
      seriesTitle: family.title,
      issueNumber: item.issueNumber,
      cover: item.cover,
      releaseDate: item.releaseDate,
      focDate: item.focDate ?? (await catalogueFocDate(ctx, stockId)),
      batchId: item.batch?.batchId ?? null,
      distributor: item.supplierType,
    };
    const decisions: Decision[] = [];
    const holds: StockItemCommand[] = [];
    for (const p of plan) {
      const list = loaded.get(p.userId)!;
      const events = decide(
        pullListDecider,
        [{ type: 'ReserveCopies', data: { userId: p.userId, item: reserved, quantity: p.quantity, wanted: p.wanted } }],
        list.state,
      ).events;
      if (events.length === 0) continue;
      decisions.push(decision(pullListDecider, pullListStreamId(p.userId), list.version, events));
      if (p.quantity > 0 && p.quantity !== p.previousQuantity) {
        holds.push({ type: 'HoldStock', data: { orderId: pullListHolder(p.userId), quantity: p.quantity } });
      }
    }
    if (holds.length > 0) {
      decisions.push(
        decision(stockItemDecider, stockStreamId(stockId), stock.version, decide(stockItemDecider, holds, stock.state).events),
      );
    }
    return { decisions, answer: decisions.length - (holds.length > 0 ? 1 : 0) };
  });
  return answer;
}
