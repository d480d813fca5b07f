import { describe, expect, it } from 'vitest';
import { auditFiltersFrom, auditQueryString, pageCount } from './audit';
import { dateInputValue, defaultBatchName } from './batch-name';
import { changedKeys, flattenState, historyPath, removedKeys } from './history';
import { describeValue, isJobFinished, progressCounts, progressPercent } from './jobs';
import { activeLink, adminTitle, ADMIN_LINKS } from './nav';
import { canPost, cleanTrackingNumber, orderCustomerName, orderEmail, orderNumber, orderStatus, postingCountText, replaceOrder, showCarriedForward, trackingUrl } from './orders';
import { centsToInput, DEFAULT_UPLOAD_QUANTITY, parseDollars, parseQuantity, parseWholeNumber } from './quantity';
import { readKnownLists, KNOWN_PUBLISHERS } from './known-lists';
import { nextReveal } from './reveal';
import { readServerTotals, stockTotals } from './totals';
import { aBatch, aComic } from '../../testing/contract-fixtures';

describe('quantity parsing', () => {
  it('parses the batch upload quantity as an integer', () => {
    expect(DEFAULT_UPLOAD_QUANTITY).toBe(10);
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity(' 7 ')).toBe(7);
    expect(parseQuantity('12.9')).toBe(12);
    expect(parseQuantity('15 items')).toBe(15);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('-3')).toBeNull();
    expect(parseQuantity('abc')).toBeNull();
    expect(parseQuantity(4.5)).toBe(4);
  });
  it('parses whole numbers and dollars', () => {
    expect(parseWholeNumber('')).toBe(0);
    expect(parseWholeNumber('', 1)).toBe(1);
    expect(parseWholeNumber('5')).toBe(5);
    expect(parseWholeNumber('5.5')).toBeNull();
    expect(parseDollars('6.95')).toBe(695);
    expect(parseDollars('$12')).toBe(1200);
    expect(parseDollars('0.5')).toBe(50);
    expect(parseDollars('.05')).toBe(5);
    expect(parseDollars('1,000.10')).toBe(100010);
    expect(parseDollars('')).toBe(0);
    expect(parseDollars('1.999')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
  });
  it('shows cents as dollars for inputs', () => {
    expect(centsToInput(695)).toBe('6.95');
    expect(centsToInput(5)).toBe('0.05');
    expect(centsToInput(0)).toBe('');
    expect(centsToInput(0, false)).toBe('0.00');
    expect(centsToInput(null)).toBe('');
  });
});

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
    expect(orderCustomerName({ name: '', user: { _id: 'u1', givenName: 'Ann', familyName: 'Lee', email: '' }, externalBuyerName: null })).toBe('Ann Lee');
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
  });
  it('offers posting only for orders that go by post or pickup, never an in-person sale', () => {
    expect(canPost({ complete: true, posted: false, shippingIsPickup: false, adhoc: false })).toBe(true);
    expect(canPost({ complete: true, posted: false, shippingIsPickup: true, adhoc: false })).toBe(true);
    expect(canPost({ complete: true, posted: false, shippingIsPickup: false, adhoc: true })).toBe(false);
    expect(canPost({ complete: true, posted: true, shippingIsPickup: false, adhoc: false })).toBe(false);
    expect(canPost({ complete: false, posted: false, shippingIsPickup: false, adhoc: false })).toBe(false);
  });
  it('replaces or drops an order in a list', () => {
    const list = [{ _id: 'a', v: 1 }, { _id: 'b', v: 1 }];
    expect(replaceOrder(list, { _id: 'b', v: 2 })).toEqual([{ _id: 'a', v: 1 }, { _id: 'b', v: 2 }]);
    expect(replaceOrder(list, { _id: 'b', v: 2 }, () => false)).toEqual([{ _id: 'a', v: 1 }]);
  });
});

describe('batch names and dates', () => {
  it('defaults to the month abbreviation and two-digit year (Sydney)', () => {
    expect(defaultBatchName(new Date('2026-03-10T00:00:00Z'))).toBe('MAR26');
    // 31 Dec 2025 15:00 UTC is 1 Jan 2026 in Sydney.
    expect(defaultBatchName(new Date('2025-12-31T15:00:00Z'))).toBe('JAN26');
  });
  it('gives date input values in Sydney days', () => {
    expect(dateInputValue('2026-11-20T14:00:00Z')).toBe('2026-11-21');
    expect(dateInputValue(null)).toBe('');
    expect(dateInputValue('nonsense')).toBe('');
  });
});

describe('stream history', () => {
  it('flattens a state into dotted keys', () => {
    expect(flattenState({ a: { b: 1 }, list: [{ x: 'y' }], empty: [], none: null, s: '' })).toEqual([
      { key: 'a.b', value: '1' },
      { key: 'list.0.x', value: 'y' },
      { key: 'empty', value: '[]' },
      { key: 'none', value: '—' },
      { key: 's', value: '""' },
    ]);
    expect(flattenState(7)).toEqual([{ key: '(state)', value: '7' }]);
  });
  it('finds changed and removed keys', () => {
    const before = flattenState({ a: 1, b: 2, c: 3 });
    const after = flattenState({ a: 1, b: 5, d: 4 });
    expect([...changedKeys(before, after)].sort()).toEqual(['b', 'd']);
    expect(removedKeys(before, after)).toEqual(['c']);
    expect(changedKeys(null, after).size).toBe(0);
  });
  it('links to a stream', () => {
    expect(historyPath('order', 'o1')).toBe('/admin-history/order-o1');
    expect(historyPath('stock', 's 1')).toBe('/admin-history/stock-s%201');
  });
});

describe('jobs', () => {
  it('knows finished states', () => {
    expect(isJobFinished('completed')).toBe(true);
    expect(isJobFinished('failed')).toBe(true);
    expect(isJobFinished('active')).toBe(false);
    expect(isJobFinished('waiting')).toBe(false);
  });
  it('reads progress', () => {
    expect(progressPercent(42)).toBe(42);
    expect(progressPercent(140)).toBe(100);
    expect(progressPercent({ done: 3, total: 12 })).toBe(25);
    expect(progressPercent({ percent: 10 })).toBe(10);
    expect(progressPercent(null)).toBeNull();
    expect(progressPercent({})).toBeNull();
    expect(describeValue({ message: 'Uploaded 4' })).toBe('Uploaded 4');
    expect(describeValue({ n: 1 })).toBe('{"n":1}');
    expect(progressCounts({ done: 3, total: 12, percent: 25, listed: 2, revised: 0, failed: 1 })).toBe('3 of 12 done · listed 2 · failed 1');
    expect(progressCounts(40)).toBeNull();
  });
});

describe('audit filters', () => {
  it('reads and writes the query', () => {
    const filters = auditFiltersFrom(new URLSearchParams('page=3&kind=order&streamId=order-1&pageSize=abc'));
    expect(filters).toEqual({ page: 3, pageSize: 25, userId: '', kind: 'order', streamId: 'order-1' });
    expect(auditQueryString(filters)).toBe('page=3&pageSize=25&kind=order&streamId=order-1');
    expect(auditFiltersFrom(new URLSearchParams('page=0')).page).toBe(1);
  });
  it('counts pages', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(50, 25)).toBe(2);
  });
});

describe('nav', () => {
  it('finds the active link, with or without a batch id', () => {
    expect(activeLink('/admin-back-issue-list/b1')?.label).toBe('Back Issues');
    expect(activeLink('/admin-stock-list')?.label).toBe('All Stock');
    expect(activeLink('/admin-pre-order-list-condensed/b1')).toBeUndefined();
    expect(adminTitle('/admin-pre-order-list-condensed/b1')).toBe('Pre-Order Condensed');
    expect(adminTitle('/admin-history/order-1')).toBe('Stream History');
    expect(adminTitle('/admin-nothing')).toBe('Admin');
  });
  it('has every section 2 route', () => {
    const paths = ADMIN_LINKS.map((l) => l.to);
    for (const path of [
      '/admin-stock-list', '/admin-zero-stock-list', '/admin-new-stock-list', '/admin-back-issue-list', '/admin-pre-order-list', '/admin-games-list',
      '/admin-accessories-list', '/admin-add-new-stock-issue', '/admin-add-back-issue', '/admin-add-game', '/admin-add-accessories', '/admin-batch-list',
      '/admin-add-batch', '/admin-search-stock', '/admin-stock-images', '/admin-stock-upload', '/admin-ebay-check-stock', '/admin-ebay-orders-processed',
      '/admin-ebay-check-list', '/admin-ebay-sales-upload', '/admin-ebay', '/admin-orders-awaiting-postage', '/admin-complete-order-list',
      '/admin-adhoc-order-list', '/admin-order-list', '/admin-site-settings', '/admin-user-list', '/admin-audit-history', '/admin-feedback', '/admin-status',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('known lists', () => {
  it('falls back to the local copy', () => {
    expect(readKnownLists(null).publishers.comic).toHaveLength(21);
    expect(KNOWN_PUBLISHERS.game).toHaveLength(3);
    expect(KNOWN_PUBLISHERS.accessory).toHaveLength(1);
    expect(readKnownLists({ publishers: { comic: ['A'] }, variants: ['V'] })).toMatchObject({ publishers: { comic: ['A'], game: KNOWN_PUBLISHERS.game }, variants: ['V'] });
    expect(readKnownLists({ publishers: ['P'] }).publishers.accessory).toEqual(['P']);
  });
});

describe('reveal', () => {
  it('shows 60 then 30 more', () => {
    expect(nextReveal(0, 200)).toBe(90);
    expect(nextReveal(60, 200)).toBe(90);
    expect(nextReveal(90, 100)).toBe(100);
  });
});

describe('stock totals', () => {
  const batches = [aBatch({ _id: 'b1', name: 'A', value: 10000 }), aBatch({ _id: 'b2', name: 'B', value: 5000 }), aBatch({ _id: 'b3', name: 'C', value: 1 })];
  const items = [
    aComic({ _id: '1', comicId: 'a', itemType: 'comic' as const, mainDescription: 'A', price: 500, number: 2, initialQuantity: 3, salesQuantity: 1, salesValue: 500, ebayListingId: '99', batch: 'b1' }),
    aComic({ _id: '2', comicId: 'b', itemType: 'comic' as const, mainDescription: 'B', price: 1000, number: 1, initialQuantity: 1, salesQuantity: 0, salesValue: 0, batch: 'b2' }),
    aComic({ _id: '3', comicId: 'c', itemType: 'comic' as const, mainDescription: 'C', price: 700, number: 0, initialQuantity: 1, salesQuantity: 1, salesValue: 700, batch: 'b2' }),
  ];
  it('counts uploaded, to go, sold, left and values', () => {
    expect(stockTotals(items, batches, null)).toEqual({ items: 3, uploaded: 1, toGo: 1, initial: 5, sold: 2, left: 3, salesValue: 1200, valueLeft: 2000, purchaseValue: 15000 });
    expect(stockTotals(items, batches, 'b3').purchaseValue).toBe(1);
  });
  it('reads server totals', () => {
    expect(readServerTotals({ comics: [], totals: { uploaded: 4, toGo: 'x' } })).toEqual({ uploaded: 4 });
    expect(readServerTotals({ comics: [] })).toBeNull();
  });
});
