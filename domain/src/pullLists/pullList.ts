/**
 * A customer's pull list (stream type 'pullList', `pullList-{userId}`): their subscriptions and the
 * copies reserved for them.
 *
 * Rules the issue leaves open, decided here (docs/pull-lists.md, "Pull lists: decisions"):
 * - SUBSCRIBE_SETS: subscribing again sets the quantity and covers (no event when nothing changes);
 *   the subscription keeps its place in the series' subscription order.
 * - RESERVE_IS_A_TOTAL: ReserveCopies sets the copies held for the item (as HoldStock does), so a
 *   reactor reading an event again reserves nothing twice; an item given up (cancelled) or released
 *   takes no more reservations.
 * - CANCEL_UNTIL_FOC: a reservation can be cancelled until the end of its FOC day in Sydney; after
 *   it the copies are ordered from the distributor (409). A released one is in the customer's order.
 */
import { DomainError, type Decider } from '../shared/decider.ts';
import { formatFocDate, isPastFoc } from '../catalogue/foc.ts';
import type {
  CoverChoice,
  PullListCopiesReserved,
  PullListEvent,
  PullListReservationCancelled,
  PullListReservationReleased,
  PullListSubscribed,
  PullListUnsubscribed,
  ReservedItem,
} from './pullListEvents.ts';

export const MIN_PULL_QUANTITY = 1;
export const MAX_PULL_QUANTITY = 10;
export const RESERVATION_NOT_FOUND = 'There is no reservation of that item on your pull list';

// ---- Commands ----

export type Subscribe = {
  type: 'Subscribe';
  data: { userId: string; seriesId: string; seriesTitle: string; quantity: number; covers: CoverChoice };
};
export type Unsubscribe = { type: 'Unsubscribe'; data: { userId: string; seriesId: string } };
/** Sets the copies held for the item to `quantity` of the `wanted` (decided by planReservations). */
export type ReserveCopies = { type: 'ReserveCopies'; data: { userId: string; item: ReservedItem; quantity: number; wanted: number } };
/** `focDate`: the item's FOC date now (the catalogue's), null to use the one recorded with the reservation. */
export type CancelReservation = {
  type: 'CancelReservation';
  data: { userId: string; stockId: string; now: string; focDate?: string | null };
};
export type ReleaseReservation = { type: 'ReleaseReservation'; data: { userId: string; stockId: string; orderId: string } };

export type PullListCommand = Subscribe | Unsubscribe | ReserveCopies | CancelReservation | ReleaseReservation;

// ---- State ----

export interface Subscription {
  seriesId: string;
  seriesTitle: string;
  quantity: number;
  covers: CoverChoice;
}

export type ReservationStatus = 'reserved' | 'cancelled' | 'released';

export interface Reservation extends ReservedItem {
  quantity: number;
  wanted: number;
  awaiting: number;
  status: ReservationStatus;
  orderId: string | null;
}

export interface PullListState {
  /** In the order they were first made. */
  subscriptions: ReadonlyMap<string, Subscription>;
  /** stockId -> reservation, in the order they were made. */
  reservations: ReadonlyMap<string, Reservation>;
}

export const initialPullListState = (): PullListState => ({ subscriptions: new Map(), reservations: new Map() });

// ---- Decide ----

function wholeIn(value: number, min: number, max: number, label: string): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new DomainError(`${label} must be a whole number from ${min} to ${max}`, 'invalid');
  }
}

export function subscribe(command: Subscribe['data'], state: PullListState): PullListSubscribed[] {
  wholeIn(command.quantity, MIN_PULL_QUANTITY, MAX_PULL_QUANTITY, 'Quantity');
  const existing = state.subscriptions.get(command.seriesId);
  if (existing && existing.quantity === command.quantity && existing.covers === command.covers) return [];
  return [
    {
      type: 'PullListSubscribed',
      data: {
        ...command,
        previous: existing ? { quantity: existing.quantity, covers: existing.covers } : null,
      },
    },
  ];
}

export function unsubscribe(command: Unsubscribe['data'], state: PullListState): PullListUnsubscribed[] {
  const existing = state.subscriptions.get(command.seriesId);
  if (!existing) return [];
  return [
    { type: 'PullListUnsubscribed', data: { userId: command.userId, seriesId: command.seriesId, seriesTitle: existing.seriesTitle } },
  ];
}

export function reserveCopies(command: ReserveCopies['data'], state: PullListState): PullListCopiesReserved[] {
  const { item, quantity, wanted } = command;
  wholeIn(wanted, MIN_PULL_QUANTITY, MAX_PULL_QUANTITY, 'Copies wanted');
  wholeIn(quantity, 0, wanted, 'Copies reserved');
  const existing = state.reservations.get(item.stockId);
  if (existing && existing.status !== 'reserved') return [];
  if (existing && existing.quantity === quantity && existing.wanted === wanted) return [];
  const base = existing ? { ...item, ...pickItem(existing) } : item;
  return [
    {
      type: 'PullListCopiesReserved',
      data: {
        ...base,
        userId: command.userId,
        quantity,
        previousQuantity: existing?.quantity ?? 0,
        wanted,
        awaiting: wanted - quantity,
        first: !existing,
      },
    },
  ];
}

function pickItem(r: Reservation): ReservedItem {
  const { stockId, comicId, title, seriesId, seriesTitle, issueNumber, cover, releaseDate, focDate, batchId, distributor } = r;
  return { stockId, comicId, title, seriesId, seriesTitle, issueNumber, cover, releaseDate, focDate, batchId, distributor };
}

/** The customer's message when a cancellation comes after FOC. */
export function cancelAfterFocMessage(title: string, focDate: string): string {
  return `${title} can no longer be cancelled: its final order cut-off was ${formatFocDate(focDate)} and your copies have been ordered.`;
}

export function cancelReservation(command: CancelReservation['data'], state: PullListState): PullListReservationCancelled[] {
  const r = state.reservations.get(command.stockId);
  if (!r) throw new DomainError(RESERVATION_NOT_FOUND, 'not-found');
  if (r.status === 'cancelled') return [];
  if (r.status === 'released') throw new DomainError(`${r.title} is already in your order`, 'conflict');
  const focDate = command.focDate ?? r.focDate;
  if (focDate && isPastFoc(focDate, new Date(command.now))) throw new DomainError(cancelAfterFocMessage(r.title, focDate), 'conflict');
  return [
    {
      type: 'PullListReservationCancelled',
      data: {
        userId: command.userId,
        stockId: r.stockId,
        title: r.title,
        seriesId: r.seriesId,
        quantity: r.quantity,
        awaiting: r.awaiting,
      },
    },
  ];
}

export function releaseReservation(command: ReleaseReservation['data'], state: PullListState): PullListReservationReleased[] {
  const r = state.reservations.get(command.stockId);
  if (!r || r.status !== 'reserved' || r.quantity < 1) return [];
  return [
    {
      type: 'PullListReservationReleased',
      data: {
        userId: command.userId,
        stockId: r.stockId,
        title: r.title,
        seriesId: r.seriesId,
        quantity: r.quantity,
        orderId: command.orderId,
      },
    },
  ];
}

export function decidePullList(command: PullListCommand, state: PullListState): PullListEvent[] {
  switch (command.type) {
    case 'Subscribe':
      return subscribe(command.data, state);
    case 'Unsubscribe':
      return unsubscribe(command.data, state);
    case 'ReserveCopies':
      return reserveCopies(command.data, state);
    case 'CancelReservation':
      return cancelReservation(command.data, state);
    case 'ReleaseReservation':
      return releaseReservation(command.data, state);
  }
}

// ---- Evolve ----

export function evolvePullList(state: PullListState, event: PullListEvent): PullListState {
  switch (event.type) {
    case 'PullListSubscribed': {
      const { seriesId, seriesTitle, quantity, covers } = event.data;
      return { ...state, subscriptions: new Map(state.subscriptions).set(seriesId, { seriesId, seriesTitle, quantity, covers }) };
    }
    case 'PullListUnsubscribed': {
      const subscriptions = new Map(state.subscriptions);
      subscriptions.delete(event.data.seriesId);
      return { ...state, subscriptions };
    }
    case 'PullListCopiesReserved': {
      const { userId: _user, previousQuantity: _previous, first: _first, ...reservation } = event.data;
      const existing = state.reservations.get(event.data.stockId);
      return {
        ...state,
        reservations: new Map(state.reservations).set(event.data.stockId, {
          ...reservation,
          status: 'reserved',
          orderId: existing?.orderId ?? null,
        }),
      };
    }
    case 'PullListReservationCancelled':
      return { ...state, reservations: changed(state.reservations, event.data.stockId, { status: 'cancelled' }) };
    case 'PullListReservationReleased':
      return {
        ...state,
        reservations: changed(state.reservations, event.data.stockId, { status: 'released', orderId: event.data.orderId }),
      };
  }
}

function changed(map: ReadonlyMap<string, Reservation>, stockId: string, change: Partial<Reservation>): ReadonlyMap<string, Reservation> {
  const existing = map.get(stockId);
  return existing ? new Map(map).set(stockId, { ...existing, ...change }) : map;
}

export const pullListDecider: Decider<PullListCommand, PullListEvent, PullListState> = {
  streamType: 'pullList',
  initialState: initialPullListState,
  decide: decidePullList,
  evolve: evolvePullList,
};
