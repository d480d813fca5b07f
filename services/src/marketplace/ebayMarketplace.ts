import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import {
  amountToCents,
  centsToAmount,
  ebayAuViewUrl,
  ListingNotFoundError,
  listingInputSchema,
  listingRefreshSchema,
  MarketplaceAuthError,
  MarketplaceError,
  MarketplaceRateLimitError,
  type ListingInput,
  type ListingRefresh,
  type ListingState,
  type Marketplace,
  type MarketplaceAddress,
  type MarketplaceOrder,
  type QuantityUpdate,
  type QuantityUpdateResult,
} from './marketplace.ts';

/** eBay AU: Collectables > Comic Books & Memorabilia > Comics > Comics & Graphic Novels. */
export const EBAY_COMICS_CATEGORY_ID = '259104';

/**
 * What the refresh-token grant asks for: the broad sell scopes the spec names (public API,
 * inventory, fulfillment, finances). They must be a subset of what the seller consented to when
 * the refresh token was minted.
 */
export const EBAY_SELL_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/sell.finances',
] as const;

export interface EbayMarketplaceOptions {
  /** https://api.ebay.com, https://api.sandbox.ebay.com, or the simulator. (EBAY_API_BASE) */
  apiBase: string;
  /**
   * Host of the OAuth token endpoint {authBase}/identity/v1/oauth2/token. On eBay that is the API
   * host itself (https://api.ebay.com, https://api.sandbox.ebay.com); auth.ebay.com only serves the
   * consent page. (EBAY_AUTH_BASE)
   */
  authBase: string;
  /** The application's App ID and Cert ID. (EBAY_CLIENT_ID, EBAY_CLIENT_SECRET) */
  clientId: string;
  clientSecret: string;
  /** The seller's long-lived refresh token from the authorisation-code grant. (EBAY_REFRESH_TOKEN) */
  refreshToken: string;
  marketplaceId?: 'EBAY_AU';
  /** Business policies set up in the seller's account. (EBAY_*_POLICY_ID) */
  policies: { fulfillmentPolicyId: string; paymentPolicyId: string; returnPolicyId: string };
  /** The inventory location the stock ships from. (EBAY_MERCHANT_LOCATION_KEY) */
  merchantLocationKey: string;
  /** Leaf category for items that do not name one; default 259104 (Comics & Graphic Novels). (EBAY_CATEGORY_ID) */
  categoryId?: string;
  scopes?: readonly string[];
  /** 429 handling: retries with exponential backoff, or the server's Retry-After when it sends one. */
  retry?: { maxRetries?: number; baseDelayMs?: number; maxDelayMs?: number };
  /** getOrders page size, 1 to 200. */
  orderPageSize?: number;
  timeoutMs?: number;
  /** Refresh the access token this long before eBay says it expires. */
  tokenExpirySkewMs?: number;
}

const MARKETPLACE_CURRENCY = 'AUD';
const CONTENT_LANGUAGE = 'en-AU';
const LOCALE = 'en_AU';
const FORMAT = 'FIXED_PRICE';
/** bulk_update_price_quantity and bulk_get_inventory_item take at most 25 requests. */
const BULK_LIMIT = 25;

// ---- eBay response shapes (only what we read; everything else passes through) ----------------

const amount = z.object({ value: z.string(), currency: z.string() });
const errorDetail = z
  .object({ errorId: z.number().optional(), message: z.string().optional(), longMessage: z.string().optional() })
  .passthrough();
const errorEnvelope = z.object({ errors: z.array(errorDetail).optional() }).passthrough();
const tokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const tokenError = z.object({ error: z.string().optional(), error_description: z.string().optional() });

const inventoryItem = z
  .object({
    sku: z.string().optional(),
    product: z.object({ title: z.string() }).passthrough(),
    condition: z.string().optional(),
    conditionDescription: z.string().optional(),
    availability: z
      .object({ shipToLocationAvailability: z.object({ quantity: z.number().int() }).partial().optional() })
      .partial()
      .optional(),
    packageWeightAndSize: z.unknown().optional(),
  })
  .passthrough();
type InventoryItem = z.infer<typeof inventoryItem>;

const offer = z
  .object({
    offerId: z.string(),
    sku: z.string(),
    marketplaceId: z.string().optional(),
    format: z.string().optional(),
    availableQuantity: z.number().int().optional(),
    pricingSummary: z.object({ price: amount.optional() }).passthrough().optional(),
    status: z.string().optional(),
    listing: z.object({ listingId: z.string().optional(), listingStatus: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();
type Offer = z.infer<typeof offer>;
const offers = z.object({ offers: z.array(offer).default([]) }).passthrough();
const createdOffer = z.object({ offerId: z.string() }).passthrough();
const publishedOffer = z.object({ listingId: z.string() }).passthrough();
const bulkResponses = z.object({
  responses: z.array(
    z
      .object({
        statusCode: z.number(),
        sku: z.string().optional(),
        inventoryItem: inventoryItem.optional(),
        errors: z.array(errorDetail).optional(),
      })
      .passthrough(),
  ),
});

const ebayOrder = z
  .object({
    orderId: z.string(),
    creationDate: z.string(),
    buyer: z
      .object({ username: z.string(), buyerRegistrationAddress: z.object({ fullName: z.string().optional() }).passthrough().optional() })
      .passthrough(),
    pricingSummary: z.object({ total: amount, deliveryCost: amount.optional() }).passthrough(),
    totalMarketplaceFee: amount.optional(),
    fulfillmentStartInstructions: z
      .array(
        z
          .object({
            shippingStep: z
              .object({
                shipTo: z
                  .object({
                    fullName: z.string().optional(),
                    contactAddress: z
                      .object({
                        addressLine1: z.string().optional(),
                        addressLine2: z.string().optional(),
                        city: z.string().optional(),
                        stateOrProvince: z.string().optional(),
                        postalCode: z.string().optional(),
                        countryCode: z.string().optional(),
                      })
                      .passthrough()
                      .optional(),
                  })
                  .passthrough()
                  .optional(),
              })
              .passthrough()
              .optional(),
          })
          .passthrough(),
      )
      .default([]),
    lineItems: z
      .array(
        z
          .object({
            lineItemId: z.string(),
            sku: z.string().optional(),
            title: z.string(),
            quantity: z.number().int(),
            lineItemCost: amount,
            deliveryCost: z.object({ shippingCost: amount.optional() }).passthrough().optional(),
          })
          .passthrough(),
      )
      .default([]),
  })
  .passthrough();
type EbayOrder = z.infer<typeof ebayOrder>;
const ordersPage = z.object({ total: z.number().int().default(0), orders: z.array(ebayOrder).default([]) }).passthrough();

interface CallOptions {
  query?: Record<string, string>;
  body?: unknown;
  /** Send Content-Language (eBay requires it on inventory item and offer writes). */
  language?: boolean;
  /** A 404 means this SKU is not on eBay: throw ListingNotFoundError for it. */
  sku?: string;
}

interface Token {
  value: string;
  expiresAt: number;
}

/**
 * The shop's auction marketplace on eBay Australia, over eBay's REST APIs with `fetch`:
 * Sell Inventory v1 (inventory items, offers, publish, withdraw, bulk price/quantity) and
 * Sell Fulfillment v1 (orders). Marketplace EBAY_AU, Content-Language en-AU, locale en_AU,
 * fixed-price offers in AUD; money is integer cents here and decimal strings on the wire.
 *
 * Authorisation: OAuth 2 user access token minted from the seller's refresh token
 * (POST {authBase}/identity/v1/oauth2/token, Basic base64(clientId:clientSecret),
 * grant_type=refresh_token, scope = `EBAY_SELL_SCOPES`: api_scope, sell.inventory,
 * sell.fulfillment, sell.finances). The token is cached until shortly before it expires; one
 * rejected with 401 (errorId 1001, invalid access token) is refreshed and the call retried once.
 *
 * Configuration (suggested environment variables): EBAY_API_BASE, EBAY_AUTH_BASE, EBAY_CLIENT_ID,
 * EBAY_CLIENT_SECRET, EBAY_REFRESH_TOKEN, EBAY_FULFILLMENT_POLICY_ID, EBAY_PAYMENT_POLICY_ID,
 * EBAY_RETURN_POLICY_ID, EBAY_MERCHANT_LOCATION_KEY, optionally EBAY_CATEGORY_ID (default 259104,
 * Comics & Graphic Novels; confirm it against the EBAY_AU category tree, id 15, with the Taxonomy
 * API before going live). The business policies and the inventory location must exist in the
 * seller's account; postage per item is sent as a domestic shipping-cost override of the
 * fulfillment policy's first service.
 *
 * Errors: 429 is retried with backoff (Retry-After honoured) up to `retry.maxRetries`, then, or
 * when eBay asks for a wait longer than `retry.maxDelayMs`, `MarketplaceRateLimitError` (a queue
 * worker should retry the job later). 404 on a SKU is `ListingNotFoundError` (eBay errorId
 * 25710/25713); a worker re-running a delete after a crash should treat it as done. A refused
 * refresh token is `MarketplaceAuthError`. Any other failure is `MarketplaceError` carrying eBay's
 * message, status and errorId.
 */
export class EbayMarketplace implements Marketplace {
  readonly name: string;
  private readonly marketplaceId: string;
  private readonly categoryId: string;
  private readonly scopes: readonly string[];
  private readonly maxRetries: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly orderPageSize: number;
  private readonly timeoutMs: number;
  private readonly skewMs: number;
  private token: Token | null = null;
  /** SKU -> its published offer's id, as last seen (an offer keeps its id while it exists). */
  private readonly publishedOffers = new Map<string, string>();
  private pendingToken: Promise<Token> | null = null;

  constructor(private readonly options: EbayMarketplaceOptions) {
    this.marketplaceId = options.marketplaceId ?? 'EBAY_AU';
    this.categoryId = options.categoryId ?? EBAY_COMICS_CATEGORY_ID;
    this.scopes = options.scopes ?? EBAY_SELL_SCOPES;
    this.maxRetries = options.retry?.maxRetries ?? 4;
    this.baseDelayMs = options.retry?.baseDelayMs ?? 500;
    this.maxDelayMs = options.retry?.maxDelayMs ?? 30_000;
    this.orderPageSize = Math.min(200, Math.max(1, options.orderPageSize ?? 200));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.skewMs = options.tokenExpirySkewMs ?? 60_000;
    this.name = `ebay (${this.marketplaceId}, ${new URL(options.apiBase).host})`;
  }

  viewUrl(listingId: string): string {
    return ebayAuViewUrl(listingId);
  }

  async upsertListing(input: ListingInput): Promise<{ listingId: string; sku: string }> {
    const item = parseInput(listingInputSchema, input);
    await this.putInventoryItem(item.sku, {
      locale: LOCALE,
      product: { title: item.title, description: item.description, imageUrls: item.imageUrls },
      condition: item.condition,
      availability: { shipToLocationAvailability: { quantity: item.quantity } },
    });
    const body = {
      sku: item.sku,
      marketplaceId: this.marketplaceId,
      format: FORMAT,
      availableQuantity: item.quantity,
      categoryId: item.categoryId ?? this.categoryId,
      listingDescription: item.description,
      listingPolicies: {
        ...this.options.policies,
        shippingCostOverrides: [
          {
            priority: 1,
            shippingServiceType: 'DOMESTIC',
            shippingCost: { value: centsToAmount(item.postageCents), currency: MARKETPLACE_CURRENCY },
          },
        ],
      },
      merchantLocationKey: this.options.merchantLocationKey,
      pricingSummary: { price: { value: centsToAmount(item.priceCents), currency: MARKETPLACE_CURRENCY } },
    };
    const existing = await this.findOffer(item.sku);
    let offerId: string;
    if (existing) {
      offerId = existing.offerId;
      const { sku: _sku, marketplaceId: _marketplaceId, format: _format, ...changes } = body;
      await this.call('PUT', `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}`, { body: changes, language: true, sku: item.sku });
      // Updating a live offer revises its listing; nothing more to publish.
      const listingId = existing.listing?.listingId;
      if (existing.status === 'PUBLISHED' && listingId && isLive(existing)) return { listingId, sku: item.sku };
    } else {
      offerId = parseBody(
        createdOffer,
        await this.call('POST', '/sell/inventory/v1/offer', { body, language: true, sku: item.sku }),
      ).offerId;
    }
    const listingId = await this.publish(offerId, item.sku);
    return { listingId, sku: item.sku };
  }

  async refreshListing(sku: string, changes: ListingRefresh): Promise<ListingState> {
    const { priceCents, quantity, title } = parseInput(listingRefreshSchema, changes);
    const item = await this.getInventoryItem(sku);
    const current = await this.findOffer(sku);
    if (!current) throw new ListingNotFoundError(sku, `Item ${sku} has no eBay offer`);
    if (item.product.title !== title) {
      // Replacing the item revises its live listing too.
      const { sku: _sku, groupIds: _groupIds, inventoryItemGroupKeys: _keys, ...rest } = item;
      await this.putInventoryItem(sku, {
        ...rest,
        product: { ...item.product, title },
        availability: { ...item.availability, shipToLocationAvailability: { quantity } },
      });
    }
    const price = { value: centsToAmount(priceCents), currency: MARKETPLACE_CURRENCY };
    const result = parseBody(
      bulkResponses,
      await this.call('POST', '/sell/inventory/v1/bulk_update_price_quantity', {
        body: {
          requests: [
            { sku, shipToLocationAvailability: { quantity }, offers: [{ offerId: current.offerId, availableQuantity: quantity, price }] },
          ],
        },
      }),
    );
    const failed = result.responses.find((r) => r.statusCode !== 200);
    if (failed) throw errorFrom(failed.statusCode, { errors: failed.errors }, sku);

    let listingId = current.listing?.listingId ?? null;
    if (current.status === 'PUBLISHED' && listingId && isLive(current)) {
      return { listingId, quantity, priceCents, status: quantity > 0 ? 'active' : 'out_of_stock' };
    }
    if (quantity > 0) {
      listingId = await this.publish(current.offerId, sku);
      return { listingId, quantity, priceCents, status: 'active' };
    }
    return { listingId, quantity, priceCents, status: listingId ? 'ended' : 'unpublished' };
  }

  async updateQuantities(updates: readonly QuantityUpdate[]): Promise<QuantityUpdateResult[]> {
    const results: QuantityUpdateResult[] = [];
    const live: Array<QuantityUpdate & { offerId: string }> = [];
    for (const update of new Map(updates.map((u) => [u.sku, u])).values()) {
      if (!Number.isSafeInteger(update.quantity) || update.quantity < 0) {
        results.push({ sku: update.sku, outcome: 'failed', message: `Not a quantity: ${update.quantity}` });
        continue;
      }
      const offerId = await this.publishedOfferId(update.sku);
      if (offerId === null) results.push({ sku: update.sku, outcome: 'not listed', message: null });
      else live.push({ ...update, offerId });
    }
    for (let start = 0; start < live.length; start += BULK_LIMIT) {
      const chunk = live.slice(start, start + BULK_LIMIT);
      const answer = parseBody(
        bulkResponses,
        await this.call('POST', '/sell/inventory/v1/bulk_update_price_quantity', {
          body: {
            requests: chunk.map(({ sku, quantity, offerId }) => ({
              sku,
              shipToLocationAvailability: { quantity },
              offers: [{ offerId, availableQuantity: quantity }],
            })),
          },
        }),
      );
      for (const { sku } of chunk) {
        const failed = answer.responses.find((r) => r.sku === sku && r.statusCode !== 200);
        if (!failed) {
          results.push({ sku, outcome: 'updated', message: null });
          continue;
        }
        // The offer is gone (deleted or replaced on eBay): look it up afresh next time.
        this.publishedOffers.delete(sku);
        const error = errorFrom(failed.statusCode, { errors: failed.errors }, sku);
        results.push(
          error instanceof ListingNotFoundError
            ? { sku, outcome: 'not listed', message: null }
            : { sku, outcome: 'failed', message: error.message },
        );
      }
    }
    return results;
  }

  /** The SKU's published offer id (cached), or null when it has none live. */
  private async publishedOfferId(sku: string): Promise<string | null> {
    const known = this.publishedOffers.get(sku);
    if (known) return known;
    const current = await this.findOffer(sku);
    if (!current || current.status !== 'PUBLISHED' || !isLive(current)) return null;
    this.publishedOffers.set(sku, current.offerId);
    return current.offerId;
  }

  async endListing(sku: string): Promise<void> {
    const current = await this.findOffer(sku);
    if (!current) throw new ListingNotFoundError(sku, `Item ${sku} has no eBay offer`);
    this.publishedOffers.delete(sku);
    if (current.status !== 'PUBLISHED') return;
    await this.call('POST', `/sell/inventory/v1/offer/${encodeURIComponent(current.offerId)}/withdraw`, { sku });
  }

  async deleteListing(sku: string): Promise<void> {
    this.publishedOffers.delete(sku);
    await this.call('DELETE', `/sell/inventory/v1/inventory_item/${encodeURIComponent(sku)}`, { sku });
  }

  async getListing(sku: string): Promise<ListingState | null> {
    const current = await this.findOffer(sku);
    if (!current) return null;
    const price = current.pricingSummary?.price;
    return {
      listingId: current.listing?.listingId ?? null,
      quantity: current.availableQuantity ?? 0,
      priceCents: price ? amountToCents(price.value) : 0,
      status: statusOf(current),
    };
  }

  async getQuantities(skus: readonly string[]): Promise<Map<string, number>> {
    const unique = [...new Set(skus)];
    const quantities = new Map<string, number>();
    for (let start = 0; start < unique.length; start += BULK_LIMIT) {
      const chunk = unique.slice(start, start + BULK_LIMIT);
      const result = parseBody(
        bulkResponses,
        await this.call('POST', '/sell/inventory/v1/bulk_get_inventory_item', { body: { requests: chunk.map((sku) => ({ sku })) } }),
      );
      for (const response of result.responses) {
        if (response.statusCode === 404 || !response.sku) continue;
        if (response.statusCode !== 200) throw errorFrom(response.statusCode, { errors: response.errors });
        quantities.set(response.sku, response.inventoryItem?.availability?.shipToLocationAvailability?.quantity ?? 0);
      }
    }
    return quantities;
  }

  async listOrders({ sinceDays }: { sinceDays: number }): Promise<MarketplaceOrder[]> {
    if (!Number.isFinite(sinceDays) || sinceDays <= 0) throw new MarketplaceError(`sinceDays must be a positive number, not ${sinceDays}`);
    const since = new Date(Date.now() - sinceDays * 86_400_000).toISOString();
    const filter = `creationdate:[${since}..]`;
    const found: MarketplaceOrder[] = [];
    for (let offset = 0; ; offset += this.orderPageSize) {
      const page = parseBody(
        ordersPage,
        await this.call('GET', '/sell/fulfillment/v1/order', {
          query: { filter, limit: String(this.orderPageSize), offset: String(offset) },
        }),
      );
      found.push(...page.orders.map(toMarketplaceOrder));
      if (page.orders.length === 0 || offset + this.orderPageSize >= page.total) break;
    }
    const unique = [...new Map(found.map((o) => [o.orderId, o])).values()];
    return unique.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  // ---- eBay calls --------------------------------------------------------------------------------

  private async putInventoryItem(sku: string, body: Record<string, unknown>): Promise<void> {
    await this.call('PUT', `/sell/inventory/v1/inventory_item/${encodeURIComponent(sku)}`, { body, language: true });
  }

  private async getInventoryItem(sku: string): Promise<InventoryItem> {
    return parseBody(inventoryItem, await this.call('GET', `/sell/inventory/v1/inventory_item/${encodeURIComponent(sku)}`, { sku }));
  }

  /** The SKU's fixed-price offer on our marketplace, or null (eBay answers 404 when there is none). */
  private async findOffer(sku: string): Promise<Offer | null> {
    try {
      const result = parseBody(
        offers,
        await this.call('GET', '/sell/inventory/v1/offer', { query: { sku, marketplace_id: this.marketplaceId, format: FORMAT }, sku }),
      );
      return (
        result.offers.find((o) => (o.marketplaceId ?? this.marketplaceId) === this.marketplaceId && (o.format ?? FORMAT) === FORMAT) ?? null
      );
    } catch (e) {
      if (e instanceof ListingNotFoundError) return null;
      throw e;
    }
  }

  private async publish(offerId: string, sku: string): Promise<string> {
    const result = await this.call('POST', `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}/publish`, { sku });
    return parseBody(publishedOffer, result).listingId;
  }

  /** One eBay API call with auth, 429 backoff and one token refresh on 401; returns the JSON body. */
  private async call(method: string, path: string, options: CallOptions = {}): Promise<unknown> {
    const url = new URL(path, this.options.apiBase);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    let rateLimited = 0;
    let refreshed = false;
    for (;;) {
      const token = await this.accessToken();
      const headers: Record<string, string> = {
        Authorization: `Bearer ${token.value}`,
        Accept: 'application/json',
        'X-EBAY-C-MARKETPLACE-ID': this.marketplaceId,
      };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (options.language) headers['Content-Language'] = CONTENT_LANGUAGE;
      const response = await this.fetch(url, {
        method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
      const body = await readBody(response);

      if (response.status === 429) {
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
        if (rateLimited >= this.maxRetries || (retryAfterMs !== null && retryAfterMs > this.maxDelayMs))
          throw new MarketplaceRateLimitError(retryAfterMs);
        const backoff = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** rateLimited);
        await sleep(retryAfterMs ?? backoff / 2 + Math.random() * (backoff / 2));
        rateLimited += 1;
        continue;
      }
      if (response.status === 401) {
        if (refreshed) throw new MarketplaceAuthError(errorFrom(401, body).message, 401);
        refreshed = true;
        if (this.token === token) this.token = null;
        continue;
      }
      if (response.ok) return body;
      throw errorFrom(response.status, body, options.sku);
    }
  }

  private async accessToken(): Promise<Token> {
    if (this.token && this.token.expiresAt - this.skewMs > Date.now()) return this.token;
    this.pendingToken ??= this.mintToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async mintToken(): Promise<Token> {
    const credentials = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const response = await this.fetch(new URL('/identity/v1/oauth2/token', this.options.authBase), {
      method: 'POST',
      headers: { Authorization: `Basic ${credentials}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: this.options.refreshToken,
        scope: this.scopes.join(' '),
      }).toString(),
    });
    const body = await readBody(response);
    if (!response.ok) {
      const detail = tokenError.safeParse(body);
      const reason = detail.success ? (detail.data.error_description ?? detail.data.error) : undefined;
      const message = `eBay refused the refresh token (${response.status}${reason ? `: ${reason}` : ''})`;
      throw response.status === 400 || response.status === 401
        ? new MarketplaceAuthError(message, response.status)
        : new MarketplaceError(message, response.status);
    }
    const parsed = parseBody(tokenResponse, body);
    this.token = { value: parsed.access_token, expiresAt: Date.now() + parsed.expires_in * 1000 };
    return this.token;
  }

  private async fetch(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (e) {
      throw new MarketplaceError(`Could not reach eBay (${url.host}): ${e instanceof Error ? e.message : String(e)}`, null, null, {
        cause: e,
      });
    }
  }
}

// ---- helpers ---------------------------------------------------------------------------------

function parseInput<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new MarketplaceError(issue ? `${issue.path.join('.') || 'input'}: ${issue.message}` : 'Invalid listing');
}

function parseBody<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new MarketplaceError(
    `Unexpected answer from eBay: ${result.error.issues[0]?.path.join('.') ?? ''} ${result.error.issues[0]?.message ?? ''}`.trim(),
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFrom(status: number, body: unknown, sku?: string): MarketplaceError {
  const envelope = errorEnvelope.safeParse(body);
  const first = envelope.success ? envelope.data.errors?.[0] : undefined;
  const errorId = first?.errorId ?? null;
  if (sku !== undefined && (status === 404 || errorId === 25710 || errorId === 25713)) {
    return new ListingNotFoundError(sku, first?.message ? `Item ${sku}: ${first.message}` : undefined);
  }
  const message =
    first?.longMessage ?? first?.message ?? (typeof body === 'string' && body ? body.slice(0, 200) : `eBay answered ${status}`);
  return new MarketplaceError(message, status, errorId);
}

/** Retry-After is seconds or an HTTP date. */
function parseRetryAfter(header: string | null): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function isLive(o: Offer): boolean {
  const status = o.listing?.listingStatus;
  return status === undefined || status === 'ACTIVE' || status === 'OUT_OF_STOCK';
}

function statusOf(o: Offer): ListingState['status'] {
  if (o.status === 'PUBLISHED') {
    const listingStatus = o.listing?.listingStatus;
    if (listingStatus === 'OUT_OF_STOCK' || (listingStatus === undefined && (o.availableQuantity ?? 0) === 0)) return 'out_of_stock';
    return listingStatus === undefined || listingStatus === 'ACTIVE' ? 'active' : 'ended';
  }
  return o.listing?.listingId ? 'ended' : 'unpublished';
}

function toMarketplaceOrder(order: EbayOrder): MarketplaceOrder {
  const shipTo = order.fulfillmentStartInstructions.find((f) => f.shippingStep?.shipTo)?.shippingStep?.shipTo;
  const address = shipTo?.contactAddress;
  const shippingAddress: MarketplaceAddress | null = address
    ? {
        fullName: shipTo.fullName ?? '',
        addressLine1: address.addressLine1 ?? '',
        addressLine2: address.addressLine2 ?? null,
        suburb: address.city ?? '',
        state: address.stateOrProvince ?? '',
        postalCode: address.postalCode ?? '',
        countryCode: address.countryCode ?? 'AU',
      }
    : null;
  return {
    orderId: order.orderId,
    createdAt: new Date(order.creationDate).toISOString(),
    buyerUsername: order.buyer.username,
    buyerName: order.buyer.buyerRegistrationAddress?.fullName ?? shipTo?.fullName ?? order.buyer.username,
    lines: order.lineItems.map((line) => ({
      sku: line.sku ?? null,
      title: line.title,
      quantity: line.quantity,
      lineItemId: line.lineItemId,
      totalCents: amountToCents(line.lineItemCost.value),
      postageCents: line.deliveryCost?.shippingCost ? amountToCents(line.deliveryCost.shippingCost.value) : 0,
    })),
    totalCents: amountToCents(order.pricingSummary.total.value),
    postageCents: order.pricingSummary.deliveryCost ? amountToCents(order.pricingSummary.deliveryCost.value) : 0,
    feesCents: order.totalMarketplaceFee ? amountToCents(order.totalMarketplaceFee.value) : null,
    shippingAddress,
  };
}
