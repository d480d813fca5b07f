import { marketplacePriceCents } from '@shop/domain/catalogue/index';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToAmount } from '../marketplace/marketplace.ts';
import { startMarketplaceWorker } from '../workers/marketplaceWorker.ts';
import { ADAPTER_RATE_LIMIT_RETRIES, PUBLIC_URL, startMarketplaceTest, type MarketplaceTest } from './testKit.ts';
import { enqueueBatchJob } from './batchJobs.ts';

let k: MarketplaceTest;
beforeAll(async () => {
  k = await startMarketplaceTest();
});
afterAll(async () => {
  await k?.close();
});

const amount = (cents: number) => ({ value: centsToAmount(cents), currency: 'AUD' });

describe('batch upload and refresh jobs', () => {
  it('uploads a batch of 50 with quantity 10, revises on a second upload, and refreshes prices after an edit', async () => {
    const batch = await k.addBatch('NOV25');
    const ids: string[] = [];
    for (let i = 1; i <= 50; i++) ids.push(await k.addItem({ description: `Saga #${i}`, number: 15, price: 495 + i * 10, batch }));
    await k.batchSettled(batch, 50);

    const started = await k.call('GET', '/api/ebay-upload-batch/NOV25/10');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ jobId: expect.any(String), queue: 'marketplace', message: expect.stringContaining('NOV25') });
    const job = await k.waitForJob(started.body.jobId);
    expect(job.state).toBe('completed');
    expect(job.progress).toMatchObject({ done: 50, total: 50, percent: 100 });
    expect(job.result).toMatchObject({ listed: 50, revised: 0, failed: 0, skipped: 0 });

    let sim = k.simulator.state();
    expect(sim.listings).toHaveLength(50);
    for (const [i, id] of ids.entries()) {
      const offer = sim.offers.find((o) => o.sku === id)!;
      const listing = sim.listings.find((l) => l.sku === id)!;
      expect(listing).toMatchObject({ quantity: 10, listingStatus: 'ACTIVE', price: amount(marketplacePriceCents(495 + (i + 1) * 10)) });
      expect(listing.title).toBe(`Saga #${i + 1} Comic`);
      expect(offer.listingPolicies?.shippingCostOverrides).toEqual([expect.objectContaining({ shippingCost: amount(520) })]);
      expect(sim.inventoryItems.find((item) => item.sku === id)!.product.imageUrls).toEqual([
        `${PUBLIC_URL}/images/diamond/${(await k.stock(id)).item.comicId}.webp`,
      ]);
      expect((await k.stock(id)).item).toMatchObject({ ebaySku: id, ebayListingId: listing.listingId });
    }

    // Uploading again revises the same listings.
    const again = await k.call('GET', '/api/ebay-upload-batch/NOV25/10');
    expect((await k.waitForJob(again.body.jobId)).result).toMatchObject({ listed: 0, revised: 50 });
    expect(k.simulator.state().listings).toHaveLength(50);

    // A price edit, then a refresh with quantity 12 (capped by the 15 in stock).
    await k.editItem(ids[0]!, { priceOverride: 2000 });
    await k.editItem(ids[1]!, { priceOverride: 150 });
    const refresh = await k.call('GET', '/api/ebay-refresh-batch/NOV25/12');
    expect(refresh.status).toBe(202);
    const refreshed = await k.waitForJob(refresh.body.jobId);
    expect(refreshed.result).toMatchObject({ refreshed: 50, failed: 0 });
    sim = k.simulator.state();
    expect(sim.listings.find((l) => l.sku === ids[0])).toMatchObject({ price: amount(marketplacePriceCents(2000)), quantity: 12 });
    expect(sim.listings.find((l) => l.sku === ids[1])).toMatchObject({ price: amount(marketplacePriceCents(150)), quantity: 12 });
    expect(sim.listings.find((l) => l.sku === ids[2])).toMatchObject({ price: amount(marketplacePriceCents(525)), quantity: 12 });

    // The stock check compares our free copies (15) with eBay's (12).
    await k.until(async () => {
      const row = await k.t.ctx.db
        .selectFrom('stock_items')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('ebay_listing_id', 'is not', null)
        .executeTakeFirst();
      return Number(row?.n) === 50;
    });
    const check = await k.call('GET', '/api/ebay-stock-check/');
    expect(check.status).toBe(200);
    expect(check.body.stockCheck).toHaveLength(50);
    expect(check.body.stockCheck[0]).toMatchObject({
      type: 'comic',
      ioaQuantity: 15,
      ebayQuantity: 12,
      status: 'ebay has fewer',
      comic: expect.objectContaining({ ebayListingId: expect.any(String) }),
    });
    expect(check.body.message).toMatch(/Checked 50 listed items: 0 where eBay offers more/);
  });

  it('reports items eBay cannot take and items with no stock, and goes on with the rest', async () => {
    const batch = await k.addBatch('DEC25');
    const good = await k.addItem({ description: 'Monstress #1', number: 2, price: 595, batch });
    const noImage = await k.addItem({ description: 'Monstress #2', number: 2, price: 595, batch, hasImage: false });
    const none = await k.addItem({ description: 'Monstress #3', number: 0, price: 595, batch });
    await k.batchSettled(batch, 3);
    const started = await k.call('GET', '/api/ebay-upload-batch/DEC25/10');
    const job = await k.waitForJob(started.body.jobId);
    expect(job.state).toBe('completed');
    expect(job.result).toMatchObject({ listed: 1, failed: 1, skipped: 1 });
    expect(job.result.failedItems).toEqual([{ _id: noImage, name: 'Monstress #2', reason: expect.stringMatching(/no image/) }]);
    expect(job.result.skippedItems).toEqual([{ _id: none, name: 'Monstress #3', reason: 'none in stock' }]);
    expect(k.simulator.state().listings.find((l) => l.sku === good)).toMatchObject({ quantity: 2 });

    // Refresh skips what was never listed.
    const refresh = await k.waitForJob((await k.call('GET', '/api/ebay-refresh-batch/DEC25/10')).body.jobId);
    expect(refresh.result).toMatchObject({ refreshed: 1, skipped: 2, failed: 0 });
  });

  it('retries a job that hit eBay’s rate limit and finishes it, listing each item once', async () => {
    const batch = await k.addBatch('JAN26');
    for (let i = 1; i <= 3; i++) await k.addItem({ description: `Paper Girls #${i}`, number: 5, price: 695, batch });
    await k.batchSettled(batch, 3);
    const listingsBefore = k.simulator.state().listings.length;
    // More 429s in a row than the adapter waits out: the job fails and BullMQ retries it.
    await k.control('failures', { kind: 'rate_limit', count: ADAPTER_RATE_LIMIT_RETRIES + 1 });
    const started = await k.call('GET', '/api/ebay-upload-batch/JAN26/5');
    const job = await k.waitForJob(started.body.jobId);
    expect(job.state).toBe('completed');
    expect(job.result).toMatchObject({ listed: 3, failed: 0 });
    const raw = await k.t.ctx.queues!.queue('marketplace').getJob(started.body.jobId);
    expect(raw!.attemptsStarted).toBeGreaterThanOrEqual(2);
    expect(k.simulator.state().calls.filter((c) => c.status === 429)).toHaveLength(ADAPTER_RATE_LIMIT_RETRIES + 1);
    expect(k.simulator.state().listings.length - listingsBefore).toBe(3);
  });

  it('fails a job at once, without retries, when eBay refuses the credentials', async () => {
    const batch = await k.addBatch('FEB26');
    await k.addItem({ description: 'Descender #1', number: 5, price: 695, batch });
    await k.batchSettled(batch, 1);
    const prefix = `${k.t.ctx.queues!.prefix}-badcreds`;
    const queue = new Queue('marketplace', { connection: k.t.ctx.queues!.connection, prefix });
    const worker = startMarketplaceWorker(k.t.ctx.queues!.connection, prefix, {
      ctx: k.t.ctx,
      marketplace: k.makeMarketplace({ refreshToken: 'revoked' }),
      retryDelayMs: 10,
    });
    try {
      const batchId = (await k.t.ctx.db.selectFrom('batches').select('batch_id').where('name', '=', 'FEB26').executeTakeFirstOrThrow())
        .batch_id;
      const jobId = await enqueueBatchJob(queue, {
        action: 'upload',
        batchId,
        batchName: 'FEB26',
        quantity: 5,
        actor: { kind: 'system', name: 'test' },
        correlationId: 'c-1',
      });
      const deadline = Date.now() + 20_000;
      let job = await queue.getJob(jobId);
      while ((await job!.getState()) !== 'failed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        job = await queue.getJob(jobId);
      }
      expect(await job!.getState()).toBe('failed');
      expect(job!.attemptsMade).toBe(1);
      expect(job!.failedReason).toMatch(/refused the shop's credentials/);
    } finally {
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});
