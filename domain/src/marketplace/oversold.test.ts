import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { marketplaceOrderDecider, saleLineKey, type MarketplaceOrderRecorded } from './marketplaceOrder.ts';
import { laterSaleOf, oversoldAdvice, type OversoldLine } from './oversold.ts';

const spec = deciderSpec(marketplaceOrderDecider);

const recorded: MarketplaceOrderRecorded = {
  type: 'MarketplaceOrderRecorded',
  data: {
    orderId: 'o-1',
    publicId: 1001,
    externalId: '12-00001-40001',
    source: 'api',
    soldAt: '2026-11-01T00:10:00.000Z',
    buyer: { username: 'bob99', name: 'Bob Smith' },
    shipTo: null,
    lines: [
      {
        key: saleLineKey('s-1', 'Saga #1 Comic'),
        sku: 's-1',
        stockItemId: 's-1',
        name: 'Saga #1',
        title: 'Saga #1 Comic',
        comicId: null,
        itemType: 'comic',
        quantity: 1,
        valueCents: 1000,
        postageCents: 520,
        feesCents: null,
        taken: 0,
        oversold: 1,
      },
    ],
    totals: { itemsCents: 1000, postageCents: 520, totalCents: 1520, feesCents: null },
  },
};

const siteSale = (soldAt: string) => ({ channel: 'site' as const, orderId: 'site-1', publicId: 501, externalId: null, soldAt });
const line = (laterSale: 'ebay' | 'site'): OversoldLine => ({
  key: 'sku:s-1',
  stockItemId: 's-1',
  name: 'Saga #1',
  sku: 's-1',
  oversold: 1,
  otherSale: siteSale('2026-11-01T00:05:00.000Z'),
  laterSale,
});
const flagged = {
  type: 'MarketplaceOversoldFlagged' as const,
  data: {
    orderId: 'o-1',
    publicId: 1001,
    externalId: '12-00001-40001',
    buyerUsername: 'bob99',
    soldAt: '2026-11-01T00:10:00.000Z',
    lines: [line('ebay')],
  },
};

describe('oversold marketplace sales', () => {
  it('flags an order once (FLAGGED_ONCE)', () => {
    spec
      .given([recorded])
      .when({ type: 'FlagOversold', lines: [line('ebay')] })
      .then([flagged]);
    spec
      .given([recorded, flagged])
      .when({ type: 'FlagOversold', lines: [line('ebay')] })
      .then([]);
  });

  it('records what the admin did once; a different answer later is a conflict', () => {
    const resolved = {
      type: 'MarketplaceOversoldResolved' as const,
      data: { orderId: 'o-1', externalId: '12-00001-40001', resolution: 'refunded' as const, note: 'refunded the site buyer' },
    };
    spec
      .given([recorded, flagged])
      .when({ type: 'ResolveOversold', resolution: 'refunded', note: ' refunded the site buyer ' })
      .then([resolved]);
    spec.given([recorded, flagged, resolved]).when({ type: 'ResolveOversold', resolution: 'refunded' }).then([]);
    expect(() =>
      marketplaceOrderDecider.decide(
        { type: 'ResolveOversold', resolution: 'ebay-order-cancelled' },
        [recorded, flagged, resolved].reduce(marketplaceOrderDecider.evolve, marketplaceOrderDecider.initialState()),
      ),
    ).toThrow(/already settled/);
    expect(() =>
      marketplaceOrderDecider.decide(
        { type: 'ResolveOversold', resolution: 'refunded' },
        marketplaceOrderDecider.evolve(marketplaceOrderDecider.initialState(), recorded),
      ),
    ).toThrow(/not oversold/);
  });

  it('the later sale is the one to undo (LATER_SALE)', () => {
    expect(laterSaleOf('2026-11-01T00:10:00.000Z', siteSale('2026-11-01T00:05:00.000Z'))).toBe('ebay');
    expect(laterSaleOf('2026-11-01T00:10:00.000Z', siteSale('2026-11-01T00:12:00.000Z'))).toBe('site');
    expect(laterSaleOf('2026-11-01T00:10:00.000Z', null)).toBe('ebay');
    expect(oversoldAdvice({ laterSale: 'ebay', otherSale: null })).toMatch(/cancel the eBay order/);
    expect(oversoldAdvice({ laterSale: 'site', otherSale: siteSale('2026-11-01T00:12:00.000Z') })).toMatch(/refund site order #501/);
  });
});
