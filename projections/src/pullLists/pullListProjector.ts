import { PULL_LIST_EVENT_TYPES, type PullListEvent } from '@shop/domain/pullLists/index';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '../runner/projector.ts';

/** `pull_list_subscriptions` and `pull_list_reservations`, from the customers' pull-list streams. */
export const pullListProjector: Projector = {
  name: 'pull-lists',
  tables: ['pull_list_subscriptions', 'pull_list_reservations'],
  eventTypes: PULL_LIST_EVENT_TYPES,
  async apply(trx, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = recorded as unknown as PullListEvent;
      const position = recorded.position.globalPosition.toString();
      const d = event.data;
      switch (event.type) {
        case 'PullListSubscribed':
          await trx
            .insertInto('pull_list_subscriptions')
            .values({
              user_id: d.userId,
              series_id: event.data.seriesId,
              series_title: event.data.seriesTitle,
              quantity: event.data.quantity,
              covers: event.data.covers,
              subscribed_position: position,
            })
            .onConflict((c) =>
              c.columns(['user_id', 'series_id']).doUpdateSet({
                series_title: event.data.seriesTitle,
                quantity: event.data.quantity,
                covers: event.data.covers,
              }),
            )
            .execute();
          break;
        case 'PullListUnsubscribed':
          await trx
            .deleteFrom('pull_list_subscriptions')
            .where('user_id', '=', d.userId)
            .where('series_id', '=', event.data.seriesId)
            .execute();
          break;
        case 'PullListCopiesReserved': {
          const r = event.data;
          await trx
            .insertInto('pull_list_reservations')
            .values({
              user_id: r.userId,
              stock_id: r.stockId,
              comic_id: r.comicId,
              title: r.title,
              series_id: r.seriesId,
              issue_number: r.issueNumber,
              batch_id: r.batchId,
              distributor: r.distributor,
              foc_date: r.focDate,
              release_date: r.releaseDate,
              quantity: r.quantity,
              awaiting: r.awaiting,
              status: 'reserved',
              order_id: null,
              reserved_position: position,
            })
            .onConflict((c) => c.columns(['user_id', 'stock_id']).doUpdateSet({ quantity: r.quantity, awaiting: r.awaiting }))
            .execute();
          break;
        }
        case 'PullListReservationCancelled':
          await trx
            .updateTable('pull_list_reservations')
            .set({ status: 'cancelled' })
            .where('user_id', '=', d.userId)
            .where('stock_id', '=', event.data.stockId)
            .execute();
          break;
        case 'PullListReservationReleased':
          await trx
            .updateTable('pull_list_reservations')
            .set({ status: 'released', order_id: event.data.orderId })
            .where('user_id', '=', d.userId)
            .where('stock_id', '=', event.data.stockId)
            .execute();
          break;
      }
    }
  },
};
