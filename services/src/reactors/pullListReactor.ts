import type { StockItemEdited } from '@shop/domain/catalogue/index';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '@shop/projections/runner/projector';
import type { Deps } from '../deps/deps.ts';
import { reservePullListCopies } from '../pullLists/reserveCopies.ts';

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
      const work = new Map<string, { enteredAt: bigint | null; event: RecordedEvent }>();
      for (const event of events) {
        const w = reservationWork(event);
        if (!w) continue;
        const seen = work.get(w.stockId);
        work.set(w.stockId, {
          enteredAt: w.entering ? event.position.globalPosition : (seen?.enteredAt ?? null),
          event: seen?.event ?? event,
        });
      }
      for (const [stockId, { enteredAt, event }] of work) {
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
