import type { StockItemEdited } from '@shop/domain/catalogue/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '@shop/projections/runner/projector';
import type { Deps } from '../deps/deps.ts';
import { reservePullListCopies } from '../pullLists/reserveCopies.ts';
import { seriesFamily, subscribersOf } from '../pullLists/pullListStreams.ts';

/** What an event asks of the pull lists: reserve copies of an item (entering its series), or fill awaiting ones. */
function reservationWork(event: RecordedEvent): { stockId: string; entering: boolean } | null {
  const data = event.data as { stockItemId?: string; stockId?: string };
  switch (event.type) {
    case 'StockItemAdded':
      // An item in no series (most of an import's toys and games) asks nothing: no stream is read for it.
      return (event.data as { seriesId?: string | null }).seriesId ? { stockId: data.stockItemId!, entering: true } : null;
    case 'StockItemEdited': {
      const changes = (event as unknown as StockItemEdited).data.changes;
      if (changes.seriesId !== undefined || changes.periodType !== undefined) return { stockId: data.stockItemId!, entering: true };
      return changes.number !== undefined ? { stockId: data.stockItemId!, entering: false } : null;
    }
    case 'StockQuantityAdjusted':
    case 'StockHoldReleased':
      return { stockId: data.stockItemId!, entering: false };
    case 'PullListReservationCancelled':
      return { stockId: data.stockId!, entering: false };
    default:
      return null;
  }
}

/**
 * The pull-list reactor: when an issue enters a series (added, imported, or moved into it), it
 * reserves the subscribers' copies; when copies free up (more stock, a hold released, a reservation
 * cancelled) it fills copies awaiting, in subscription order. Its writes go through the handler
 * like any command, with the event as their cause; they are totals, so reading an event again
 * (a crash before the checkpoint moved) writes nothing new. An item whose step fails (a store
 * error) fails the batch, which is read again.
 */
export function pullListReactor(ctx: Pick<Deps, 'store' | 'ids' | 'db' | 'clock'>): Projector {
  return {
    name: 'reactor-pull-list',
    tables: [],
    eventTypes: ['StockItemAdded', 'StockItemEdited', 'StockQuantityAdjusted', 'StockHoldReleased', 'PullListReservationCancelled'],
    async apply(_trx, events) {
      // One step per item, entering wins over filling: an import's thousand lines are a thousand steps,
      // most of them ending at once (no series, or nobody subscribed).
      const work = new Map<string, { enteredAt: bigint | null; event: RecordedEvent; seriesId: string | null }>();
      for (const event of events) {
        const w = reservationWork(event);
        if (!w) continue;
        const seen = work.get(w.stockId);
        // Only an added item's event names its series; for the others the step reads the item.
        const seriesId = event.type === 'StockItemAdded' && !seen ? ((event.data as { seriesId?: string | null }).seriesId ?? null) : null;
        work.set(w.stockId, {
          enteredAt: w.entering ? event.position.globalPosition : (seen?.enteredAt ?? null),
          event: seen?.event ?? event,
          seriesId,
        });
      }
      // Whether a series has subscribers at all, read once per series and batch: an import or the demo
      // loader adds thousands of items to series nobody subscribes to, and those cost no more reads.
      // (A subscriber who joins after this read joined after the item entered: it is not theirs anyway.)
      const subscribed = new Map<string, Promise<boolean>>();
      const hasSubscribers = (seriesId: string) => {
        let known = subscribed.get(seriesId);
        if (!known) {
          known = seriesFamily(ctx, seriesId)
            .then((family) => subscribersOf(ctx, family.ids))
            .then((roll) => roll.length > 0)
            .catch((e: unknown) => {
              if (e instanceof DomainError) return false; // a series that does not exist has nobody
              throw e;
            });
          subscribed.set(seriesId, known);
        }
        return known;
      };
      for (const [stockId, { enteredAt, event, seriesId }] of work) {
        if (seriesId && !(await hasSubscribers(seriesId))) continue;
        await reservePullListCopies(
          ctx,
          stockId,
          { enteredAt },
          {
            actor: { kind: 'system', name: 'pull-lists' },
            correlationId: event.metadata.correlationId,
            causationId: event.eventId,
            requestId: null,
            time: ctx.clock().toISOString(),
          },
        );
      }
    },
  };
}
