import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { orderDecider } from './order.ts';
import type { OrderEvent } from './orderEvents.ts';
import { added, admin, checkoutStartedEvent, jane, orderCompletedEvent, saga, started, T0, T1, unpaidTotals } from './testFixtures.ts';

const spec = deciderSpec(orderDecider);
const completedOrder: OrderEvent[] = [
  started(),
  added(saga, 1),
  checkoutStartedEvent({ totals: unpaidTotals }),
  { type: 'PaymentRecorded', data: { checkoutId: 'c1', paymentId: 'p1', amountCents: 1045, provider: 'card', recordedAt: T0 } },
  orderCompletedEvent(),
];
const posted = (trackingNumber: string | null): OrderEvent => ({ type: 'OrderPosted', data: { postedDate: T1, trackingNumber } });

describe('PostOrder', () => {
  it('posts a completed order with a tracking number', () => {
    spec
      .given(completedOrder)
      .when({ type: 'PostOrder', by: admin, postedDate: T1, trackingNumber: ' 33ABC123 ' })
      .then([posted('33ABC123')]);
  });
  it('posts without a tracking number when none is given', () => {
    spec
      .given(completedOrder)
      .when({ type: 'PostOrder', by: admin, postedDate: T1, trackingNumber: '' })
      .then([posted(null)]);
    spec
      .given(completedOrder)
      .when({ type: 'PostOrder', by: admin, postedDate: T1 })
      .then([posted(null)]);
  });
  it('refuses a tracking number that is too long or has odd characters', () => {
    spec
      .given(completedOrder)
      .when({ type: 'PostOrder', by: admin, postedDate: T1, trackingNumber: 'x'.repeat(65) })
      .thenThrows(/at most 64/, 'invalid');
    spec
      .given(completedOrder)
      .when({ type: 'PostOrder', by: admin, postedDate: T1, trackingNumber: '<b>' })
      .thenThrows(/letters, digits/, 'invalid');
  });
  it('refuses a customer', () => {
    spec
      .given(completedOrder)
      .when({ type: 'PostOrder', by: jane, postedDate: T1 })
      .thenThrows(/Only an admin/, 'forbidden');
  });
  it('refuses an order not complete', () => {
    spec
      .given([started(), added(saga, 1)])
      .when({ type: 'PostOrder', by: admin, postedDate: T1 })
      .thenThrows(/Only a completed order/, 'conflict');
  });
  it('refuses an order already posted', () => {
    spec
      .given([...completedOrder, posted(null)])
      .when({ type: 'PostOrder', by: admin, postedDate: T1 })
      .thenThrows(/already been posted/, 'conflict');
  });
  it('refuses a missing order', () => {
    spec
      .given([])
      .when({ type: 'PostOrder', by: admin, postedDate: T1 })
      .thenThrows(/Order not found/, 'not-found');
  });
});

describe('MarkOrderPosted', () => {
  it('marks a completed order posted without tracking', () => {
    spec
      .given(completedOrder)
      .when({ type: 'MarkOrderPosted', by: admin, postedDate: T1 })
      .then([posted(null)]);
  });
  it('refuses a customer', () => {
    spec
      .given(completedOrder)
      .when({ type: 'MarkOrderPosted', by: jane, postedDate: T1 })
      .thenThrows(/Only an admin/, 'forbidden');
  });
  it('refuses an order not complete', () => {
    spec
      .given([started()])
      .when({ type: 'MarkOrderPosted', by: admin, postedDate: T1 })
      .thenThrows(/Only a completed order/, 'conflict');
  });
  it('refuses an order already posted', () => {
    spec
      .given([...completedOrder, posted('X1')])
      .when({ type: 'MarkOrderPosted', by: admin, postedDate: T1 })
      .thenThrows(/already been posted/, 'conflict');
  });
  it('refuses a deleted order', () => {
    spec
      .given([...completedOrder, { type: 'OrderDeleted', data: { deletedAt: T1 } }])
      .when({ type: 'MarkOrderPosted', by: admin, postedDate: T1 })
      .thenThrows(/Order not found/, 'not-found');
  });
});

describe('DeleteOrder', () => {
  it('deletes an order', () => {
    spec
      .given([started()])
      .when({ type: 'DeleteOrder', by: admin, at: T1 })
      .then([{ type: 'OrderDeleted', data: { deletedAt: T1 } }]);
    spec
      .given(completedOrder)
      .when({ type: 'DeleteOrder', by: admin, at: T1 })
      .then([{ type: 'OrderDeleted', data: { deletedAt: T1 } }]);
  });
  it('refuses a customer', () => {
    spec
      .given([started()])
      .when({ type: 'DeleteOrder', by: jane, at: T1 })
      .thenThrows(/Only an admin/, 'forbidden');
  });
  it('refuses an order already deleted or missing', () => {
    spec
      .given([started(), { type: 'OrderDeleted', data: { deletedAt: T0 } }])
      .when({ type: 'DeleteOrder', by: admin, at: T1 })
      .thenThrows(/Order not found/, 'not-found');
    spec
      .given([])
      .when({ type: 'DeleteOrder', by: admin, at: T1 })
      .thenThrows(/Order not found/, 'not-found');
  });
  it('refuses while a payment is in progress', () => {
    spec
      .given(completedOrder.slice(0, 3))
      .when({ type: 'DeleteOrder', by: admin, at: T1 })
      .thenThrows(/in progress/, 'conflict');
  });
});
