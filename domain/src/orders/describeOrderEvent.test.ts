import { describe, expect, it } from 'vitest';
import { describeOrderEvent } from './describeOrderEvent.ts';
import type { OrderEvent } from './orderEvents.ts';
import { added, checkoutStartedEvent, home, orderCompletedEvent, saga, started, T0 } from './testFixtures.ts';

describe('describeOrderEvent', () => {
  it.each<[OrderEvent, string]>([
    [started(), 'Started order 1042'],
    [started({ ownerUserId: null, guestToken: 't' }), 'Started order 1042 as a guest'],
    [started({ type: 'ebay', externalId: '12-34' }), 'Imported marketplace order 12-34 as order 1042'],
    [added(saga, 2), 'Added 2 x Saga #1 to order 1042'],
    [
      {
        type: 'OrderItemQuantityChanged',
        data: { stockItemId: 's1', name: 'Saga #1', price: 595, previousQuantity: 1, quantity: 3, available: 3 },
      },
      'Changed Saga #1 from 1 to 3 in order 1042',
    ],
    [
      { type: 'OrderItemRemoved', data: { stockItemId: 's1', name: 'Saga #1', quantity: 1, reason: 'removed' } },
      'Removed Saga #1 from order 1042',
    ],
    [
      { type: 'OrderItemRemoved', data: { stockItemId: 's1', name: 'Saga #1', quantity: 1, reason: 'sold_out' } },
      'Removed Saga #1 from order 1042 (sold out)',
    ],
    [
      { type: 'OrderItemRemoved', data: { stockItemId: 's1', name: 'Saga #1', quantity: 1, reason: 'unavailable' } },
      'Removed Saga #1 from order 1042 (no longer available)',
    ],
    [
      {
        type: 'OrderItemDetailsChanged',
        data: {
          stockItemId: 's1',
          name: 'Saga #1',
          kind: 'new',
          itemType: 'comic',
          periodType: 'new',
          supplierType: 'diamond',
          comicId: 'c',
          price: 650,
          pnp: 0,
          previousName: 'Saga #1',
          previousPrice: 595,
          previousPnp: 0,
        },
      },
      'Updated Saga #1 in order 1042 from the catalogue: price $5.95 to $6.50',
    ],
    [
      { type: 'ShippingAddressSet', data: { address: home } },
      'Set the shipping address of order 1042 to Jane Citizen, 1 Main St, Kenmore QLD 4069',
    ],
    [{ type: 'ShippingAddressSet', data: { address: null } }, 'Cleared the shipping address of order 1042'],
    [
      { type: 'BillingAddressSet', data: { address: home } },
      'Set the billing address of order 1042 to Jane Citizen, 1 Main St, Kenmore QLD 4069',
    ],
    [{ type: 'PickupSet', data: { pickup: true } }, 'Chose local pickup for order 1042'],
    [{ type: 'SameAsBillingSet', data: { sameAsBilling: true } }, 'Billing address of order 1042 is the same as shipping'],
    [{ type: 'OrderEmailSet', data: { email: 'g@x.au' } }, 'Set the email of order 1042 to g@x.au'],
    [{ type: 'OrderNameSet', data: { name: 'Bob' } }, 'Set the customer name of order 1042 to Bob'],
    [{ type: 'OrderSearchRecorded', data: { term: 'Batman' } }, 'Searched for "Batman"'],
    [checkoutStartedEvent(), 'Started checkout of order 1042: $10.45 with $0.00 to pay'],
    [
      { type: 'PaymentRecorded', data: { checkoutId: 'c1', paymentId: 'p1', amountCents: 1045, provider: 'card', recordedAt: T0 } },
      'Received $10.45 by card for order 1042',
    ],
    [orderCompletedEvent(), 'Completed order 1042: 1 item, total $5.95 + postage $4.50, paid $10.45'],
    [
      orderCompletedEvent({ adhoc: true, name: 'Bob', creditUsed: 100, creditForward: 20 }),
      'Completed order 1042 (ad-hoc sale to Bob): 1 item, total $5.95 + postage $4.50, paid $10.45, credit used $1.00, $0.20 carried forward',
    ],
    [{ type: 'CheckoutFailed', data: { checkoutId: 'c1', reason: 'Card declined' } }, 'Checkout of order 1042 failed: Card declined'],
    [{ type: 'OrderPosted', data: { postedDate: T0, trackingNumber: 'AB1' } }, 'Posted order 1042 with tracking number AB1'],
    [{ type: 'OrderPosted', data: { postedDate: T0, trackingNumber: null } }, 'Marked order 1042 as posted'],
    [{ type: 'OrderDeleted', data: { deletedAt: T0 } }, 'Deleted order 1042'],
    [{ type: 'GuestOrderClaimed', data: { userId: 'u1', mergedIntoOrderId: null } }, 'Moved guest order 1042 to the account'],
    [
      { type: 'GuestOrderClaimed', data: { userId: 'u1', mergedIntoOrderId: 'o2' } },
      "Merged guest order 1042 into the account's current order",
    ],
    [
      { type: 'GuestOrderMerged', data: { fromOrderId: 'g1', lines: [{ stockItemId: 's1', quantity: 2 }] } },
      'Merged 2 items from a guest order into order 1042',
    ],
  ])('%#: %s', (event, text) => {
    expect(describeOrderEvent(event, 1042)).toBe(text);
  });
  it('says "the order" without a reference', () => {
    expect(describeOrderEvent(added(saga, 1))).toBe('Added 1 x Saga #1 to the order');
  });
});
