import type { PullListAnswer } from '@shop/domain/contract/pullLists';
import { isPastFoc } from '@shop/domain/catalogue/index';
import type { PullListState } from '@shop/domain/pullLists/index';

/**
 * The pull list as the customer sees it: subscriptions by title, and the reservations still
 * reserved or released into an order (cancelled ones are gone), newest release first.
 */
export function pullListAnswerOf(state: PullListState, now: Date): PullListAnswer {
  const subscriptions = [...state.subscriptions.values()]
    .map((s) => ({ seriesId: s.seriesId, title: s.seriesTitle, quantity: s.quantity, covers: s.covers }))
    .sort((a, b) => a.title.localeCompare(b.title, 'en'));
  const reserved = [...state.reservations.values()]
    .filter((r) => r.status !== 'cancelled')
    .map((r) => ({
      stockId: r.stockId,
      comicId: r.comicId,
      title: r.title,
      seriesId: r.seriesId,
      issueNumber: r.issueNumber,
      quantity: r.quantity,
      awaiting: r.awaiting,
      releaseDate: r.releaseDate,
      focDate: r.focDate,
      status: r.status as 'reserved' | 'released',
      cancellable: r.status === 'reserved' && !isPastFoc(r.focDate, now),
    }))
    .reverse()
    .sort((a, b) => (b.releaseDate ?? '').localeCompare(a.releaseDate ?? ''));
  return { subscriptions, reserved };
}
