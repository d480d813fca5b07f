/**
 * Events of a customer's pull list (stream `pullList-{userId}`, type 'pullList') and of a series'
 * subscriber roll (stream `pullListSeries-{seriesId}`, type 'pullListSeries'). Each event's data
 * names what it is about (series title, item title) so projections and the audit read no other stream.
 */
import type { DomainEvent } from '../shared/events.ts';
import type { CoverChoice } from '../series/covers.ts';

export type { CoverChoice };

/** A subscription, new or changed: `previous` is null for a new one. */
export type PullListSubscribed = DomainEvent<
  'PullListSubscribed',
  {
    userId: string;
    seriesId: string;
    seriesTitle: string;
    quantity: number;
    covers: CoverChoice;
    previous: { quantity: number; covers: CoverChoice } | null;
  }
>;

export type PullListUnsubscribed = DomainEvent<'PullListUnsubscribed', { userId: string; seriesId: string; seriesTitle: string }>;

/** What a reservation is of: the stock item as it was when it entered the catalogue. */
export interface ReservedItem {
  stockId: string;
  comicId: string;
  title: string;
  seriesId: string;
  seriesTitle: string;
  issueNumber: string;
  cover: string;
  releaseDate: string | null;
  focDate: string | null;
  /** The item's batch then (releasing a batch's reservations finds them by it). */
  batchId: string | null;
  /** The item's supplier type: its distributor. */
  distributor: string | null;
}

/**
 * Copies of an item reserved for the customer: `quantity` is the total held for them now (a hold on
 * the item's stock stream under `pullListHolder(userId)`), `wanted` what the subscription asked,
 * `awaiting` = wanted − quantity (copies the shop does not have yet). The first one for an item is
 * the one the customer is emailed about (`first`).
 */
export type PullListCopiesReserved = DomainEvent<
  'PullListCopiesReserved',
  ReservedItem & { userId: string; quantity: number; previousQuantity: number; wanted: number; awaiting: number; first: boolean }
>;

/** The customer gave the reservation up (before FOC): its copies and its awaiting ones. */
export type PullListReservationCancelled = DomainEvent<
  'PullListReservationCancelled',
  { userId: string; stockId: string; title: string; seriesId: string; quantity: number; awaiting: number }
>;

/** The admin released the item's batch: the reserved copies joined the customer's order `orderId`. */
export type PullListReservationReleased = DomainEvent<
  'PullListReservationReleased',
  { userId: string; stockId: string; title: string; seriesId: string; quantity: number; orderId: string }
>;

export type PullListEvent =
  PullListSubscribed | PullListUnsubscribed | PullListCopiesReserved | PullListReservationCancelled | PullListReservationReleased;

export type PullListEventType = PullListEvent['type'];

const PULL_LIST_TYPE_SET: Record<PullListEventType, true> = {
  PullListSubscribed: true,
  PullListUnsubscribed: true,
  PullListCopiesReserved: true,
  PullListReservationCancelled: true,
  PullListReservationReleased: true,
};
export const PULL_LIST_EVENT_TYPES = Object.keys(PULL_LIST_TYPE_SET) as PullListEventType[];

/** On the series' roll: a customer joined (their place is the subscription order) or left. */
export type SeriesSubscriberJoined = DomainEvent<'SeriesSubscriberJoined', { seriesId: string; userId: string }>;
export type SeriesSubscriberLeft = DomainEvent<'SeriesSubscriberLeft', { seriesId: string; userId: string }>;
export type SeriesRollEvent = SeriesSubscriberJoined | SeriesSubscriberLeft;
export const SERIES_ROLL_EVENT_TYPES = ['SeriesSubscriberJoined', 'SeriesSubscriberLeft'] as const;

/** The stock hold of a customer's reserved copies: the "order id" its StockHeld names. */
export const pullListHolder = (userId: string): string => `pull-list-${userId}`;
export const PULL_LIST_HOLDER_PREFIX = 'pull-list-';
/** Stream ids are `{type}-{id}` (services/src/eventstore/streamIds.ts). */
export const pullListStreamId = (userId: string): string => `pullList-${userId}`;
export const seriesRollStreamId = (seriesId: string): string => `pullListSeries-${seriesId}`;
