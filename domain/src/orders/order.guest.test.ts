import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { planMergeGuestOrder } from './guestOrder.ts';
import { orderDecider } from './order.ts';
import type { ClaimGuestOrder, MergeGuestOrder } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import {
  added,
  batman,
  catalogue,
  checkoutStartedEvent,
  guest,
  guestStarted,
  jane,
  orderCompletedEvent,
  saga,
  started,
  stranger,
} from './testFixtures.ts';

const spec = deciderSpec(orderDecider);
const claim = (over: Partial<ClaimGuestOrder> = {}): ClaimGuestOrder => ({
  type: 'ClaimGuestOrder',
  by: jane,
  guestToken: 'guest-token',
  mergedIntoOrderId: null,
  ...over,
});
const claimed = (mergedIntoOrderId: string | null = null): OrderEvent => ({
  type: 'GuestOrderClaimed',
  data: { userId: 'u1', mergedIntoOrderId },
});
const merge = (lines: [string, number][], over: Partial<MergeGuestOrder> = {}): MergeGuestOrder => ({
  type: 'MergeGuestOrder',
  by: jane,
  fromOrderId: 'g1',
  lines: lines.map(([stockItemId, quantity]) => ({ stockItemId, quantity })),
  catalogue: catalogue(),
  ...over,
});

describe('ClaimGuestOrder', () => {
  it('makes a guest’s current order the account’s', () => {
    spec
      .given([guestStarted(), added(saga, 1)])
      .when(claim())
      .then([claimed()]);
    const state = fold(orderDecider, [guestStarted(), claimed()]);
    expect(state.owner).toEqual({ kind: 'user', userId: 'u1' });
  });
  it('closes a guest order merged into the account’s current order', () => {
    spec
      .given([guestStarted(), added(saga, 1)])
      .when(claim({ mergedIntoOrderId: 'o2' }))
      .then([claimed('o2')]);
    expect(fold(orderDecider, [guestStarted(), claimed('o2')]).mergedIntoOrderId).toBe('o2');
  });
  it('changes nothing when claimed again by the same user', () => {
    spec.given([guestStarted(), claimed()]).when(claim()).then([]);
  });
  it('refuses a guest, a wrong token, or an order owned by another account', () => {
    spec
      .given([guestStarted()])
      .when(claim({ by: guest }))
      .thenThrows(/Sign in/, 'forbidden');
    spec
      .given([guestStarted()])
      .when(claim({ guestToken: 'other' }))
      .thenThrows(/not yours/, 'forbidden');
    spec
      .given([started({ ownerUserId: 'u9' })])
      .when(claim())
      .thenThrows(/already belongs to an account/, 'conflict');
  });
  it('refuses a complete order, a payment in progress, merging into itself, or a missing order', () => {
    spec
      .given([guestStarted(), added(saga, 1), checkoutStartedEvent()])
      .when(claim())
      .thenThrows(/in progress/, 'conflict');
    spec
      .given([guestStarted(), added(saga, 1), checkoutStartedEvent(), orderCompletedEvent({ ownerUserId: null })])
      .when(claim())
      .thenThrows(/complete/, 'conflict');
    spec
      .given([guestStarted()])
      .when(claim({ mergedIntoOrderId: 'o1' }))
      .thenThrows(/into itself/, 'invalid');
    spec
      .given([])
      .when(claim())
      .thenThrows(/Order not found/, 'not-found');
  });
});

describe('MergeGuestOrder', () => {
  it('adds the guest’s lines, adding quantities for items already there', () => {
    spec
      .given([started({ orderId: 'o2' }), added(saga, 1)])
      .when(
        merge([
          ['s1', 1],
          ['s2', 1],
        ]),
      )
      .then([
        {
          type: 'GuestOrderMerged',
          data: {
            fromOrderId: 'g1',
            lines: [
              { stockItemId: 's1', quantity: 1 },
              { stockItemId: 's2', quantity: 1 },
            ],
          },
        },
        added(batman, 1),
        {
          type: 'OrderItemQuantityChanged',
          data: { stockItemId: 's1', name: 'Saga #1', price: 595, previousQuantity: 1, quantity: 2, available: 3 },
        },
      ]);
  });
  it('keeps the account’s other lines', () => {
    spec
      .given([started({ orderId: 'o2' }), added(batman, 1)])
      .when(merge([['s1', 2]]))
      .then([{ type: 'GuestOrderMerged', data: { fromOrderId: 'g1', lines: [{ stockItemId: 's1', quantity: 2 }] } }, added(saga, 2)]);
  });
  it('cuts merged quantities to what is available, with a message', () => {
    const state = fold(orderDecider, [started({ orderId: 'o2' }), added(batman, 1)]);
    expect(planMergeGuestOrder(merge([['s2', 1]]), state).messages).toEqual(['Only 1 of Batman #50 is available, so your order has 1.']);
  });
  it('merges the same guest order once', () => {
    spec
      .given([started({ orderId: 'o2' }), { type: 'GuestOrderMerged', data: { fromOrderId: 'g1', lines: [] } }])
      .when(merge([['s1', 1]]))
      .then([]);
  });
  it('refuses merging an order into itself, someone else’s order or a missing one', () => {
    spec
      .given([started({ orderId: 'g1' })])
      .when(merge([['s1', 1]]))
      .thenThrows(/into itself/, 'invalid');
    spec
      .given([started({ orderId: 'o2' })])
      .when(merge([['s1', 1]], { by: stranger }))
      .thenThrows(/not yours/, 'forbidden');
    spec
      .given([])
      .when(merge([['s1', 1]]))
      .thenThrows(/Order not found/, 'not-found');
  });
});
