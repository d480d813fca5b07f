import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/deciderSpec.ts';
import type { CatalogueLookup } from './catalogueView.ts';
import { orderDecider } from './order.ts';
import type { BeginCheckout, RecordPayment } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { toCheckoutLine } from './orderLine.ts';
import {
  added,
  admin,
  catalogue,
  guest,
  guestStarted,
  home,
  jane,
  line,
  pickupSet,
  sameAsBilling,
  saga,
  shippingSet,
  started,
  stranger,
  T0,
  T1,
} from './testFixtures.ts';
import type { OrderTotals } from './totals.ts';

const spec = deciderSpec(orderDecider);

const begin = (over: Partial<BeginCheckout> = {}): BeginCheckout => ({
  type: 'BeginCheckout',
  by: jane,
  checkoutId: 'c1',
  catalogue: catalogue(),
  creditAvailableCents: 0,
  at: T1,
  ...over,
});
const totals = (over: Partial<OrderTotals>): OrderTotals => ({
  itemCount: 2,
  total: 1190,
  pnp: 450,
  paid: 0,
  creditFrom: 0,
  creditLeft: 0,
  creditForward: 0,
  toPay: 1640,
  paidInFull: false,
  ...over,
});
const checkoutStarted = (over: Partial<Extract<OrderEvent, { type: 'CheckoutStarted' }>['data']> = {}): OrderEvent => ({
  type: 'CheckoutStarted',
  data: {
    checkoutId: 'c1',
    startedAt: T1,
    adhoc: false,
    pickup: false,
    lines: [toCheckoutLine(line(saga, 2))],
    totals: totals({}),
    creditToUse: 0,
    ...over,
  },
});
const ready = [started(), added(saga, 2), shippingSet(), sameAsBilling];
const pay = (amountCents: number, over: Partial<RecordPayment> = {}): RecordPayment => ({
  type: 'RecordPayment',
  checkoutId: 'c1',
  paymentId: 'p1',
  amountCents,
  provider: 'card',
  at: T1,
  ...over,
});
const paid = (amountCents: number, paymentId = 'p1', checkoutId = 'c1'): OrderEvent => ({
  type: 'PaymentRecorded',
  data: { checkoutId, paymentId, amountCents, provider: 'card', recordedAt: T1 },
});

describe('BeginCheckout', () => {
  it('starts a checkout with the lines, totals and the credit to use', () => {
    spec
      .given(ready)
      .when(begin({ creditAvailableCents: 500 }))
      .then([checkoutStarted({ totals: totals({ creditFrom: 500, toPay: 1140 }), creditToUse: 500 })]);
  });
  it('uses only the credit needed', () => {
    spec
      .given(ready)
      .when(begin({ creditAvailableCents: 5000 }))
      .then([checkoutStarted({ totals: totals({ creditFrom: 1640, creditLeft: 3360, toPay: 0, paidInFull: true }), creditToUse: 1640 })]);
  });
  it('needs no address for pickup, and charges no postage', () => {
    spec
      .given([guestStarted(), added(saga, 2), pickupSet, { type: 'OrderEmailSet', data: { email: 'g@example.com' } }])
      .when(begin({ by: guest }))
      .then([checkoutStarted({ pickup: true, totals: totals({ pnp: 0, toPay: 1190 }) })]);
  });
  it('needs a billing address unless it is the same as shipping', () => {
    spec
      .given([started(), added(saga, 2), shippingSet()])
      .when(begin())
      .thenThrows(/Please enter a billing address/, 'invalid');
    spec
      .given([started(), added(saga, 2), shippingSet(), { type: 'BillingAddressSet', data: { address: home } }])
      .when(begin())
      .then([checkoutStarted()]);
  });
  it('needs a shipping address', () => {
    spec
      .given([started(), added(saga, 2), sameAsBilling])
      .when(begin())
      .thenThrows(/Please enter a shipping address/, 'invalid');
  });
  it('needs every address field', () => {
    spec
      .given([started(), added(saga, 2), shippingSet({ ...home, suburb: '' }), sameAsBilling])
      .when(begin())
      .thenThrows(/Shipping address: Suburb is required/, 'invalid');
    spec
      .given([started(), added(saga, 2), shippingSet(), { type: 'BillingAddressSet', data: { address: { ...home, postalCode: '40' } } }])
      .when(begin())
      .thenThrows(/Billing address: Postal code must be 4 digits/, 'invalid');
  });
  it('refuses an order with no items', () => {
    spec
      .given([started(), shippingSet(), sameAsBilling])
      .when(begin())
      .thenThrows(/Your order has no items/, 'invalid');
  });
  it('needs a guest’s email', () => {
    spec
      .given([guestStarted(), added(saga, 2), pickupSet])
      .when(begin({ by: guest }))
      .thenThrows(/Please enter your email address/, 'invalid');
    spec
      .given([guestStarted(), added(saga, 2), pickupSet, { type: 'OrderEmailSet', data: { email: 'not-an-email' } }])
      .when(begin({ by: guest }))
      .thenThrows(/Invalid email address/, 'invalid');
  });
  it('refuses pickup for a user without it', () => {
    spec
      .given([started(), added(saga, 2), pickupSet])
      .when(begin())
      .thenThrows(/Local pickup is not available/, 'forbidden');
  });
  it('starts an ad-hoc sale for an admin with a customer name: no postage, address or credit', () => {
    const adminOrder = [started({ ownerUserId: 'admin-1' }), added(saga, 2), { type: 'OrderNameSet', data: { name: 'Bob' } } as OrderEvent];
    spec
      .given(adminOrder)
      .when(begin({ by: admin, adhoc: true, creditAvailableCents: 5000 }))
      .then([checkoutStarted({ adhoc: true, totals: totals({ pnp: 0, toPay: 1190 }) })]);
  });
  it('refuses an ad-hoc sale without an admin', () => {
    spec
      .given([...ready, { type: 'OrderNameSet', data: { name: 'Bob' } }])
      .when(begin())
      .thenThrows(/ad-hoc sale needs an admin/, 'forbidden');
  });
  it('refuses an ad-hoc sale without a customer name', () => {
    spec
      .given([started({ ownerUserId: 'admin-1' }), added(saga, 2)])
      .when(begin({ by: admin, adhoc: true }))
      .thenThrows(/needs the customer's name/, 'invalid');
  });
  it('refuses when an item went missing, sold out or changed price', () => {
    const withCatalogue = (cat: CatalogueLookup) => begin({ catalogue: cat });
    spec
      .given(ready)
      .when(withCatalogue(new Map()))
      .thenThrows(/Saga #1 is no longer available/, 'conflict');
    spec
      .given(ready)
      .when(withCatalogue(catalogue({ ...saga, deleted: true })))
      .thenThrows(/no longer available/, 'conflict');
    spec
      .given(ready)
      .when(withCatalogue(catalogue({ ...saga, available: 1 })))
      .thenThrows(/Only 1 of Saga #1 left/, 'conflict');
    spec
      .given(ready)
      .when(withCatalogue(catalogue({ ...saga, available: 0 })))
      .thenThrows(/Saga #1 is sold out/, 'conflict');
    spec
      .given(ready)
      .when(withCatalogue(catalogue({ ...saga, price: 600 })))
      .thenThrows(/price of Saga #1 has changed/, 'conflict');
    spec
      .given(ready)
      .when(withCatalogue(catalogue({ ...saga, name: 'Saga #1 (B)' })))
      .thenThrows(/Saga #1 has changed/, 'conflict');
  });
  it('refuses a checkout already in progress, a complete order, someone else’s or a missing order', () => {
    spec
      .given([...ready, checkoutStarted()])
      .when(begin({ checkoutId: 'c2' }))
      .thenThrows(/in progress/, 'conflict');
    spec
      .given([...ready, checkoutStarted({ creditToUse: 1640 })])
      .when(begin())
      .thenThrows(/in progress/, 'conflict');
    const complete = orderDecider.decide(
      { type: 'CompleteOrder', checkoutId: 'c1', completedDate: T1 },
      fold(orderDecider, [...ready, checkoutStarted(), paid(1640)]),
    );
    spec
      .given([...ready, checkoutStarted(), paid(1640), ...complete])
      .when(begin({ checkoutId: 'c2' }))
      .thenThrows(/complete/, 'conflict');
    spec
      .given(ready)
      .when(begin({ by: stranger }))
      .thenThrows(/not yours/, 'forbidden');
    spec
      .given([])
      .when(begin())
      .thenThrows(/Order not found/, 'not-found');
  });
});

describe('RecordPayment', () => {
  const inCheckout = [...ready, checkoutStarted()];
  it('records a payment for the checkout in progress', () => {
    spec
      .given(inCheckout)
      .when(pay(1640))
      .then([paid(1640)]);
  });
  it('records the same payment once', () => {
    spec
      .given([...inCheckout, paid(1640)])
      .when(pay(1640))
      .then([]);
  });
  it('refuses without a checkout in progress', () => {
    spec
      .given(ready)
      .when(pay(1640))
      .thenThrows(/no checkout in progress/, 'conflict');
  });
  it('refuses a payment for another checkout', () => {
    spec
      .given(inCheckout)
      .when(pay(1640, { checkoutId: 'c0' }))
      .thenThrows(/different checkout/, 'conflict');
  });
  it('refuses a zero or fractional amount', () => {
    spec
      .given(inCheckout)
      .when(pay(0))
      .thenThrows(/more than 0/, 'invalid');
    spec
      .given(inCheckout)
      .when(pay(10.5))
      .thenThrows(/whole number of cents/, 'invalid');
  });
  it('takes in-person payment only for an ad-hoc sale', () => {
    spec
      .given(inCheckout)
      .when(pay(1640, { provider: 'in_person' }))
      .thenThrows(/Only an ad-hoc sale/, 'forbidden');
    spec
      .given([...ready, checkoutStarted({ adhoc: true })])
      .when(pay(1190, { provider: 'in_person' }))
      .then([
        { type: 'PaymentRecorded', data: { checkoutId: 'c1', paymentId: 'p1', amountCents: 1190, provider: 'in_person', recordedAt: T1 } },
      ]);
  });
  it('refuses a missing order', () => {
    spec
      .given([])
      .when(pay(100))
      .thenThrows(/Order not found/, 'not-found');
  });
});

describe('CompleteOrder', () => {
  const complete = { type: 'CompleteOrder', checkoutId: 'c1', completedDate: T1 } as const;
  const completed = (over: Partial<Extract<OrderEvent, { type: 'OrderCompleted' }>['data']>): OrderEvent => ({
    type: 'OrderCompleted',
    data: {
      checkoutId: 'c1',
      completedDate: T1,
      publicId: 1042,
      ownerUserId: 'u1',
      email: '',
      adhoc: false,
      name: '',
      pickup: false,
      lines: [toCheckoutLine(line(saga, 2))],
      totals: totals({ paid: 1640, toPay: 0, paidInFull: true }),
      creditUsed: 0,
      creditForward: 0,
      ...over,
    },
  });

  it('completes a paid order with frozen totals', () => {
    spec
      .given([...ready, checkoutStarted(), paid(1640)])
      .when(complete)
      .then([completed({})]);
  });
  it('completes with the credit set aside plus a card payment', () => {
    spec
      .given([...ready, checkoutStarted({ creditToUse: 500 }), paid(1140)])
      .when(complete)
      .then([completed({ totals: totals({ paid: 1140, creditFrom: 500, toPay: 0, paidInFull: true }), creditUsed: 500 })]);
  });
  it('completes an order paid by credit alone', () => {
    spec
      .given([...ready, checkoutStarted({ creditToUse: 1640 })])
      .when(complete)
      .then([completed({ totals: totals({ creditFrom: 1640, toPay: 0, paidInFull: true }), creditUsed: 1640 })]);
  });
  it('carries an overpayment forward', () => {
    spec
      .given([...ready, checkoutStarted(), paid(1000), paid(1000, 'p2')])
      .when(complete)
      .then([completed({ totals: totals({ paid: 2000, toPay: 0, creditForward: 360, paidInFull: true }), creditForward: 360 })]);
  });
  it('accepts 1 cent short as paid in full', () => {
    spec
      .given([...ready, checkoutStarted(), paid(1639)])
      .when(complete)
      .then([completed({ totals: totals({ paid: 1639, toPay: 1, paidInFull: true }) })]);
  });
  it('records the guest’s email on a guest order', () => {
    const guestReady = [
      guestStarted(),
      added(saga, 2),
      pickupSet,
      { type: 'OrderEmailSet', data: { email: 'g@example.com' } } as OrderEvent,
    ];
    const [started] = orderDecider.decide(begin({ by: guest }), fold(orderDecider, guestReady));
    const events = orderDecider.decide(complete, fold(orderDecider, [...guestReady, started!, paid(1190)]));
    expect(events[0]).toMatchObject({ type: 'OrderCompleted', data: { ownerUserId: null, email: 'g@example.com', pickup: true } });
  });
  it('refuses an order not paid in full', () => {
    spec
      .given([...ready, checkoutStarted(), paid(1000)])
      .when(complete)
      .thenThrows(/not been paid in full: \$6.40 to pay/, 'payment-required');
  });
  it('refuses without the checkout in progress', () => {
    spec
      .given(ready)
      .when(complete)
      .thenThrows(/no checkout in progress/, 'conflict');
    spec
      .given([...ready, checkoutStarted({ checkoutId: 'c2' })])
      .when(complete)
      .thenThrows(/no checkout in progress/, 'conflict');
  });
  it('completes the same checkout once', () => {
    spec
      .given([...ready, checkoutStarted(), paid(1640), completed({})])
      .when(complete)
      .then([]);
  });
  it('refuses completing again with another checkout', () => {
    spec
      .given([...ready, checkoutStarted(), paid(1640), completed({})])
      .when({ ...complete, checkoutId: 'c2' })
      .thenThrows(/already complete/, 'conflict');
  });
  it('refuses a missing order', () => {
    spec
      .given([])
      .when(complete)
      .thenThrows(/Order not found/, 'not-found');
  });
});

describe('FailCheckout', () => {
  const fail = (reason = 'Card declined', checkoutId = 'c1') => ({ type: 'FailCheckout', checkoutId, reason }) as const;
  it('ends the checkout and leaves the order current', () => {
    spec
      .given([...ready, checkoutStarted()])
      .when(fail())
      .then([{ type: 'CheckoutFailed', data: { checkoutId: 'c1', reason: 'Card declined' } }]);
    const state = fold(orderDecider, [
      ...ready,
      checkoutStarted(),
      paid(500),
      { type: 'CheckoutFailed', data: { checkoutId: 'c1', reason: 'x' } },
    ]);
    expect(state).toMatchObject({ checkout: null, complete: false });
    expect(state.payments).toHaveLength(1);
  });
  it('gives a reason when none is given', () => {
    spec
      .given([...ready, checkoutStarted()])
      .when(fail(' '))
      .then([{ type: 'CheckoutFailed', data: { checkoutId: 'c1', reason: 'The checkout did not finish' } }]);
  });
  it('fails the same checkout once', () => {
    spec
      .given([...ready, checkoutStarted(), { type: 'CheckoutFailed', data: { checkoutId: 'c1', reason: 'x' } }])
      .when(fail())
      .then([]);
  });
  it('refuses without that checkout in progress', () => {
    spec
      .given(ready)
      .when(fail())
      .thenThrows(/no checkout in progress/, 'conflict');
  });
  it('refuses failing a completed checkout', () => {
    const events = orderDecider.decide(
      { type: 'CompleteOrder', checkoutId: 'c1', completedDate: T1 },
      fold(orderDecider, [...ready, checkoutStarted(), paid(1640)]),
    );
    spec
      .given([...ready, checkoutStarted(), paid(1640), ...events])
      .when(fail())
      .thenThrows(/already complete/, 'conflict');
  });
  it('refuses a missing order', () => {
    spec
      .given([])
      .when(fail())
      .thenThrows(/Order not found/, 'not-found');
  });
});

describe('a checkout that fails can be tried again', () => {
  it('keeps the payment made and asks only for the rest', () => {
    const given = [
      ...ready,
      checkoutStarted(),
      paid(1000),
      { type: 'CheckoutFailed', data: { checkoutId: 'c1', reason: 'x' } } as OrderEvent,
    ];
    const [again] = orderDecider.decide(begin({ checkoutId: 'c2', at: T0 }), fold(orderDecider, given));
    expect(again).toMatchObject({ type: 'CheckoutStarted', data: { checkoutId: 'c2', totals: { paid: 1000, toPay: 640 } } });
  });
});
