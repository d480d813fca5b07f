import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import {
  describeMarketplaceOrderEvent,
  marketplaceOrderDecider,
  saleLineKey,
  type MarketplaceOrderRecorded,
  type MarketplaceOrderTotals,
  type MarketplaceSaleLine,
  type RecordMarketplaceOrder,
} from './marketplaceOrder.ts';

const spec = deciderSpec(marketplaceOrderDecider);

const line = (sku: string | null, overrides: Partial<MarketplaceSaleLine> = {}): MarketplaceSaleLine => ({
  key: saleLineKey(sku, `Title ${sku ?? 'none'}`),
  sku,
  stockItemId: sku,
  name: `Comic ${sku ?? 'none'}`,
  title: `Title ${sku ?? 'none'}`,
  comicId: null,
  itemType: 'comic',
  quantity: 1,
  valueCents: 1000,
  postageCents: 520,
  feesCents: null,
  taken: 1,
  oversold: 0,
  ...overrides,
});

const record = (lines: MarketplaceSaleLine[], overrides: Partial<RecordMarketplaceOrder> = {}): RecordMarketplaceOrder => ({
  type: 'RecordMarketplaceOrder',
  orderId: 'o-1',
  publicId: 1001,
  externalId: '12-00001-40001',
  source: 'api',
  soldAt: '2025-11-01T00:00:00.000Z',
  buyer: { username: 'bob99', name: 'Bob Smith' },
  shipTo: null,
  lines,
  ...overrides,
});

const recorded = (
  lines: MarketplaceSaleLine[],
  totals: MarketplaceOrderTotals = { itemsCents: 1000, postageCents: 520, totalCents: 1520, feesCents: null },
): MarketplaceOrderRecorded => ({
  type: 'MarketplaceOrderRecorded',
  data: {
    orderId: 'o-1',
    publicId: 1001,
    externalId: '12-00001-40001',
    source: 'api',
    soldAt: '2025-11-01T00:00:00.000Z',
    buyer: { username: 'bob99', name: 'Bob Smith' },
    shipTo: null,
    lines,
    totals,
  },
});

describe('marketplace order decider', () => {
  it('records a new order with the sums of its lines, or the marketplace totals when given', () => {
    spec
      .given([])
      .when(record([line('A')]))
      .then([recorded([line('A')])]);
    spec
      .given([])
      .when(record([line('A')], { totals: { totalCents: 1400, postageCents: 400, feesCents: 210 } }))
      .then([recorded([line('A')], { itemsCents: 1000, postageCents: 400, totalCents: 1400, feesCents: 210 })]);
  });

  it('keeps one line per key (SKU, or title without one)', () => {
    const events = marketplaceOrderDecider.decide(
      record([line('A'), line('A', { quantity: 3 }), line(null), line(null, { title: 'TITLE NONE' })]),
      { status: 'absent' },
    );
    expect((events[0] as MarketplaceOrderRecorded).data.lines.map((l) => [l.key, l.quantity])).toEqual([
      ['sku:A', 1],
      ['title:title none', 1],
    ]);
  });

  it('records an order once: the same lines again change nothing, new lines are added with new totals', () => {
    spec
      .given([recorded([line('A')])])
      .when(record([line('A')]))
      .then([]);
    spec
      .given([recorded([line('A')])])
      .when(record([line('A'), line('B', { valueCents: 500, postageCents: 0, feesCents: 70 })], { source: 'sales-file' }))
      .then([
        {
          type: 'MarketplaceOrderLinesAdded',
          data: {
            orderId: 'o-1',
            externalId: '12-00001-40001',
            source: 'sales-file',
            lines: [line('B', { valueCents: 500, postageCents: 0, feesCents: 70 })],
            totals: { itemsCents: 1500, postageCents: 520, totalCents: 2020, feesCents: 70 },
          },
        },
      ]);
  });

  it('refuses an order without a number, without lines, or with bad quantities and money', () => {
    spec
      .given([])
      .when(record([line('A')], { externalId: ' ' }))
      .thenThrows(/order number/, 'invalid');
    spec
      .given([])
      .when(record([]))
      .thenThrows(/at least one line/, 'invalid');
    spec
      .given([])
      .when(record([line('A', { quantity: 0 })]))
      .thenThrows(/Quantity/, 'invalid');
    spec
      .given([])
      .when(record([line('A', { valueCents: -1 })]))
      .thenThrows(/subtotal/, 'invalid');
    spec
      .given([])
      .when(record([line('A', { valueCents: 1.5 })]))
      .thenThrows(/subtotal/, 'invalid');
    spec
      .given([])
      .when(record([line('A')], { publicId: 0 }))
      .thenThrows(/order number/, 'invalid');
  });

  it('describes its events in plain words', () => {
    expect(describeMarketplaceOrderEvent(recorded([line('A', { quantity: 2, oversold: 1 }), line(null, { stockItemId: null })]))).toBe(
      'Recorded eBay order 12-00001-40001 from eBay: Bob Smith (bob99) bought 3 items for $15.20: 2 x Comic A (1 oversold), 1 x Comic none (no matching stock)',
    );
  });
});
