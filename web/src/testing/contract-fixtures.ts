/** Whole answers of the API's contract for tests, with the fields a test cares about given. */
import type { AdminBatch, AdminComic } from '../admin/types';
import type { Order, OrderItem } from '../types/api';

export function aComic(fields: Partial<AdminComic> = {}): AdminComic {
  return {
    _id: 's1',
    comicId: 'C1',
    itemType: 'comic',
    periodType: 'new',
    supplierType: 'diamond',
    publisher: '',
    mainDescription: 'Comic #1',
    variantDescription: '',
    writer: '',
    artist: '',
    coverArtist: '',
    selected: false,
    srp: 0,
    priceOverride: 0,
    price: 0,
    number: 1,
    available: 1,
    initialQuantity: 1,
    salesQuantity: 0,
    salesValue: 0,
    releaseMonth: 0,
    releaseYear: 0,
    images: [],
    hasImage: false,
    pnp: 0,
    key: false,
    ebaySku: null,
    ebayListingId: null,
    batch: null,
    batchName: null,
    batchDate: null,
    seriesId: null,
    seriesTitle: '',
    issueNumber: '',
    cover: '',
    printing: 1,
    focDate: null,
    releaseDate: null,
    orderBy: null,
    upc: '',
    ...fields,
  };
}

export function aBatch(fields: Partial<AdminBatch> = {}): AdminBatch {
  return {
    _id: 'b1',
    name: 'Batch',
    type: 'diamond',
    itemType: 'comic',
    periodType: 'new',
    supplierType: 'diamond',
    publishDate: null,
    cutOffDate: null,
    discountPercent: 0,
    value: 0,
    hideHomePage: false,
    default: false,
    ...fields,
  };
}

export function anOrderItem(fields: Partial<OrderItem> = {}): OrderItem {
  return {
    _id: 's1',
    name: 'Comic #1',
    type: 'new',
    itemType: 'comic',
    periodType: 'new',
    supplierType: 'diamond',
    available: 1,
    quantity: 1,
    price: 0,
    comicId: 'C1',
    pnp: 0,
    ...fields,
  };
}

export function anOrder(fields: Partial<Order> = {}): Order {
  return {
    _id: 'o1',
    publicId: 0,
    type: 'ioa',
    date: '2026-11-01T00:00:00.000Z',
    complete: false,
    posted: false,
    carriedForward: 0,
    orderItems: [],
    latestTransaction: { value: '0', cardToken: '', buyerToken: '', complete: false },
    email: '',
    shippingAddress: null,
    billingAddress: null,
    shippingIsPickup: false,
    shippingIsSameAsBilling: true,
    searchTerms: '',
    searchHistory: [],
    name: '',
    completedDate: null,
    postedDate: null,
    trackingNumber: null,
    toPay: 0,
    pnp: 0,
    total: 0,
    itemCount: 0,
    paid: 0,
    creditFrom: 0,
    creditForward: 0,
    ...fields,
  };
}
