/** The marketplace tests' set-up: the API, the eBay simulator on port 0, a marketplace worker, accounts. */
import { randomUUID } from 'node:crypto';
import {
  batchDecider,
  batchInputSchema,
  stockItemDecider,
  stockItemInputSchema,
  toStockItemFields,
  type BatchSnapshot,
  type StockItemFields,
} from '@shop/domain/catalogue/index';
import { siteSettingsDecider, SITE_SETTINGS_STREAM_ID, type SiteSettings } from '@shop/domain/settings/siteSettings';
import type { Worker } from 'bullmq';
import { registerAccount } from '../accounts/users.ts';
import { signAccessToken } from '../auth/tokens.ts';
import { loadStream } from '../commands/loadStream.ts';
import { handle } from '../commands/handle.ts';
import { streamId } from '../eventstore/streamIds.ts';
import { EbayMarketplace, type EbayMarketplaceOptions } from '../marketplace/ebayMarketplace.ts';
import { stockStreamId } from '../orders/streams.ts';
import {
  buildEbaySimulator,
  type EbaySimulator,
  type SimulatedFailureRequest,
  type SimulatedOrderRequest,
} from '../simulators/ebay/ebaySimulator.ts';
import { readSiteSettings } from '../settings/siteSettings.ts';
import { testMetadata } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { startMarketplaceWorker } from '../workers/marketplaceWorker.ts';
import { ebayOptionsFromConfig } from '../marketplace/marketplaceFromConfig.ts';
import type { ActiveStockItem } from './stockItems.ts';

export const EBAY_CREDENTIALS = { clientId: 'shop-app', clientSecret: 'shop-cert', refreshToken: 'v^1.1#shop-refresh' };
export const PUBLIC_URL = 'https://shop.example.com.au';
/** The adapter gives up after this many 429s in a row (then MarketplaceRateLimitError). */
export const ADAPTER_RATE_LIMIT_RETRIES = 2;

export interface MarketplaceTest {
  t: TestApp;
  simulator: EbaySimulator;
  address: string;
  marketplace: EbayMarketplace;
  worker: Worker;
  adminToken: string;
  customerToken: string;
  makeMarketplace(overrides?: Partial<EbayMarketplaceOptions>): EbayMarketplace;
  control(path: 'orders' | 'failures', body: SimulatedOrderRequest | SimulatedFailureRequest): Promise<unknown>;
  call(
    method: 'GET' | 'PUT',
    url: string,
    options?: { token?: string | null; payload?: string | object; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  addBatch(name: string): Promise<BatchSnapshot>;
  /** Waits until the read models hold the batch and its `count` items. */
  batchSettled(batch: BatchSnapshot, count: number): Promise<void>;
  addItem(spec: {
    description: string;
    number: number;
    price: number;
    batch?: BatchSnapshot | null;
    hasImage?: boolean;
    comicId?: string;
  }): Promise<string>;
  stock(id: string): Promise<ActiveStockItem>;
  editItem(id: string, changes: Partial<StockItemFields>): Promise<void>;
  saveSettings(settings: Partial<SiteSettings>): Promise<void>;
  /**
   * Waits until the read models show what `check` looks for. t.settle() alone can return before a
   * just-committed event is visible to the projectors (it counts only events below the snapshot's
   * xmin while another transaction is open), so the tests wait for what they need.
   */
  until(check: () => Promise<boolean>, what?: string): Promise<void>;
  waitForJob(jobId: string): Promise<{ state: string; progress: any; result: any; failedReason: string | null }>;
  close(): Promise<void>;
}

export async function startMarketplaceTest(): Promise<MarketplaceTest> {
  const simulator = buildEbaySimulator(EBAY_CREDENTIALS);
  const address = await simulator.listen({ port: 0, host: '127.0.0.1' });
  const t = await createTestApp({
    EBAY_API_BASE: address,
    EBAY_AUTH_BASE: address,
    EBAY_CLIENT_ID: EBAY_CREDENTIALS.clientId,
    EBAY_CLIENT_SECRET: EBAY_CREDENTIALS.clientSecret,
    EBAY_REFRESH_TOKEN: EBAY_CREDENTIALS.refreshToken,
    PUBLIC_URL,
  });
  const makeMarketplace = (overrides: Partial<EbayMarketplaceOptions> = {}) =>
    new EbayMarketplace(
      ebayOptionsFromConfig(t.ctx.config, {
        retry: { maxRetries: ADAPTER_RATE_LIMIT_RETRIES, baseDelayMs: 1, maxDelayMs: 2_000 },
        ...overrides,
      }),
    );
  const marketplace = makeMarketplace();
  t.ctx.marketplace = marketplace;
  const queues = t.ctx.queues!;
  const worker = startMarketplaceWorker(queues.connection, queues.prefix, { ctx: t.ctx, marketplace, retryDelayMs: 50 });

  const admin = await registerAccount(
    t.ctx,
    { email: 'boss@example.com', givenName: 'The', familyName: 'Boss', passwordHash: 'x', admin: true },
    testMetadata(),
  );
  const customer = await registerAccount(
    t.ctx,
    { email: 'reader@example.com', givenName: 'Comic', familyName: 'Reader', passwordHash: 'x' },
    testMetadata(),
  );
  const adminToken = signAccessToken(t.ctx.config.JWT_SECRET, { sub: admin.userId, email: 'boss@example.com' });
  const customerToken = signAccessToken(t.ctx.config.JWT_SECRET, { sub: customer.userId, email: 'reader@example.com' });

  const kit: MarketplaceTest = {
    t,
    simulator,
    address,
    marketplace,
    worker,
    adminToken,
    customerToken,
    makeMarketplace,
    async control(path, body) {
      const response = await fetch(`${address}/__simulator/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`simulator ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    async call(method, url, options = {}) {
      const token = options.token === undefined ? adminToken : options.token;
      const response = await t.app.inject({
        method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
        ...(options.payload !== undefined ? { payload: options.payload } : {}),
      });
      return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : {}, headers: response.headers };
    },
    async batchSettled(batch, count) {
      await kit.until(async () => {
        const row = await t.ctx.db
          .selectFrom('stock_items')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('batch_id', '=', batch.batchId)
          .executeTakeFirst();
        const named = await t.ctx.db.selectFrom('batches').select('batch_id').where('batch_id', '=', batch.batchId).executeTakeFirst();
        return named !== undefined && Number(row?.n ?? 0) === count;
      }, `batch ${batch.batchName}`);
    },
    async addBatch(name) {
      const batchId = `b-${randomUUID()}`;
      const batch = batchInputSchema(new Date()).parse({ name, type: 'diamond' });
      await handle(t.ctx, batchDecider, streamId('batch', batchId), { type: 'CreateBatch', data: { batchId, batch } }, testMetadata());
      return { batchId, batchName: name, batchDate: batch.publishDate, discountPercent: batch.discountPercent };
    },
    async addItem(spec) {
      const stockItemId = `s-${randomUUID()}`;
      const input = stockItemInputSchema.parse({
        comicId: spec.comicId ?? `C${stockItemId.slice(2, 14).replace(/-/g, '')}`,
        itemType: 'comic',
        periodType: 'new',
        mainDescription: spec.description,
        publisher: 'Image',
        number: spec.number,
        initialQuantity: spec.number,
        priceOverride: spec.price,
        hasImage: spec.hasImage ?? true,
        releaseMonth: 11,
        releaseYear: 2025,
      });
      const fields = toStockItemFields({ ...input, batchId: null }, null);
      await handle(
        t.ctx,
        stockItemDecider,
        stockStreamId(stockItemId),
        { type: 'AddStockItem', data: { stockItemId, item: { ...fields, batch: spec.batch ?? null } } },
        testMetadata(),
      );
      return stockItemId;
    },
    async stock(id) {
      return (await loadStream(t.ctx.store, stockItemDecider, stockStreamId(id))).state as ActiveStockItem;
    },
    async editItem(id, changes) {
      await handle(t.ctx, stockItemDecider, stockStreamId(id), { type: 'EditStockItem', data: { changes } }, testMetadata());
    },
    async saveSettings(settings) {
      await handle(t.ctx, siteSettingsDecider, SITE_SETTINGS_STREAM_ID, { type: 'SaveSiteSettings', settings }, testMetadata());
      await kit.until(async () => {
        const now = await readSiteSettings(t.ctx);
        return Object.entries(settings).every(([key, value]) => now[key as keyof SiteSettings] === value);
      }, 'site settings');
    },
    async until(check, what = 'the read models') {
      const deadline = Date.now() + 20_000;
      await t.settle();
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`${what} did not catch up`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async waitForJob(jobId) {
      // Generous: uploading 200 listings took over 30 s on a loaded 2-core machine.
      const deadline = Date.now() + 120_000;
      for (;;) {
        const answer = await kit.call('GET', `/api/admin-job/marketplace/${jobId}`);
        if (answer.status !== 200) throw new Error(`admin-job ${jobId}: ${answer.status} ${JSON.stringify(answer.body)}`);
        if (answer.body.state === 'completed' || answer.body.state === 'failed') return answer.body;
        if (Date.now() > deadline) throw new Error(`job ${jobId} still ${answer.body.state}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await worker.close();
      await t.close();
      await simulator.close();
    },
  };
  return kit;
}

/** A multipart/form-data body with one file field. */
export function multipartFile(field: string, filename: string, content: string): { payload: string; headers: Record<string, string> } {
  const boundary = `----marketplace-test-${randomUUID()}`;
  const payload = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${field}"; filename="${filename}"`,
    'Content-Type: text/csv',
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
