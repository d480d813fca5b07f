/** Plain-words descriptions of pull-list, series roll and FOC worksheet events for the audit history. */
import type { FocWorksheetEvent } from './focWorksheet.ts';
import type { PullListEvent, SeriesRollEvent } from './pullListEvents.ts';

const copies = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;
const coversWord = (covers: 'all' | 'main') => (covers === 'all' ? 'all covers' : 'the main cover');

export function describePullListEvent(event: PullListEvent | SeriesRollEvent | FocWorksheetEvent): string {
  switch (event.type) {
    case 'PullListSubscribed': {
      const d = event.data;
      const now = `${copies(d.quantity)}, ${coversWord(d.covers)}`;
      return d.previous
        ? `Changed the pull list of ${d.seriesTitle} from ${copies(d.previous.quantity)}, ${coversWord(d.previous.covers)} to ${now}`
        : `Subscribed to ${d.seriesTitle}: ${now}`;
    }
    case 'PullListUnsubscribed':
      return `Unsubscribed from ${event.data.seriesTitle}`;
    case 'PullListCopiesReserved': {
      const d = event.data;
      return `Reserved ${copies(d.quantity)} of ${d.title} for the pull list${d.awaiting > 0 ? ` (${copies(d.awaiting)} awaiting)` : ''}`;
    }
    case 'PullListReservationCancelled':
      return `Cancelled the pull-list reservation of ${event.data.title}`;
    case 'PullListReservationReleased':
      return `Released ${copies(event.data.quantity)} of ${event.data.title} from the pull list into order ${event.data.orderId}`;
    case 'SeriesSubscriberJoined':
      return `A customer subscribed to the series ${event.data.seriesId}`;
    case 'SeriesSubscriberLeft':
      return `A customer unsubscribed from the series ${event.data.seriesId}`;
    case 'FocTotalsAdjusted':
      return `Adjusted the ${event.data.distributor} order of FOC ${event.data.date}: ${event.data.totals
        .map((t) => `${t.title} ${t.total === null ? 'back to suggested' : `to ${t.total}`}`)
        .join(', ')}`;
    case 'FocOrderExported':
      return `Exported the ${event.data.distributor} order of FOC ${event.data.date} (${event.data.lines.length} lines, ${event.data.fileName})`;
  }
}
