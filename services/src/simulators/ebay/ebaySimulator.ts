import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * A local stand-in for the parts of eBay's REST APIs the shop's marketplace adapter uses, so the
 * real adapter runs unchanged in development and tests:
 *
 * - OAuth: POST /identity/v1/oauth2/token (refresh-token grant; Basic client credentials).
 * - Sell Inventory v1: inventory_item/{sku} (PUT, GET, DELETE), bulk_get_inventory_item,
 *   offer (GET by sku, POST), offer/{offerId} (PUT), offer/{offerId}/publish, offer/{offerId}/withdraw,
 *   bulk_update_price_quantity.
 * - Sell Fulfillment v1: GET order with a creationdate filter, limit and offset.
 *
 * Errors use eBay's envelope `{ errors: [{ errorId, domain, category, message }] }`. The ids of the
 * errors the adapter relies on are eBay's documented ones: 1001 invalid access token (401), 2001
 * too many requests (429), 25710 entity not found (404), 25713 offer not available (404). The
 * simulator's other validation errors use representative ids (25002 user error, 25709 invalid value).
 *
 * Test controls live under /__simulator: add a marketplace order (which sells listed stock, as eBay
 * does), make the next N API responses 429 or 401, read and reset the state.
 */

export const EBAY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/sell.finances',
] as const;

export interface EbaySimulatorOptions {
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  /** Lifetime of issued user access tokens; eBay's is 7200 seconds. */
  tokenLifetimeSeconds?: number;
  /** The scopes the refresh token was granted; a grant asking for more is refused. */
  grantedScopes?: readonly string[];
}

interface Amount {
  value: string;
  currency: string;
}

export interface SimInventoryItem {
  sku: string;
  locale: string;
  product: { title: string; description: string; imageUrls: string[] } & Record<string, unknown>;
  condition: string;
  availability: { shipToLocationAvailability: { quantity: number } };
}

export interface SimOffer {
  offerId: string;
  sku: string;
  marketplaceId: string;
  format: string;
  availableQuantity: number;
  categoryId?: string;
  listingDescription?: string;
  listingPolicies?: Record<string, unknown>;
  merchantLocationKey?: string;
  pricingSummary: { price: Amount };
  status: 'PUBLISHED' | 'UNPUBLISHED';
  listingId?: string;
}

export interface SimListing {
  listingId: string;
  sku: string;
  offerId: string;
  title: string;
  quantity: number;
  price: Amount;
  soldQuantity: number;
  listingStatus: 'ACTIVE' | 'OUT_OF_STOCK' | 'ENDED';
  /** (simulator only) When the listing's quantity last went to 0, ISO; null while it has stock. */
  soldOutAt: string | null;
}

export interface SimOrder {
  orderId: string;
  legacyOrderId: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: 'NOT_STARTED';
  orderPaymentStatus: 'PAID';
  sellerId: string;
  buyer: { username: string; buyerRegistrationAddress: { fullName: string } };
  pricingSummary: { priceSubtotal: Amount; deliveryCost: Amount; total: Amount };
  totalMarketplaceFee: Amount;
  fulfillmentStartInstructions: Array<{
    fulfillmentInstructionsType: 'SHIP_TO';
    shippingStep: {
      shippingServiceCode: string;
      shipTo: {
        fullName: string;
        contactAddress: {
          addressLine1: string;
          addressLine2?: string;
          city: string;
          stateOrProvince: string;
          postalCode: string;
          countryCode: string;
        };
      };
    };
  }>;
  lineItems: Array<{
    lineItemId: string;
    legacyItemId: string;
    sku: string;
    title: string;
    quantity: number;
    lineItemCost: Amount;
    deliveryCost: { shippingCost: Amount };
    total: Amount;
    lineItemFulfillmentStatus: 'NOT_STARTED';
  }>;
}

export interface SimCall {
  method: string;
  path: string;
  query: string;
  status: number;
}

export interface EbaySimulatorState {
  inventoryItems: SimInventoryItem[];
  offers: SimOffer[];
  listings: SimListing[];
  orders: SimOrder[];
  calls: SimCall[];
  /** (simulator only) Each bulk price-and-quantity call: when, and the quantity it set per SKU. */
  bulkUpdates: Array<{ at: string; requests: Array<{ sku: string; quantity: number | null }> }>;
  tokensIssued: number;
}

type Failure = { kind: 'rate_limit'; retryAfterSeconds: number | null } | { kind: 'invalid_token' };

const errorBody = (errorId: number, domain: string, message: string, extra: Record<string, unknown> = {}) => ({
  errors: [{ errorId, domain, category: 'REQUEST', message, ...extra }],
});
const NOT_FOUND = (domain = 'API_INVENTORY') =>
  errorBody(25710, domain, "We didn't find the entity you are requesting. Please verify the request");
const OFFER_NOT_AVAILABLE = () => errorBody(25713, 'API_INVENTORY', 'This Offer is not available.');
const INVALID_TOKEN = () =>
  errorBody(1001, 'OAuth', 'Invalid access token', {
    longMessage: 'Invalid access token. Check the value of the Authorization HTTP request header.',
  });
const RATE_LIMITED = () => errorBody(2001, 'ACCESS', 'Too many requests. The request limit has been reached for the resource.');
const userError = (message: string) => errorBody(25002, 'API_INVENTORY', `A user error has occurred. ${message}`);
const invalidValue = (what: string, domain = 'API_INVENTORY') => errorBody(25709, domain, `Invalid value for ${what}.`);

/** eBay's decimal money strings: "12.95". */
const amountSchema = z.object({ value: z.string().regex(/^\d+(\.\d{1,2})?$/), currency: z.string().length(3) });
const toCents = (value: string): number => {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
const toValue = (cents: number): string => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const inventoryItemSchema = z.object({
  locale: z.string().optional(),
  product: z
    .object({ title: z.string().min(1).max(80), description: z.string().min(1), imageUrls: z.array(z.string()).default([]) })
    .passthrough(),
  condition: z.string().min(1),
  availability: z.object({ shipToLocationAvailability: z.object({ quantity: z.number().int().nonnegative() }) }),
});

const offerSchema = z.object({
  sku: z.string().min(1).max(50),
  marketplaceId: z.string(),
  format: z.enum(['FIXED_PRICE', 'AUCTION']),
  availableQuantity: z.number().int().nonnegative(),
  categoryId: z.string().regex(/^\d+$/).optional(),
  listingDescription: z.string().optional(),
  listingPolicies: z.record(z.unknown()).optional(),
  merchantLocationKey: z.string().optional(),
  pricingSummary: z.object({ price: amountSchema }),
});

const bulkPriceQuantitySchema = z.object({
  requests: z
    .array(
      z.object({
        sku: z.string().min(1),
        shipToLocationAvailability: z.object({ quantity: z.number().int().nonnegative() }).optional(),
        offers: z
          .array(
            z.object({ offerId: z.string(), availableQuantity: z.number().int().nonnegative().optional(), price: amountSchema.optional() }),
          )
          .optional(),
      }),
    )
    .min(1)
    .max(25),
});

const bulkGetSchema = z.object({
  requests: z
    .array(z.object({ sku: z.string().min(1) }))
    .min(1)
    .max(25),
});

const simulatedOrderSchema = z.object({
  buyer: z.object({ username: z.string().min(1), fullName: z.string().min(1).optional() }),
  lines: z.array(z.object({ sku: z.string().min(1), quantity: z.number().int().positive() })).min(1),
  /** ISO time of the sale; now when left out (lets tests place orders in the past). */
  createdAt: z.string().datetime().optional(),
  shipTo: z
    .object({
      fullName: z.string().optional(),
      addressLine1: z.string(),
      addressLine2: z.string().optional(),
      city: z.string(),
      stateOrProvince: z.string(),
      postalCode: z.string(),
      countryCode: z.string().default('AU'),
    })
    .optional(),
});
export type SimulatedOrderRequest = z.input<typeof simulatedOrderSchema>;

const failureSchema = z.object({
  kind: z.enum(['rate_limit', 'invalid_token']),
  count: z.number().int().positive().default(1),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
});
export type SimulatedFailureRequest = z.input<typeof failureSchema>;

export type EbaySimulator = FastifyInstance & { state(): EbaySimulatorState; reset(): void };

export function buildEbaySimulator(options: EbaySimulatorOptions = {}): EbaySimulator {
  const clientId = options.clientId ?? 'sim-client';
  const clientSecret = options.clientSecret ?? 'sim-secret';
  const refreshToken = options.refreshToken ?? 'sim-refresh-token';
  const lifetime = options.tokenLifetimeSeconds ?? 7200;
  const granted = new Set<string>(options.grantedScopes ?? EBAY_SCOPES);

  const app = Fastify({ logger: false }) as unknown as EbaySimulator;
  const items = new Map<string, SimInventoryItem>();
  const offers = new Map<string, SimOffer>();
  const listings = new Map<string, SimListing>();
  const orders: SimOrder[] = [];
  const calls: SimCall[] = [];
  const bulkUpdates: EbaySimulatorState['bulkUpdates'] = [];
  const tokens = new Map<string, number>();
  const failures: Failure[] = [];
  let tokensIssued = 0;
  let nextOfferId = 5_000_000_001;
  let nextListingId = 110_550_000_001;
  let nextOrder = 1;

  const reset = () => {
    items.clear();
    offers.clear();
    listings.clear();
    orders.length = 0;
    calls.length = 0;
    bulkUpdates.length = 0;
    tokens.clear();
    failures.length = 0;
    tokensIssued = 0;
  };
  const state = (): EbaySimulatorState =>
    structuredClone({
      inventoryItems: [...items.values()],
      offers: [...offers.values()],
      listings: [...listings.values()],
      orders,
      calls,
      bulkUpdates,
      tokensIssued,
    });
  app.decorate('state', state);
  app.decorate('reset', reset);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/__simulator')) return;
    const [path = '', query = ''] = request.url.split('?');
    calls.push({ method: request.method, path: decodeURIComponent(path), query: decodeURIComponent(query), status: reply.statusCode });
  });

  // Authorisation and injected failures for every API call.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/sell/')) return;
    const failure = failures.shift();
    if (failure?.kind === 'rate_limit') {
      if (failure.retryAfterSeconds !== null) reply.header('Retry-After', String(failure.retryAfterSeconds));
      return reply.status(429).send(RATE_LIMITED());
    }
    if (failure?.kind === 'invalid_token') {
      tokens.clear(); // as when eBay revokes or expires the user's tokens
      return reply.status(401).send(INVALID_TOKEN());
    }
    const auth = request.headers.authorization ?? '';
    const expiresAt = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) return reply.status(401).send(INVALID_TOKEN());
  });

  const needsLanguage = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const language = request.headers['content-language'];
    if (language !== 'en-AU' && language !== 'en-US') {
      void reply.status(400).send(invalidValue('header Content-Language'));
      return false;
    }
    return true;
  };

  // ---- OAuth ------------------------------------------------------------------------------------
  app.post('/identity/v1/oauth2/token', async (request, reply) => {
    const auth = request.headers.authorization ?? '';
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (auth !== expected) return reply.status(401).send({ error: 'invalid_client', error_description: 'client authentication failed' });
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    if (body.grant_type !== 'refresh_token') {
      return reply
        .status(400)
        .send({ error: 'unsupported_grant_type', error_description: 'grant type in request is not supported by the authorization server' });
    }
    if (body.refresh_token !== refreshToken) {
      return reply.status(400).send({
        error: 'invalid_grant',
        error_description: 'the provided authorization refresh token is invalid or was issued to another client',
      });
    }
    const scopes = (body.scope ?? '').split(/\s+/).filter(Boolean);
    if (scopes.some((scope) => !granted.has(scope))) {
      return reply.status(400).send({
        error: 'invalid_scope',
        error_description: 'The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
      });
    }
    const token = `v^1.1#i^1#sim#${randomBytes(24).toString('base64url')}`;
    tokens.set(token, Date.now() + lifetime * 1000);
    tokensIssued += 1;
    return { access_token: token, expires_in: lifetime, token_type: 'User Access Token' };
  });

  // ---- Inventory items --------------------------------------------------------------------------
  const skuParam = (request: FastifyRequest) => (request.params as { sku: string }).sku;

  app.put('/sell/inventory/v1/inventory_item/:sku', async (request, reply) => {
    if (!needsLanguage(request, reply)) return reply;
    const sku = skuParam(request);
    if (sku.length > 50) return reply.status(400).send(invalidValue('sku'));
    const parsed = inventoryItemSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send(invalidValue(parsed.error.issues[0]?.path.join('.') || 'request'));
    const { locale, product, condition, availability } = parsed.data;
    const item: SimInventoryItem = { sku, locale: locale ?? 'en_AU', product: { ...product }, condition, availability };
    items.set(sku, item);
    // A live listing follows its item, as on eBay.
    for (const offer of offers.values()) {
      if (offer.sku === sku) syncListing(offer);
    }
    return reply.status(204).send();
  });

  app.get('/sell/inventory/v1/inventory_item/:sku', async (request, reply) => {
    const item = items.get(skuParam(request));
    if (!item) return reply.status(404).send(NOT_FOUND());
    return item;
  });

  app.delete('/sell/inventory/v1/inventory_item/:sku', async (request, reply) => {
    const sku = skuParam(request);
    if (!items.delete(sku)) return reply.status(404).send(NOT_FOUND());
    for (const [offerId, offer] of offers) {
      if (offer.sku !== sku) continue;
      const listing = offer.listingId ? listings.get(offer.listingId) : undefined;
      if (listing) listing.listingStatus = 'ENDED';
      offers.delete(offerId);
    }
    return reply.status(204).send();
  });

  app.post('/sell/inventory/v1/bulk_get_inventory_item', async (request, reply) => {
    const parsed = bulkGetSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send(invalidValue('requests'));
    const responses = parsed.data.requests.map(({ sku }) => {
      const item = items.get(sku);
      return item ? { statusCode: 200, sku, inventoryItem: item } : { statusCode: 404, sku, errors: NOT_FOUND().errors };
    });
    return reply.status(responses.every((r) => r.statusCode === 200) ? 200 : 207).send({ responses });
  });

  // ---- Offers -----------------------------------------------------------------------------------
  const offerView = (offer: SimOffer) => {
    const listing = offer.listingId ? listings.get(offer.listingId) : undefined;
    const { listingId: _listingId, ...rest } = offer;
    return {
      ...rest,
      ...(listing
        ? { listing: { listingId: listing.listingId, listingStatus: listing.listingStatus, soldQuantity: listing.soldQuantity } }
        : {}),
    };
  };

  function syncListing(offer: SimOffer): void {
    const listing = offer.listingId ? listings.get(offer.listingId) : undefined;
    if (!listing || offer.status !== 'PUBLISHED') return;
    const item = items.get(offer.sku);
    // As eBay: the listing offers the lesser of the offer's quantity and the item's total.
    const quantity = Math.min(offer.availableQuantity, item?.availability.shipToLocationAvailability.quantity ?? offer.availableQuantity);
    if (quantity === 0 && listing.quantity > 0) listing.soldOutAt = new Date().toISOString();
    if (quantity > 0) listing.soldOutAt = null;
    listing.quantity = quantity;
    listing.price = { ...offer.pricingSummary.price };
    listing.title = item?.product.title ?? listing.title;
    listing.listingStatus = quantity > 0 ? 'ACTIVE' : 'OUT_OF_STOCK';
  }

  app.get('/sell/inventory/v1/offer', async (request, reply) => {
    const query = request.query as { sku?: string; marketplace_id?: string; format?: string; limit?: string; offset?: string };
    if (!query.sku) return reply.status(400).send(invalidValue('sku'));
    if (!items.has(query.sku)) return reply.status(404).send(NOT_FOUND());
    const found = [...offers.values()].filter(
      (o) =>
        o.sku === query.sku &&
        (!query.marketplace_id || o.marketplaceId === query.marketplace_id) &&
        (!query.format || o.format === query.format),
    );
    if (found.length === 0) return reply.status(404).send(OFFER_NOT_AVAILABLE());
    return { href: request.url, limit: 100, size: found.length, total: found.length, offers: found.map(offerView) };
  });

  app.post('/sell/inventory/v1/offer', async (request, reply) => {
    if (!needsLanguage(request, reply)) return reply;
    const parsed = offerSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send(invalidValue(parsed.error.issues[0]?.path.join('.') || 'request'));
    const body = parsed.data;
    if (!items.has(body.sku))
      return reply.status(400).send(errorBody(25702, 'API_INVENTORY', `SKU ${body.sku} is not available in the system.`));
    const existing = [...offers.values()].find(
      (o) => o.sku === body.sku && o.marketplaceId === body.marketplaceId && o.format === body.format,
    );
    if (existing) {
      return reply.status(400).send(
        errorBody(25002, 'API_INVENTORY', 'A user error has occurred. Offer entity already exists.', {
          parameters: [{ name: 'offerId', value: existing.offerId }],
        }),
      );
    }
    const offer: SimOffer = { offerId: String(nextOfferId++), ...body, status: 'UNPUBLISHED' };
    offers.set(offer.offerId, offer);
    return reply.status(201).send({ offerId: offer.offerId });
  });

  const offerParam = (request: FastifyRequest) => offers.get((request.params as { offerId: string }).offerId);

  app.put('/sell/inventory/v1/offer/:offerId', async (request, reply) => {
    if (!needsLanguage(request, reply)) return reply;
    const offer = offerParam(request);
    if (!offer) return reply.status(404).send(OFFER_NOT_AVAILABLE());
    const parsed = offerSchema.omit({ sku: true, marketplaceId: true, format: true }).safeParse(request.body);
    if (!parsed.success) return reply.status(400).send(invalidValue(parsed.error.issues[0]?.path.join('.') || 'request'));
    Object.assign(offer, parsed.data);
    syncListing(offer);
    return reply.status(204).send();
  });

  app.post('/sell/inventory/v1/offer/:offerId/publish', async (request, reply) => {
    const offer = offerParam(request);
    if (!offer) return reply.status(404).send(OFFER_NOT_AVAILABLE());
    const item = items.get(offer.sku);
    if (!item) return reply.status(400).send(errorBody(25702, 'API_INVENTORY', `SKU ${offer.sku} is not available in the system.`));
    const policies = offer.listingPolicies ?? {};
    const missing =
      item.product.imageUrls.length === 0
        ? 'The item must have at least one picture.'
        : !offer.categoryId
          ? 'No category was given for the offer.'
          : !offer.merchantLocationKey
            ? 'No Item.Country exists: the offer has no inventory location.'
            : !offer.listingDescription
              ? 'The offer has no listing description.'
              : !policies.fulfillmentPolicyId || !policies.paymentPolicyId || !policies.returnPolicyId
                ? 'The offer is missing business policies.'
                : offer.availableQuantity < 1
                  ? 'The quantity must be greater than 0.'
                  : offer.marketplaceId === 'EBAY_AU' && offer.pricingSummary.price.currency !== 'AUD'
                    ? 'The currency must be AUD on EBAY_AU.'
                    : toCents(offer.pricingSummary.price.value) < 1
                      ? 'The price must be greater than 0.'
                      : null;
    if (missing) return reply.status(400).send(userError(missing));
    const current = offer.listingId ? listings.get(offer.listingId) : undefined;
    if (offer.status === 'PUBLISHED' && current && current.listingStatus !== 'ENDED') {
      syncListing(offer); // publishing a published offer revises its listing
      return { offerId: offer.offerId, listingId: current.listingId };
    }
    const listingId = String(nextListingId++);
    offer.status = 'PUBLISHED';
    offer.listingId = listingId;
    listings.set(listingId, {
      listingId,
      sku: offer.sku,
      offerId: offer.offerId,
      title: item.product.title,
      quantity: offer.availableQuantity,
      price: { ...offer.pricingSummary.price },
      soldQuantity: 0,
      listingStatus: 'ACTIVE',
      soldOutAt: null,
    });
    syncListing(offer);
    return { offerId: offer.offerId, listingId };
  });

  app.post('/sell/inventory/v1/offer/:offerId/withdraw', async (request, reply) => {
    const offer = offerParam(request);
    if (!offer) return reply.status(404).send(OFFER_NOT_AVAILABLE());
    if (offer.status !== 'PUBLISHED' || !offer.listingId) return reply.status(400).send(userError('The offer is not published.'));
    offer.status = 'UNPUBLISHED';
    const listing = listings.get(offer.listingId);
    if (listing) listing.listingStatus = 'ENDED';
    return { listingId: offer.listingId };
  });

  app.post('/sell/inventory/v1/bulk_update_price_quantity', async (request, reply) => {
    const parsed = bulkPriceQuantitySchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send(invalidValue(parsed.error.issues[0]?.path.join('.') || 'requests'));
    const responses: Array<Record<string, unknown>> = [];
    bulkUpdates.push({
      at: new Date().toISOString(),
      requests: parsed.data.requests.map((r) => ({
        sku: r.sku,
        quantity: r.offers?.[0]?.availableQuantity ?? r.shipToLocationAvailability?.quantity ?? null,
      })),
    });
    for (const entry of parsed.data.requests) {
      const item = items.get(entry.sku);
      if (!item) {
        responses.push({ statusCode: 404, sku: entry.sku, errors: NOT_FOUND().errors });
        continue;
      }
      if (entry.shipToLocationAvailability)
        item.availability.shipToLocationAvailability.quantity = entry.shipToLocationAvailability.quantity;
      if (!entry.offers?.length) responses.push({ statusCode: 200, sku: entry.sku });
      for (const change of entry.offers ?? []) {
        const offer = offers.get(change.offerId);
        if (!offer || offer.sku !== entry.sku) {
          responses.push({ statusCode: 404, sku: entry.sku, offerId: change.offerId, errors: OFFER_NOT_AVAILABLE().errors });
          continue;
        }
        if (change.availableQuantity !== undefined) offer.availableQuantity = change.availableQuantity;
        if (change.price) offer.pricingSummary.price = { ...change.price };
        syncListing(offer);
        responses.push({ statusCode: 200, sku: entry.sku, offerId: offer.offerId });
      }
    }
    return reply.status(responses.every((r) => r.statusCode === 200) ? 200 : 207).send({ responses });
  });

  // ---- Fulfillment: orders ----------------------------------------------------------------------
  app.get('/sell/fulfillment/v1/order', async (request, reply) => {
    const query = request.query as { filter?: string; limit?: string; offset?: string };
    const limit = query.limit === undefined ? 50 : Number(query.limit);
    const offset = query.offset === undefined ? 0 : Number(query.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      return reply.status(400).send(errorBody(30800, 'API_FULFILLMENT', 'Invalid limit. Supported ranges 1 - 200.'));
    if (!Number.isInteger(offset) || offset < 0) return reply.status(400).send(errorBody(30800, 'API_FULFILLMENT', 'Invalid offset.'));
    let from = -Infinity;
    let to = Infinity;
    if (query.filter) {
      const match = /^creationdate:\[([^\]]*?)\.\.([^\]]*)\]$/.exec(query.filter);
      const start = match?.[1] ? Date.parse(match[1]) : -Infinity;
      const end = match?.[2] ? Date.parse(match[2]) : Infinity;
      if (!match || Number.isNaN(start) || Number.isNaN(end))
        return reply.status(400).send(errorBody(30800, 'API_FULFILLMENT', 'Invalid filter value.'));
      from = start;
      to = end;
    }
    const matching = orders
      .filter((o) => Date.parse(o.creationDate) >= from && Date.parse(o.creationDate) <= to)
      .sort((a, b) => b.creationDate.localeCompare(a.creationDate));
    const page = matching.slice(offset, offset + limit);
    const base = `/sell/fulfillment/v1/order?${query.filter ? `filter=${encodeURIComponent(query.filter)}&` : ''}limit=${limit}`;
    return {
      href: `${base}&offset=${offset}`,
      total: matching.length,
      limit,
      offset,
      ...(offset + limit < matching.length ? { next: `${base}&offset=${offset + limit}` } : {}),
      ...(offset > 0 ? { prev: `${base}&offset=${Math.max(0, offset - limit)}` } : {}),
      orders: page,
    };
  });

  // ---- Test controls ----------------------------------------------------------------------------
  app.post('/__simulator/orders', async (request, reply) => {
    const parsed = simulatedOrderSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ message: parsed.error.issues[0]?.message ?? 'bad order' });
    const body = parsed.data;
    const sold: Array<{ offer: SimOffer; listing: SimListing; item: SimInventoryItem; quantity: number }> = [];
    for (const line of body.lines) {
      const offer = [...offers.values()].find((o) => o.sku === line.sku && o.status === 'PUBLISHED');
      const listing = offer?.listingId ? listings.get(offer.listingId) : undefined;
      const item = items.get(line.sku);
      if (!offer || !listing || !item || listing.listingStatus === 'ENDED')
        return reply.status(400).send({ message: `No active listing for ${line.sku}` });
      // eBay does not sell what a listing does not offer: at quantity 0 it shows out of stock.
      if (listing.quantity < line.quantity)
        return reply
          .status(409)
          .send({ message: listing.quantity === 0 ? `${line.sku} is out of stock` : `Only ${listing.quantity} of ${line.sku} left` });
      sold.push({ offer, listing, item, quantity: line.quantity });
    }
    const createdAt = body.createdAt ? new Date(body.createdAt).toISOString() : new Date().toISOString();
    const number = nextOrder++;
    const orderId = `${String(10 + (number % 90)).padStart(2, '0')}-${String(10000 + number).slice(-5)}-${String(40000 + number).slice(-5)}`;
    let subtotal = 0;
    let postage = 0;
    const lineItems = sold.map(({ offer, listing, item, quantity }, index) => {
      offer.availableQuantity = Math.max(0, offer.availableQuantity - quantity);
      item.availability.shipToLocationAvailability.quantity = Math.max(0, item.availability.shipToLocationAvailability.quantity - quantity);
      listing.soldQuantity += quantity;
      syncListing(offer);
      const cost = toCents(offer.pricingSummary.price.value) * quantity;
      const overrides = (offer.listingPolicies?.shippingCostOverrides ?? []) as Array<{ shippingCost?: Amount }>;
      const shipping = overrides[0]?.shippingCost ? toCents(overrides[0].shippingCost.value) : 0;
      subtotal += cost;
      postage += shipping;
      return {
        lineItemId: String(10_000_000_000 + number * 100 + index),
        legacyItemId: listing.listingId,
        sku: offer.sku,
        title: listing.title,
        quantity,
        lineItemCost: { value: toValue(cost), currency: 'AUD' },
        deliveryCost: { shippingCost: { value: toValue(shipping), currency: 'AUD' } },
        total: { value: toValue(cost + shipping), currency: 'AUD' },
        lineItemFulfillmentStatus: 'NOT_STARTED' as const,
      };
    });
    const total = subtotal + postage;
    const fullName = body.buyer.fullName ?? body.buyer.username;
    const shipTo = body.shipTo ?? {
      addressLine1: '1 George St',
      city: 'Sydney',
      stateOrProvince: 'NSW',
      postalCode: '2000',
      countryCode: 'AU',
    };
    const order: SimOrder = {
      orderId,
      legacyOrderId: `${lineItems[0]?.legacyItemId ?? '0'}-${number}`,
      creationDate: createdAt,
      lastModifiedDate: createdAt,
      orderFulfillmentStatus: 'NOT_STARTED',
      orderPaymentStatus: 'PAID',
      sellerId: 'sim_seller',
      buyer: { username: body.buyer.username, buyerRegistrationAddress: { fullName } },
      pricingSummary: {
        priceSubtotal: { value: toValue(subtotal), currency: 'AUD' },
        deliveryCost: { value: toValue(postage), currency: 'AUD' },
        total: { value: toValue(total), currency: 'AUD' },
      },
      // Roughly eBay AU's final value fee: 13.4% of the total plus 30 cents per order.
      totalMarketplaceFee: { value: toValue(Math.round((total * 134) / 1000) + 30), currency: 'AUD' },
      fulfillmentStartInstructions: [
        {
          fulfillmentInstructionsType: 'SHIP_TO',
          shippingStep: {
            shippingServiceCode: 'AU_Regular',
            shipTo: {
              fullName: shipTo.fullName ?? fullName,
              contactAddress: {
                addressLine1: shipTo.addressLine1,
                ...(shipTo.addressLine2 ? { addressLine2: shipTo.addressLine2 } : {}),
                city: shipTo.city,
                stateOrProvince: shipTo.stateOrProvince,
                postalCode: shipTo.postalCode,
                countryCode: shipTo.countryCode,
              },
            },
          },
        },
      ],
      lineItems,
    };
    orders.push(order);
    return reply.status(201).send({ order });
  });

  app.post('/__simulator/failures', async (request, reply) => {
    const parsed = failureSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ message: parsed.error.issues[0]?.message ?? 'bad failure' });
    const { kind, count, retryAfterSeconds } = parsed.data;
    for (let i = 0; i < count; i += 1) {
      failures.push(kind === 'rate_limit' ? { kind, retryAfterSeconds: retryAfterSeconds ?? null } : { kind });
    }
    return { pending: failures.length };
  });

  app.get('/__simulator/state', async () => state());
  app.delete('/__simulator/state', async () => {
    reset();
    return { ok: true };
  });

  return app;
}
