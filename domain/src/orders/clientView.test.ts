import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { orderClientView } from './clientView.ts';
import { orderDecider } from './order.ts';
import type { OrderEvent } from './orderEvents.ts';
import {
  added,
  catalogue,
  catan,
  checkoutStartedEvent,
  home,
  orderCompletedEvent,
  sameAsBilling,
  saga,
  shippingSet,
  started,
  T0,
} from './testFixtures.ts';

const stateOf = (events: OrderEvent[]) => fold(orderDecider, events);

describe('orderClientView', () => {
  it('shows a current order with computed totals and the amount to pay as latestTransaction', () => {
    const view = orderClientView(stateOf([started(), added(saga, 2), added(catan, 1), shippingSet(), sameAsBilling]), {
      creditAvailableCents: 1000,
    });
    expect(view).toEqual({
      _id: 'o1',
      publicId: 1042,
      type: 'ioa',
      date: T0,
      complete: false,
      posted: false,
      carriedForward: 0,
      orderItems: [
        {
          _id: 's3',
          name: 'Catan',
          type: 'game',
          itemType: 'game',
          periodType: null,
          supplierType: 'lpg',
          available: 2,
          quantity: 1,
          price: 6500,
          comicId: 'G0001',
          pnp: 1500,
        },
        {
          _id: 's1',
          name: 'Saga #1',
          type: 'new',
          itemType: 'comic',
          periodType: 'new',
          supplierType: 'diamond',
          available: 3,
          quantity: 2,
          price: 595,
          comicId: 'JAN250001',
          pnp: 0,
        },
      ],
      // 2 comics in an order of $76.90: tracked letter 850, plus Catan's own 1500.
      latestTransaction: { value: '9040', cardToken: '', buyerToken: '', complete: false },
      email: '',
      shippingAddress: home,
      billingAddress: null,
      shippingIsPickup: false,
      shippingIsSameAsBilling: true,
      searchTerms: '',
      searchHistory: [],
      name: '',
      completedDate: null,
      postedDate: null,
      trackingNumber: null,
      toPay: 9040,
      pnp: 2350,
      total: 7690,
      itemCount: 3,
      paid: 0,
      creditFrom: 1000,
      creditForward: 0,
    });
  });
  it('takes available from the catalogue when given', () => {
    const view = orderClientView(stateOf([started(), added(saga, 1)]), {
      creditAvailableCents: 0,
      catalogue: catalogue({ ...saga, available: 1 }),
    });
    expect(view.orderItems[0]?.available).toBe(1);
  });
  it('uses no credit on an ad-hoc sale', () => {
    const view = orderClientView(stateOf([started(), added(saga, 1), { type: 'OrderNameSet', data: { name: 'Bob' } }]), {
      creditAvailableCents: 1000,
    });
    expect(view).toMatchObject({ name: 'Bob', pnp: 0, creditFrom: 0, toPay: 595 });
  });
  it('shows a completed order with its frozen totals', () => {
    const totals = {
      itemCount: 1,
      total: 595,
      pnp: 450,
      paid: 1200,
      creditFrom: 0,
      creditLeft: 0,
      creditForward: 155,
      toPay: 0,
      paidInFull: true,
    };
    const view = orderClientView(
      stateOf([
        started(),
        added(saga, 1),
        checkoutStartedEvent(),
        { type: 'PaymentRecorded', data: { checkoutId: 'c1', paymentId: 'p1', amountCents: 1200, provider: 'card', recordedAt: T0 } },
        orderCompletedEvent({ totals, creditForward: 155 }),
        { type: 'OrderPosted', data: { postedDate: T0, trackingNumber: 'AB1' } },
      ]),
      { creditAvailableCents: 99_999 },
    );
    expect(view).toMatchObject({
      complete: true,
      posted: true,
      completedDate: T0,
      postedDate: T0,
      trackingNumber: 'AB1',
      paid: 1200,
      toPay: 0,
      carriedForward: 155,
      creditForward: 155,
      creditFrom: 0,
      latestTransaction: { value: '1200', complete: true },
    });
  });
});
