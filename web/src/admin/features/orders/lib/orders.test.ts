import { describe, expect, it } from 'vitest';
import {
  canPost,
  cleanTrackingNumber,
  latestSearches,
  orderCustomerName,
  orderEmail,
  orderNumber,
  orderStatus,
  postingCountText,
  replaceOrder,
  showCarriedForward,
  trackingUrl,
} from './orders';

describe('badge and order helpers', () => {
  it('caps the posting count at 99 and hides zero', () => {
    expect(postingCountText(0)).toBeNull();
    expect(postingCountText(undefined)).toBeNull();
    expect(postingCountText(1)).toBe('1');
    expect(postingCountText(12)).toBe('12');
    expect(postingCountText(250)).toBe('99');
  });
  it('shows carried forward only above one cent', () => {
    expect(showCarriedForward(1)).toBe(false);
    expect(showCarriedForward(2)).toBe(true);
    expect(showCarriedForward(null)).toBe(false);
  });
  it('names the customer', () => {
    expect(orderCustomerName({ name: ' Walk-in ', user: null, externalBuyerName: null })).toBe('Walk-in');
    expect(
      orderCustomerName({ name: '', user: { _id: 'u1', givenName: 'Ann', familyName: 'Lee', email: '' }, externalBuyerName: null }),
    ).toBe('Ann Lee');
    expect(orderCustomerName({ name: '', user: null, externalBuyerName: 'ebuyer' })).toBe('ebuyer');
    expect(orderCustomerName({ name: '', user: null, externalBuyerName: null })).toBe('Guest');
    expect(orderEmail({ email: '', user: { _id: 'u1', givenName: '', familyName: '', email: 'a@b.c' } })).toBe('a@b.c');
    expect(orderNumber({ publicId: 1042, _id: 'abcdef123456' })).toBe('1042');
  });
  it('links tracking numbers to Australia Post', () => {
    expect(trackingUrl('AB123')).toBe('https://auspost.com.au/mypost/track/details/AB123');
    expect(cleanTrackingNumber(' ab 12-3 ')).toBe('AB123');
  });
  it('knows the order status', () => {
    expect(orderStatus({ complete: false, posted: false, shippingIsPickup: false, adhoc: false })).toBe('current');
    expect(orderStatus({ complete: true, posted: false, shippingIsPickup: false, adhoc: false })).toBe('awaiting-postage');
    expect(orderStatus({ complete: true, posted: false, shippingIsPickup: true, adhoc: false })).toBe('pickup');
    expect(orderStatus({ complete: true, posted: true, shippingIsPickup: false, adhoc: false })).toBe('posted');
    expect(orderStatus({ complete: true, posted: false, shippingIsPickup: false, adhoc: true })).toBe('in-person');
    expect(orderStatus({ complete: false, posted: false, shippingIsPickup: false, adhoc: true })).toBe('current');
    expect(orderStatus({ complete: true, posted: false, shippingIsPickup: false, adhoc: false, type: 'ebay' })).toBe('on-ebay');
    expect(canPost({ complete: true, posted: false, shippingIsPickup: false, adhoc: false, type: 'ebay' })).toBe(false);
  });
  it('offers posting only for orders that go by post or pickup, never an in-person sale', () => {
    expect(canPost({ complete: true, posted: false, shippingIsPickup: false, adhoc: false })).toBe(true);
    expect(canPost({ complete: true, posted: false, shippingIsPickup: true, adhoc: false })).toBe(true);
    expect(canPost({ complete: true, posted: false, shippingIsPickup: false, adhoc: true })).toBe(false);
    expect(canPost({ complete: true, posted: true, shippingIsPickup: false, adhoc: false })).toBe(false);
    expect(canPost({ complete: false, posted: false, shippingIsPickup: false, adhoc: false })).toBe(false);
  });
  it('replaces or drops an order in a list', () => {
    const list = [
      { _id: 'a', v: 1 },
      { _id: 'b', v: 1 },
    ];
    expect(replaceOrder(list, { _id: 'b', v: 2 })).toEqual([
      { _id: 'a', v: 1 },
      { _id: 'b', v: 2 },
    ]);
    expect(replaceOrder(list, { _id: 'b', v: 2 }, () => false)).toEqual([{ _id: 'a', v: 1 }]);
  });
  it('shows the latest five searches and counts the earlier ones', () => {
    expect(latestSearches('')).toEqual({ latest: '', earlier: 0 });
    expect(latestSearches('batman | saga')).toEqual({ latest: 'batman | saga', earlier: 0 });
    const terms = Array.from({ length: 8 }, (_, i) => `term ${i}`).join(' | ');
    expect(latestSearches(terms)).toEqual({ latest: 'term 3 | term 4 | term 5 | term 6 | term 7', earlier: 3 });
  });
});
