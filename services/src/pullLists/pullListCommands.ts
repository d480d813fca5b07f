/** The customer's pull-list calls: read, subscribe, unsubscribe, cancel a reservation. */
import type { PullListAnswer } from '@shop/domain/contract/pullLists';
import { stockItemDecider } from '@shop/domain/catalogue/index';
import {
  pullListDecider,
  pullListHolder,
  pullListStreamId,
  RESERVATION_NOT_FOUND,
  seriesRollDecider,
  seriesRollStreamId,
  type SubscribeBody,
} from '@shop/domain/pullLists/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { decide, decision, handleStreams, type Decision } from '../commands/handle.ts';
import { loadedFrom } from '../commands/loadStream.ts';
import { lookupCatalogueItems } from '../catalogue/catalogueLookup.ts';
import { stockStreamId } from '../orders/streams.ts';
import { liveSeries } from '../series/seriesStreams.ts';
import { pullListAnswerOf } from './pullListView.ts';
import { loadPullList } from './pullListStreams.ts';

type Ctx = Pick<Deps, 'store' | 'ids' | 'clock'>;

/** GET /pull-list: from the write side, so a change shows at once. */
export async function readPullList(ctx: Pick<Deps, 'store' | 'clock'>, userId: string): Promise<PullListAnswer> {
  const { state } = await loadPullList(ctx, userId);
  return pullListAnswerOf(state, ctx.clock());
}

/**
 * PUT /pull-list/{seriesId}: subscribe (or change the quantity and covers). An unknown series is a
 * 404; a merged one subscribes to the series it joined. The customer's stream and the series' roll
 * are written together.
 */
export async function subscribeToSeries(
  ctx: Ctx,
  userId: string,
  seriesId: string,
  body: SubscribeBody,
  metadata: EventMetadata,
): Promise<PullListAnswer> {
  const series = await liveSeries(ctx, seriesId);
  const id = series.seriesId;
  const { answer } = await handleStreams(ctx, metadata, async () => {
    const [listEvents, rollEvents] = await Promise.all([
      ctx.store.readStream(pullListStreamId(userId)),
      ctx.store.readStream(seriesRollStreamId(id)),
    ]);
    const list = loadedFrom(pullListDecider, listEvents);
    const roll = loadedFrom(seriesRollDecider, rollEvents);
    const subscribed = decide(
      pullListDecider,
      [
        {
          type: 'Subscribe',
          data: { userId, seriesId: id, seriesTitle: series.series.title, quantity: body.quantity, covers: body.covers },
        },
      ],
      list.state,
    );
    const joined = decide(seriesRollDecider, [{ type: 'JoinRoll', data: { seriesId: id, userId } }], roll.state);
    return {
      decisions: [
        decision(pullListDecider, pullListStreamId(userId), list.version, subscribed.events),
        decision(seriesRollDecider, seriesRollStreamId(id), roll.version, joined.events),
      ],
      answer: subscribed.state,
    };
  });
  return pullListAnswerOf(answer, ctx.clock());
}

/**
 * DELETE /pull-list/{seriesId}: no more reservations from the series (those made stay). Unknown
 * series 404; a series not on the list answers the list as it is.
 */
export async function unsubscribeFromSeries(ctx: Ctx, userId: string, seriesId: string, metadata: EventMetadata): Promise<PullListAnswer> {
  const series = await liveSeries(ctx, seriesId);
  const { answer } = await handleStreams(ctx, metadata, async () => {
    const listEvents = await ctx.store.readStream(pullListStreamId(userId));
    const list = loadedFrom(pullListDecider, listEvents);
    // The subscription is under the id it was made with: the one asked for, or the series it joined.
    const id = list.state.subscriptions.has(seriesId) ? seriesId : series.seriesId;
    const rollEvents = await ctx.store.readStream(seriesRollStreamId(id));
    const roll = loadedFrom(seriesRollDecider, rollEvents);
    const left = decide(pullListDecider, [{ type: 'Unsubscribe', data: { userId, seriesId: id } }], list.state);
    const leftRoll = decide(seriesRollDecider, [{ type: 'LeaveRoll', data: { seriesId: id, userId } }], roll.state);
    return {
      decisions: [
        decision(pullListDecider, pullListStreamId(userId), list.version, left.events),
        decision(seriesRollDecider, seriesRollStreamId(id), roll.version, leftRoll.events),
      ],
      answer: left.state,
    };
  });
  return pullListAnswerOf(answer, ctx.clock());
}

/**
 * DELETE /pull-list/reserved/{stockId}: give a reservation up, until the end of its FOC day in
 * Sydney (the item's FOC date now, else the one recorded); after it, 409. The copies held go back
 * to the item's stock in the same append (and the reactor offers them to customers awaiting copies).
 */
export async function cancelReservation(
  ctx: Ctx & Pick<Deps, 'pool'>,
  userId: string,
  stockId: string,
  metadata: EventMetadata,
): Promise<PullListAnswer> {
  const now = ctx.clock();
  const [item] = await lookupCatalogueItems(ctx.pool, [stockId], now);
  const { answer } = await handleStreams(ctx, metadata, async () => {
    const [listEvents, stockEvents] = await Promise.all([
      ctx.store.readStream(pullListStreamId(userId)),
      ctx.store.readStream(stockStreamId(stockId)),
    ]);
    const list = loadedFrom(pullListDecider, listEvents);
    if (!list.state.reservations.has(stockId)) throw new DomainError(RESERVATION_NOT_FOUND, 'not-found');
    const cancelled = decide(
      pullListDecider,
      [{ type: 'CancelReservation', data: { userId, stockId, now: now.toISOString(), focDate: item?.focDate ?? null } }],
      list.state,
    );
    const decisions: Decision[] = [decision(pullListDecider, pullListStreamId(userId), list.version, cancelled.events)];
    if (cancelled.events.length > 0 && stockEvents.length > 0) {
      const stock = loadedFrom(stockItemDecider, stockEvents);
      const released = decide(stockItemDecider, [{ type: 'ReleaseHold', data: { orderId: pullListHolder(userId) } }], stock.state);
      decisions.push(decision(stockItemDecider, stockStreamId(stockId), stock.version, released.events));
    }
    return { decisions, answer: cancelled.state };
  });
  return pullListAnswerOf(answer, now);
}
