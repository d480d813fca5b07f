/** The automatic eBay sync in a marketplace test: the quantity reactor, the ebay-sync worker and the sales schedule. */
import { ProjectionRunner } from '@shop/projections/runner/projectionRunner';
import type { Worker } from 'bullmq';
import { ebayQuantityReactor } from '../reactors/ebayQuantityReactor.ts';
import { reactorSource } from '../reactors/index.ts';
import { startEbaySyncWorker } from '../workers/ebaySyncWorker.ts';
import { EBAY_SALES_SCHEDULER_ID, scheduleSalesPull } from './salesPull.ts';
import { startSquare } from '../orders/testKit.ts';
import { startMarketplaceTest, type MarketplaceTest } from './testKit.ts';

export interface EbaySyncRunning {
  runner: ProjectionRunner;
  worker: Worker;
  stop(): Promise<void>;
}

export async function startEbaySync(
  k: MarketplaceTest,
  { syncSeconds = 2, flushDelayMs = 300 }: { syncSeconds?: number; flushDelayMs?: number } = {},
): Promise<EbaySyncRunning> {
  const { ctx } = k.t;
  const queues = ctx.queues!;
  const reactor = ebayQuantityReactor(queues, { flushDelayMs });
  const runner = new ProjectionRunner({
    db: ctx.db,
    pool: ctx.pool,
    source: reactorSource(ctx.store, [reactor]),
    projectors: [reactor],
    pollMs: 20,
  });
  runner.start();
  const worker = startEbaySyncWorker(queues.connection, queues.prefix, { ctx, queues, marketplace: k.marketplace, flushDelayMs });
  await scheduleSalesPull(queues.queue('ebay-sync'), syncSeconds);
  return {
    runner,
    worker,
    async stop() {
      await queues.queue('ebay-sync').removeJobScheduler(EBAY_SALES_SCHEDULER_ID);
      await worker.close();
      await runner.stop();
    },
  };
}

/** A guest buys one copy on the site (pickup, card): the answer's status and message. */
export async function guestBuys(k: MarketplaceTest, stockItemId: string, email = 'shopper@example.com') {
  const inject = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const response = await k.t.app.inject({ method, url, payload });
    return { status: response.statusCode, body: JSON.parse(response.body || '{}') };
  };
  const tempAuthorisation = crypto.randomUUID();
  const current = await inject('POST', '/api/current-order', { tempAuthorisation });
  const orderId = current.body.order._id as string;
  const updated = await inject('PUT', `/api/update-order/${orderId}`, {
    _id: orderId,
    tempAuthorisation,
    email,
    shippingIsPickup: true,
    orderItems: [{ _id: stockItemId, quantity: 1 }],
  });
  if (updated.status !== 200 || updated.body.order.orderItems.length === 0 || updated.body.order.toPay <= 0)
    return { status: updated.status, ok: false, orderId, message: updated.body.message ?? updated.body.errorMessage ?? 'nothing to buy' };
  const ready = updated.body.order;
  const completed = await inject('PUT', `/api/complete-order/${orderId}`, {
    ...ready,
    tempAuthorisation,
    latestTransaction: { value: String(ready.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' },
  });
  return {
    status: completed.status,
    ok: completed.status === 200 && completed.body.order?.complete === true,
    orderId,
    message: completed.body.message ?? completed.body.errorMessage ?? '',
  };
}

export interface SyncTest {
  k: MarketplaceTest;
  sync: EbaySyncRunning;
  close(): Promise<void>;
}

/** A marketplace test with card payments and the automatic sync running, saving eBay's sales. */
export async function startSyncTest(options: { syncSeconds?: number; flushDelayMs?: number } = {}): Promise<SyncTest> {
  const k = await startMarketplaceTest();
  const square = await startSquare(k.t.ctx);
  await k.saveSettings({ updateTransactionsSave: true });
  const sync = await startEbaySync(k, options);
  return {
    k,
    sync,
    async close() {
      await sync.stop();
      await square.close();
      await k.close();
    },
  };
}
