import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { pullListDecider, type Reservation } from './pullList.ts';
import type { PullListCopiesReserved, PullListEvent, PullListSubscribed, ReservedItem } from './pullListEvents.ts';
import { planReservations, subscriptionTakes } from './planReservations.ts';
import { seriesRollDecider } from './seriesRoll.ts';

const spec = deciderSpec(pullListDecider);
const subscribed: PullListSubscribed = {
  type: 'PullListSubscribed',
  data: { userId: 'u1', seriesId: 'saga', seriesTitle: 'Saga', quantity: 2, covers: 'main', previous: null },
};
const item: ReservedItem = {
  stockId: 's1',
  comicId: 'LUN1',
  title: 'Saga #70',
  seriesId: 'saga',
  seriesTitle: 'Saga',
  issueNumber: '70',
  cover: 'A',
  releaseDate: '2026-12-24',
  focDate: '2026-12-01',
  batchId: 'b1',
  distributor: 'lunar',
};
const reserved: PullListCopiesReserved = {
  type: 'PullListCopiesReserved',
  data: { ...item, userId: 'u1', quantity: 1, previousQuantity: 0, wanted: 2, awaiting: 1, first: true },
};

describe('Subscribe', () => {
  it('subscribes with a quantity and covers', () => {
    spec
      .given([])
      .when({ type: 'Subscribe', data: { userId: 'u1', seriesId: 'saga', seriesTitle: 'Saga', quantity: 2, covers: 'main' } })
      .then([subscribed]);
  });
  it('changes a subscription, and writes nothing when nothing changes', () => {
    spec
      .given([subscribed])
      .when({ type: 'Subscribe', data: { userId: 'u1', seriesId: 'saga', seriesTitle: 'Saga', quantity: 3, covers: 'all' } })
      .then([
        { type: 'PullListSubscribed', data: { ...subscribed.data, quantity: 3, covers: 'all', previous: { quantity: 2, covers: 'main' } } },
      ]);
    spec
      .given([subscribed])
      .when({ type: 'Subscribe', data: { userId: 'u1', seriesId: 'saga', seriesTitle: 'Saga', quantity: 2, covers: 'main' } })
      .then([]);
  });
  it('refuses a quantity outside 1..10', () => {
    for (const quantity of [0, 11, 1.5]) {
      spec
        .given([])
        .when({ type: 'Subscribe', data: { userId: 'u1', seriesId: 'saga', seriesTitle: 'Saga', quantity, covers: 'all' } })
        .thenThrows(/from 1 to 10/, 'invalid');
    }
  });
  it('unsubscribes once', () => {
    spec
      .given([subscribed])
      .when({ type: 'Unsubscribe', data: { userId: 'u1', seriesId: 'saga' } })
      .then([{ type: 'PullListUnsubscribed', data: { userId: 'u1', seriesId: 'saga', seriesTitle: 'Saga' } }]);
    spec
      .given([])
      .when({ type: 'Unsubscribe', data: { userId: 'u1', seriesId: 'saga' } })
      .then([]);
  });
});

describe('ReserveCopies', () => {
  it('reserves what it is told, once (a total, like a stock hold)', () => {
    spec
      .given([subscribed])
      .when({ type: 'ReserveCopies', data: { userId: 'u1', item, quantity: 1, wanted: 2 } })
      .then([reserved]);
    spec
      .given([subscribed, reserved])
      .when({ type: 'ReserveCopies', data: { userId: 'u1', item, quantity: 1, wanted: 2 } })
      .then([]);
  });
  it('fills awaiting copies later', () => {
    spec
      .given([subscribed, reserved])
      .when({ type: 'ReserveCopies', data: { userId: 'u1', item, quantity: 2, wanted: 2 } })
      .then([{ type: 'PullListCopiesReserved', data: { ...reserved.data, quantity: 2, previousQuantity: 1, awaiting: 0, first: false } }]);
  });
  it('takes nothing more for a cancelled reservation', () => {
    const cancelled: PullListEvent = {
      type: 'PullListReservationCancelled',
      data: { userId: 'u1', stockId: 's1', title: 'Saga #70', seriesId: 'saga', quantity: 1, awaiting: 1 },
    };
    spec
      .given([reserved, cancelled])
      .when({ type: 'ReserveCopies', data: { userId: 'u1', item, quantity: 2, wanted: 2 } })
      .then([]);
  });
});

describe('CancelReservation', () => {
  it('cancels until the end of the FOC day in Sydney', () => {
    // 1 Dec 2026 23:30 in Sydney (UTC+11) is 12:30 UTC.
    spec
      .given([reserved])
      .when({ type: 'CancelReservation', data: { userId: 'u1', stockId: 's1', now: '2026-12-01T12:30:00Z' } })
      .then([
        {
          type: 'PullListReservationCancelled',
          data: { userId: 'u1', stockId: 's1', title: 'Saga #70', seriesId: 'saga', quantity: 1, awaiting: 1 },
        },
      ]);
  });
  it('refuses after FOC (409) and for an unknown item (404)', () => {
    spec
      .given([reserved])
      .when({ type: 'CancelReservation', data: { userId: 'u1', stockId: 's1', now: '2026-12-01T13:30:00Z' } })
      .thenThrows(/can no longer be cancelled: its final order cut-off was 1 Dec 2026/, 'conflict');
    spec
      .given([reserved])
      .when({ type: 'CancelReservation', data: { userId: 'u1', stockId: 'nope', now: '2026-11-01T00:00:00Z' } })
      .thenThrows(/no reservation/, 'not-found');
  });
});

describe('ReleaseReservation', () => {
  it('releases reserved copies into an order once', () => {
    const released: PullListEvent = {
      type: 'PullListReservationReleased',
      data: { userId: 'u1', stockId: 's1', title: 'Saga #70', seriesId: 'saga', quantity: 1, orderId: 'o1' },
    };
    spec
      .given([reserved])
      .when({ type: 'ReleaseReservation', data: { userId: 'u1', stockId: 's1', orderId: 'o1' } })
      .then([released]);
    spec
      .given([reserved, released])
      .when({ type: 'ReleaseReservation', data: { userId: 'u1', stockId: 's1', orderId: 'o1' } })
      .then([]);
  });
});

describe('planReservations', () => {
  const sub = (userId: string, quantity: number, covers: 'all' | 'main' = 'all') => ({
    userId,
    subscription: { seriesId: 'saga', seriesTitle: 'Saga', quantity, covers },
    reservation: null,
  });
  const issue = { cover: 'A', printing: 1, issueCovers: ['A', 'B', '1:25'] };

  it('reserves in subscription order; the rest await copies', () => {
    expect(planReservations({ ...issue, available: 3 }, [sub('u1', 2), sub('u2', 2), sub('u3', 1)], { entering: true })).toEqual([
      { userId: 'u1', quantity: 2, wanted: 2, previousQuantity: 0 },
      { userId: 'u2', quantity: 1, wanted: 2, previousQuantity: 0 },
      { userId: 'u3', quantity: 0, wanted: 1, previousQuantity: 0 },
    ]);
  });
  it('fills awaiting copies in order, and adds no new subscribers when the item is not entering', () => {
    const state = fold(pullListDecider, [subscribed, reserved]);
    const waiting = { userId: 'u1', subscription: null, reservation: state.reservations.get('s1') as Reservation };
    expect(planReservations({ ...issue, available: 5 }, [waiting, sub('u2', 1)], { entering: false })).toEqual([
      { userId: 'u1', quantity: 2, wanted: 2, previousQuantity: 1 },
    ]);
  });
  it("'all' takes regular covers, never a ratio cover; 'main' the main cover; never a reprint", () => {
    expect(subscriptionTakes('all', { ...issue, cover: 'B' })).toBe(true);
    expect(subscriptionTakes('all', { ...issue, cover: '1:25' })).toBe(false);
    expect(subscriptionTakes('main', { ...issue, cover: 'B' })).toBe(false);
    expect(subscriptionTakes('main', { ...issue, cover: 'A' })).toBe(true);
    expect(subscriptionTakes('main', { cover: 'B', printing: 1, issueCovers: ['B', 'C'] })).toBe(true);
    expect(subscriptionTakes('all', { ...issue, printing: 2 })).toBe(false);
  });
});

describe('the series roll', () => {
  it('keeps subscribers in the order they joined; leaving and joining again goes to the end', () => {
    const events = [
      ...seriesRollDecider.decide({ type: 'JoinRoll', data: { seriesId: 'saga', userId: 'a' } }, { subscribers: [] }),
      ...seriesRollDecider.decide({ type: 'JoinRoll', data: { seriesId: 'saga', userId: 'b' } }, { subscribers: ['a'] }),
      ...seriesRollDecider.decide({ type: 'LeaveRoll', data: { seriesId: 'saga', userId: 'a' } }, { subscribers: ['a', 'b'] }),
      ...seriesRollDecider.decide({ type: 'JoinRoll', data: { seriesId: 'saga', userId: 'a' } }, { subscribers: ['b'] }),
    ];
    expect(fold(seriesRollDecider, events).subscribers).toEqual(['b', 'a']);
    expect(seriesRollDecider.decide({ type: 'JoinRoll', data: { seriesId: 'saga', userId: 'b' } }, { subscribers: ['b'] })).toEqual([]);
  });
});
