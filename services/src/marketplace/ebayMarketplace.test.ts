import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEbaySimulator, type SimulatedFailureRequest, type SimulatedOrderRequest } from '../simulators/ebay/ebaySimulator.ts';
import { EbayMarketplace, type EbayMarketplaceOptions } from './ebayMarketplace.ts';
import {
  ListingNotFoundError,
  MarketplaceAuthError,
  MarketplaceError,
  MarketplaceRateLimitError,
  type ListingInput,
} from './marketplace.ts';

const credentials = { clientId: 'shop-app', clientSecret: 'shop-cert', refreshToken: 'v^1.1#refresh' };
const simulator = buildEbaySimulator(credentials);
let address = '';

const makeMarketplace = (overrides: Partial<EbayMarketplaceOptions> = {}) =>
  new EbayMarketplace({
    apiBase: address,
    authBase: address,
    ...credentials,
    policies: { fulfillmentPolicyId: 'FP1', paymentPolicyId: 'PP1', returnPolicyId: 'RP1' },
    merchantLocationKey: 'shop-warehouse',
    retry: { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 5_000 },
    ...overrides,
  });

const item = (sku: string, overrides: Partial<ListingInput> = {}): ListingInput => ({
  sku,
  title: `Batman #${sku}`,
  description: `Batman issue ${sku}, bagged and boarded.`,
  imageUrls: [`https://images.example.com/diamond/${sku}.webp`],
  priceCents: 1295,
  quantity: 3,
  postageCents: 350,
  condition: 'NEW',
  ...overrides,
});

const control = async (path: string, body: SimulatedOrderRequest | SimulatedFailureRequest) => {
  const response = await fetch(`${address}/__simulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`simulator ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
};
const calls = (path: string | RegExp) =>
  simulator.state().calls.filter((c) => (typeof path === 'string' ? c.path === path : path.test(c.path)));

let ebay: EbayMarketplace;
beforeAll(async () => {
  address = await simulator.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => simulator.close());
beforeEach(() => {
  simulator.reset();
  ebay = makeMarketplace();
});

describe('eBay marketplace adapter against the simulator', () => {
  it('lists an item and reads it back', async () => {
    const { listingId, sku } = await ebay.upsertListing(item('STK1'));
    expect(sku).toBe('STK1');
    expect(listingId).toMatch(/^\d{12}$/);
    expect(await ebay.getListing('STK1')).toEqual({ listingId, quantity: 3, priceCents: 1295, status: 'active' });
    expect(ebay.viewUrl(listingId)).toBe(`https://www.ebay.com.au/itm/${listingId}`);

    const state = simulator.state();
    expect(state.inventoryItems).toEqual([
      expect.objectContaining({
        sku: 'STK1',
        locale: 'en_AU',
        condition: 'NEW',
        product: expect.objectContaining({ title: 'Batman #STK1', imageUrls: ['https://images.example.com/diamond/STK1.webp'] }),
        availability: { shipToLocationAvailability: { quantity: 3 } },
      }),
    ]);
    expect(state.offers).toEqual([
      expect.objectContaining({
        sku: 'STK1',
        marketplaceId: 'EBAY_AU',
        format: 'FIXED_PRICE',
        availableQuantity: 3,
        categoryId: '259104',
        merchantLocationKey: 'shop-warehouse',
        pricingSummary: { price: { value: '12.95', currency: 'AUD' } },
        listingPolicies: {
          fulfillmentPolicyId: 'FP1',
          paymentPolicyId: 'PP1',
          returnPolicyId: 'RP1',
          shippingCostOverrides: [{ priority: 1, shippingServiceType: 'DOMESTIC', shippingCost: { value: '3.50', currency: 'AUD' } }],
        },
        status: 'PUBLISHED',
      }),
    ]);
    expect(state.tokensIssued).toBe(1);
  });

  it('upserting again replaces the item and revises the same listing', async () => {
    const first = await ebay.upsertListing(item('STK2'));
    const second = await ebay.upsertListing(
      item('STK2', { title: 'Batman #2 (Variant)', priceCents: 1500, quantity: 5, categoryId: '2560' }),
    );
    expect(second.listingId).toBe(first.listingId);
    const state = simulator.state();
    expect(state.offers).toHaveLength(1);
    expect(state.offers[0]).toMatchObject({
      availableQuantity: 5,
      categoryId: '2560',
      pricingSummary: { price: { value: '15.00', currency: 'AUD' } },
    });
    expect(state.listings).toEqual([
      expect.objectContaining({ listingId: first.listingId, title: 'Batman #2 (Variant)', quantity: 5, listingStatus: 'ACTIVE' }),
    ]);
    expect(calls(/^\/sell\/inventory\/v1\/offer\/\d+\/publish$/)).toHaveLength(1);
  });

  it('refreshes price, quantity and title', async () => {
    const { listingId } = await ebay.upsertListing(item('STK3'));
    const state = await ebay.refreshListing('STK3', { priceCents: 1450, quantity: 7, title: 'Batman #3 Refreshed' });
    expect(state).toEqual({ listingId, quantity: 7, priceCents: 1450, status: 'active' });
    expect(await ebay.getListing('STK3')).toEqual(state);
    const sim = simulator.state();
    expect(sim.offers[0]?.pricingSummary.price).toEqual({ value: '14.50', currency: 'AUD' });
    expect(sim.inventoryItems[0]?.product.title).toBe('Batman #3 Refreshed');
    expect(sim.listings[0]).toMatchObject({ title: 'Batman #3 Refreshed', quantity: 7, price: { value: '14.50', currency: 'AUD' } });
    expect(calls('/sell/inventory/v1/bulk_update_price_quantity')).toHaveLength(1);

    // Title unchanged: only the price/quantity call. Zero stock: the listing is out of stock.
    const puts = () => calls('/sell/inventory/v1/inventory_item/STK3').filter((c) => c.method === 'PUT').length;
    const before = puts();
    expect(await ebay.refreshListing('STK3', { priceCents: 1450, quantity: 0, title: 'Batman #3 Refreshed' })).toMatchObject({
      status: 'out_of_stock',
      quantity: 0,
    });
    expect(puts()).toBe(before);
    expect(await ebay.getQuantities(['STK3', 'unknown'])).toEqual(new Map([['STK3', 0]]));
  });

  it('ends (clears) a listing, relists it on refresh, then deletes it', async () => {
    const { listingId } = await ebay.upsertListing(item('STK4'));
    await ebay.endListing('STK4');
    expect(await ebay.getListing('STK4')).toEqual({ listingId, quantity: 3, priceCents: 1295, status: 'ended' });
    await ebay.endListing('STK4'); // already ended: nothing to do
    expect(calls(/^\/sell\/inventory\/v1\/offer\/\d+\/withdraw$/)).toHaveLength(1);

    const relisted = await ebay.refreshListing('STK4', { priceCents: 1295, quantity: 2, title: 'Batman #STK4' });
    expect(relisted).toMatchObject({ status: 'active', quantity: 2 });
    expect(relisted.listingId).not.toBe(listingId);

    await ebay.deleteListing('STK4');
    expect(await ebay.getListing('STK4')).toBeNull();
    expect(simulator.state().inventoryItems).toEqual([]);
    expect(simulator.state().listings.every((l) => l.listingStatus === 'ENDED')).toBe(true);
    await expect(ebay.deleteListing('STK4')).rejects.toBeInstanceOf(ListingNotFoundError);
  });

  it('retries a rate-limited call with backoff and succeeds', async () => {
    await control('failures', { kind: 'rate_limit', count: 2 });
    const { listingId } = await ebay.upsertListing(item('STK5'));
    expect(listingId).toBeTruthy();
    expect(simulator.state().calls.filter((c) => c.status === 429)).toHaveLength(2);
    expect(simulator.state().offers).toHaveLength(1);
  });

  it("honours eBay's Retry-After, and gives up past the bounds", async () => {
    await control('failures', { kind: 'rate_limit', count: 1, retryAfterSeconds: 1 });
    const started = Date.now();
    await ebay.getListing('nothing');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    // A wait longer than we are willing to block: fail at once so the job is retried later.
    await control('failures', { kind: 'rate_limit', count: 1, retryAfterSeconds: 3600 });
    const error = await ebay.getListing('nothing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceRateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 3_600_000 });

    // More 429s than retries.
    await control('failures', { kind: 'rate_limit', count: 10 });
    await expect(ebay.getListing('nothing')).rejects.toBeInstanceOf(MarketplaceRateLimitError);
    expect(simulator.state().calls.filter((c) => c.status === 429)).toHaveLength(1 + 1 + 4);
  });

  it('refreshes an invalid access token once and retries', async () => {
    await ebay.upsertListing(item('STK6'));
    expect(simulator.state().tokensIssued).toBe(1);
    await control('failures', { kind: 'invalid_token', count: 1 });
    expect(await ebay.getListing('STK6')).toMatchObject({ status: 'active' });
    expect(simulator.state().tokensIssued).toBe(2);
    expect(simulator.state().calls.filter((c) => c.status === 401)).toHaveLength(1);

    // Refused again after the refresh: no loop, a typed error.
    await control('failures', { kind: 'invalid_token', count: 2 });
    await expect(ebay.getListing('STK6')).rejects.toBeInstanceOf(MarketplaceAuthError);
    expect(simulator.state().tokensIssued).toBe(3);
  });

  it('caches the token until it expires', async () => {
    const shortLived = buildEbaySimulator({ ...credentials, tokenLifetimeSeconds: 1 });
    const shortAddress = await shortLived.listen({ port: 0, host: '127.0.0.1' });
    try {
      const market = makeMarketplace({ apiBase: shortAddress, authBase: shortAddress, tokenExpirySkewMs: 200 });
      await market.getListing('a');
      await market.getListing('b');
      expect(shortLived.state().tokensIssued).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 900));
      await market.getListing('c');
      expect(shortLived.state().tokensIssued).toBe(2);
      expect(shortLived.state().calls.filter((c) => c.status === 401)).toHaveLength(0);
    } finally {
      await shortLived.close();
    }
  });

  it('rejects a bad refresh token with a typed error', async () => {
    const market = makeMarketplace({ refreshToken: 'revoked' });
    const error = await market.getListing('STK1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceAuthError);
    expect((error as Error).message).toMatch(/refresh token is invalid/);
    await expect(makeMarketplace({ clientSecret: 'wrong' }).getListing('STK1')).rejects.toBeInstanceOf(MarketplaceAuthError);
  });

  it('maps an unknown item to ListingNotFoundError and other refusals to MarketplaceError', async () => {
    expect(await ebay.getListing('NOPE')).toBeNull();
    for (const attempt of [
      () => ebay.refreshListing('NOPE', { priceCents: 100, quantity: 1, title: 'x' }),
      () => ebay.endListing('NOPE'),
      () => ebay.deleteListing('NOPE'),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ListingNotFoundError);
      expect(error).toMatchObject({ sku: 'NOPE', status: 404 });
    }

    // eBay's own message comes through for other 4xx answers.
    const noLocation = makeMarketplace({ merchantLocationKey: '' });
    const error = await noLocation.upsertListing(item('STK7')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).not.toBeInstanceOf(ListingNotFoundError);
    expect(error).toMatchObject({ status: 400, errorId: 25002, message: expect.stringMatching(/inventory location/) });

    // Bad input never reaches eBay.
    const before = simulator.state().calls.length;
    await expect(ebay.upsertListing(item('STK8', { title: 'x'.repeat(81) }))).rejects.toThrow(/longer than 80/);
    await expect(ebay.upsertListing(item('STK8', { imageUrls: [] }))).rejects.toThrow(/at least one image/);
    await expect(ebay.upsertListing(item('STK8', { priceCents: 12.5 }))).rejects.toBeInstanceOf(MarketplaceError);
    expect(simulator.state().calls.length).toBe(before);
  });

  it('lists orders of the last days across pages, and a sale takes stock off the listing', async () => {
    await ebay.upsertListing(item('A1', { quantity: 10, priceCents: 1295, postageCents: 350 }));
    await ebay.upsertListing(item('A2', { quantity: 10, priceCents: 800, postageCents: 0 }));
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await control('orders', {
      buyer: { username: 'comicfan_42', fullName: 'Jane Citizen' },
      lines: [
        { sku: 'A1', quantity: 2 },
        { sku: 'A2', quantity: 1 },
      ],
      createdAt: daysAgo(1),
      shipTo: { addressLine1: '12 Smith St', city: 'Fitzroy', stateOrProvince: 'VIC', postalCode: '3065', countryCode: 'AU' },
    });
    await control('orders', { buyer: { username: 'b2' }, lines: [{ sku: 'A1', quantity: 1 }], createdAt: daysAgo(3) });
    await control('orders', { buyer: { username: 'b3' }, lines: [{ sku: 'A2', quantity: 1 }], createdAt: daysAgo(6) });
    await control('orders', { buyer: { username: 'b4' }, lines: [{ sku: 'A1', quantity: 1 }], createdAt: daysAgo(12) });
    await control('orders', { buyer: { username: 'b5' }, lines: [{ sku: 'A2', quantity: 1 }], createdAt: daysAgo(20) });

    const paged = makeMarketplace({ orderPageSize: 2 });
    const recent = await paged.listOrders({ sinceDays: 7 });
    expect(recent.map((o) => o.buyerUsername)).toEqual(['comicfan_42', 'b2', 'b3']);
    expect(calls('/sell/fulfillment/v1/order')).toHaveLength(2);
    expect(calls('/sell/fulfillment/v1/order')[0]?.query).toMatch(/filter=creationdate:\[\d{4}-\d\d-\d\dT[\d:.]+Z\.\.\]&limit=2&offset=0/);

    expect(recent[0]).toEqual({
      orderId: expect.any(String),
      createdAt: expect.any(String),
      buyerUsername: 'comicfan_42',
      buyerName: 'Jane Citizen',
      lines: [
        { sku: 'A1', title: 'Batman #A1', quantity: 2, lineItemId: expect.any(String), totalCents: 2590, postageCents: 350 },
        { sku: 'A2', title: 'Batman #A2', quantity: 1, lineItemId: expect.any(String), totalCents: 800, postageCents: 0 },
      ],
      totalCents: 2590 + 800 + 350,
      postageCents: 350,
      feesCents: Math.round((3740 * 134) / 1000) + 30,
      shippingAddress: {
        fullName: 'Jane Citizen',
        addressLine1: '12 Smith St',
        addressLine2: null,
        suburb: 'Fitzroy',
        state: 'VIC',
        postalCode: '3065',
        countryCode: 'AU',
      },
    });

    const month = await paged.listOrders({ sinceDays: 30 });
    expect(month).toHaveLength(5);
    expect(new Set(month.map((o) => o.orderId)).size).toBe(5);
    expect(calls('/sell/fulfillment/v1/order')).toHaveLength(2 + 3);

    // eBay took the sold copies off the listings.
    expect(await ebay.getListing('A1')).toMatchObject({ quantity: 10 - 2 - 1 - 1, status: 'active' });
    expect(await ebay.getQuantities(['A1', 'A2'])).toEqual(
      new Map([
        ['A1', 6],
        ['A2', 7],
      ]),
    );
  });

  it('sets the quantities of live listings 25 to a call; a listing at 0 stays and comes back; unlisted SKUs are said so', async () => {
    const skus = Array.from({ length: 30 }, (_, i) => `Q${i + 1}`);
    for (const sku of skus) await ebay.upsertListing(item(sku, { quantity: 1 }));
    await ebay.endListing('Q30');
    const answer = await ebay.updateQuantities([
      ...skus.map((sku) => ({ sku, quantity: sku === 'Q1' ? 0 : 4 })),
      { sku: 'NEVER', quantity: 1 },
    ]);
    expect(answer.filter((a) => a.outcome === 'updated')).toHaveLength(29);
    expect(answer.filter((a) => a.outcome === 'not listed').map((a) => a.sku)).toEqual(['Q30', 'NEVER']);
    expect(simulator.state().bulkUpdates.map((b) => b.requests.length)).toEqual([25, 4]);
    const listing = (sku: string) => simulator.state().listings.find((l) => l.sku === sku && l.listingStatus !== 'ENDED');
    expect(listing('Q1')).toMatchObject({ quantity: 0, listingStatus: 'OUT_OF_STOCK' });
    expect(listing('Q2')).toMatchObject({ quantity: 4, listingStatus: 'ACTIVE' });
    // eBay will not sell what it does not offer; stock back, it sells again.
    await expect(control('orders', { buyer: { username: 'b1' }, lines: [{ sku: 'Q1', quantity: 1 }] })).rejects.toThrow(/409/);
    await ebay.updateQuantities([{ sku: 'Q1', quantity: 2 }]);
    expect(listing('Q1')).toMatchObject({ quantity: 2, listingStatus: 'ACTIVE' });
    await control('orders', { buyer: { username: 'b1' }, lines: [{ sku: 'Q1', quantity: 1 }] });
    expect(listing('Q1')).toMatchObject({ quantity: 1 });
    // The offer ids are remembered: the second update asked eBay for no offers.
    expect(calls('/sell/inventory/v1/offer').filter((c) => c.method === 'GET')).toHaveLength(30 + 31 + 1);
  });

  it('uploads 50 listings in a loop', async () => {
    const skus = Array.from({ length: 50 }, (_, i) => `BATCH-${String(i + 1).padStart(3, '0')}`);
    const listingIds = new Set<string>();
    for (const [i, sku] of skus.entries()) {
      const { listingId } = await ebay.upsertListing(item(sku, { priceCents: 495 + i * 25, quantity: 1 + (i % 4) }));
      listingIds.add(listingId);
    }
    expect(listingIds.size).toBe(50);
    const state = simulator.state();
    expect(state.listings.filter((l) => l.listingStatus === 'ACTIVE')).toHaveLength(50);
    expect(state.tokensIssued).toBe(1);
    expect(state.listings.find((l) => l.sku === 'BATCH-050')?.price).toEqual({ value: '17.20', currency: 'AUD' });

    const quantities = await ebay.getQuantities([...skus, 'NOT-LISTED']);
    expect(quantities.size).toBe(50);
    expect(quantities.get('BATCH-004')).toBe(4);
    expect(calls('/sell/inventory/v1/bulk_get_inventory_item')).toHaveLength(3);
  });
});
