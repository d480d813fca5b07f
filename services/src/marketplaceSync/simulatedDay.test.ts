/**
 * A simulated day (issue 19): 200 one-copy items listed on the site and on eBay; 1,000 site shoppers
 * and 300 eBay buyers, interleaved over the same items, with eBay's sales pulled every 3 seconds and
 * the listings' quantities pushed as they change. At the end: no copy sold on both channels when the
 * second sale came after the other channel had caught up; every copy sold twice within that window
 * is flagged oversold; every listing offers what the site has. It prints the day's counts.
 */
import { createPrng } from '../demo/prng.ts';
import type { StockSoldExternally } from '@shop/domain/catalogue/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockStreamId } from '../orders/streams.ts';
import { guestBuys, startSyncTest, type SyncTest } from './syncKit.ts';
import type { MarketplaceTest } from './testKit.ts';

const ITEMS = 200;
const SITE_SHOPPERS = 1000;
const EBAY_BUYERS = 300;
/** Shoppers and buyers at the same moment. */
const LANES = 8;
const SYNC_SECONDS = 3;

let k: MarketplaceTest;
let test: SyncTest;

beforeAll(async () => {
  test = await startSyncTest({ syncSeconds: SYNC_SECONDS, flushDelayMs: 1_000 });
  ({ k } = test);
});
afterAll(async () => {
  await test?.close();
});

async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a simulated day on both channels', () => {
  it('sells each copy once, flags every copy sold twice within the window, and ends with eBay offering what the site has', async () => {
    const started = Date.now();
    const batch = await k.addBatch('DAY');
    const ids: string[] = [];
    for (let i = 0; i < ITEMS; i++) ids.push(await k.addItem({ description: `Back Issue #${i + 1}`, number: 1, price: 800 + i, batch }));
    await k.batchSettled(batch, ITEMS);
    const upload = await k.call('GET', `/api/ebay-upload-batch/DAY/1`);
    expect((await k.waitForJob(upload.body.jobId)).result).toMatchObject({ listed: ITEMS, failed: 0 });
    const listingOf = (sku: string) => k.simulator.state().listings.find((l) => l.sku === sku);
    await eventually(async () => {
      const rows = await k.t.ctx.db.selectFrom('ebay_quantity_sync').select(['changes', 'pushed']).where('listed', '=', true).execute();
      return rows.length === ITEMS && rows.every((r) => r.changes === r.pushed);
    }, 'the listings made and in step');
    const setUp = Date.now();

    // The day: site shoppers and eBay buyers, shuffled together, each after one random item.
    const prng = createPrng('simulated-day');
    const actors = [...Array<'site'>(SITE_SHOPPERS).fill('site'), ...Array<'ebay'>(EBAY_BUYERS).fill('ebay')];
    for (let i = actors.length - 1; i > 0; i--) {
      const j = prng.int(0, i);
      [actors[i], actors[j]] = [actors[j]!, actors[i]!];
    }
    const plan = actors.map((channel, n) => ({ channel, n, item: prng.pick(ids) }));
    const counts = { siteSold: 0, siteRefused: 0, ebaySold: 0, ebayRefused: 0 };
    let next = 0;
    const lane = async () => {
      for (let step = next++; step < plan.length; step = next++) {
        const { channel, n, item } = plan[step]!;
        if (channel === 'site') {
          const sale = await guestBuys(k, item, `shopper${n}@example.com`);
          if (sale.ok) counts.siteSold++;
          else counts.siteRefused++;
        } else {
          try {
            await k.control('orders', { buyer: { username: `ebay_buyer_${n}` }, lines: [{ sku: item, quantity: 1 }] });
            counts.ebaySold++;
          } catch (e) {
            expect(String(e)).toMatch(/out of stock/);
            counts.ebayRefused++;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    const dayEnded = Date.now();

    // The evening: every eBay sale recorded, every listing offering what the site has.
    const ebayOrders = () => k.simulator.state().orders;
    await eventually(async () => {
      const recorded = await k.t.ctx.db.selectFrom('marketplace_orders').select('order_id').execute();
      return recorded.length === ebayOrders().length;
    }, 'every eBay sale recorded');
    await eventually(async () => {
      for (const id of ids) if (listingOf(id)?.quantity !== (await k.stock(id)).item.number) return false;
      return true;
    }, 'every listing in step with the site');

    // Each item: its site sale, its eBay sale, and whether it was flagged.
    const sim = k.simulator.state();
    await eventually(async () => {
      const flaggedEvents = await k.t.ctx.pool.query(
        `select count(*)::int as n from events where event_type = 'MarketplaceOversoldFlagged'`,
      );
      const rows = await k.t.ctx.db.selectFrom('marketplace_oversold').select('order_id').execute();
      return rows.length === flaggedEvents.rows[0].n;
    }, 'the oversold list projected');
    const flagged = new Set(
      (await k.t.ctx.db.selectFrom('marketplace_oversold').select('stock_item_id').execute()).map((r) => r.stock_item_id),
    );
    let soldTwice = 0;
    let ebayLater = 0;
    let siteLater = 0;
    let soldOnce = 0;
    let unsold = 0;
    for (const id of ids) {
      const events = await k.t.ctx.store.readStream(stockStreamId(id));
      const siteSales = events.filter((e) => e.type === 'StockSold');
      const ebaySales = sim.orders.filter((o) => o.lineItems.some((l) => l.sku === id));
      expect(siteSales.length, `site sales of ${id}`).toBeLessThanOrEqual(1);
      expect(ebaySales.length, `eBay sales of ${id}`).toBeLessThanOrEqual(1);
      if (siteSales.length + ebaySales.length === 0) unsold++;
      if (siteSales.length + ebaySales.length === 1) {
        soldOnce++;
        expect(flagged.has(id), `${id} sold once is not flagged`).toBe(false);
      }
      if (siteSales.length === 1 && ebaySales.length === 1) {
        soldTwice++;
        expect(flagged.has(id), `${id} sold on both channels is flagged`).toBe(true);
        const held = events.find((e) => e.type === 'StockHeld')!;
        const recordedIndex = events.findIndex((e) => e.type === 'StockSoldExternally');
        const recorded = events[recordedIndex]!.data as StockSoldExternally['data'];
        expect(recorded.oversold, `${id}: the eBay sale found no free copy`).toBe(1);
        const ebaySoldAt = Date.parse(ebaySales[0]!.creationDate);
        if (ebaySoldAt > held.createdAt.getTime()) {
          // The site took the copy first: eBay sold it before its listing showed 0.
          ebayLater++;
          const caughtUp = sim.bulkUpdates.find((b) => b.requests.some((r) => r.sku === id && r.quantity === 0));
          if (caughtUp) expect(ebaySoldAt, `${id}: eBay sold after its listing showed 0`).toBeLessThanOrEqual(Date.parse(caughtUp.at));
        } else {
          // eBay sold first: the site took the copy before the shop had pulled eBay's sale.
          siteLater++;
          expect(events.indexOf(held), `${id}: the site held after the eBay sale was recorded`).toBeLessThan(recordedIndex);
        }
      }
    }
    expect(flagged.size).toBe(soldTwice);
    // The counts add up: each item sold once, twice (oversold) or not at all.
    expect(soldOnce + soldTwice + unsold).toBe(ITEMS);
    expect(counts.siteSold + counts.ebaySold).toBe(soldOnce + 2 * soldTwice);

    const bulkCalls = sim.bulkUpdates.length;
    const widest = Math.max(...sim.bulkUpdates.map((b) => b.requests.length));
    expect(widest).toBeLessThanOrEqual(25);
    const pulls = sim.calls.filter((c) => c.path === '/sell/fulfillment/v1/order').length;
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    console.log(
      [
        `simulated day: ${ITEMS} one-copy items on both channels, ${SITE_SHOPPERS} site shoppers and ${EBAY_BUYERS} eBay buyers (${LANES} at a time), sales pulled every ${SYNC_SECONDS} s`,
        `  site: ${counts.siteSold} sold, ${counts.siteRefused} refused (sold out); eBay: ${counts.ebaySold} sold, ${counts.ebayRefused} refused (out of stock)`,
        `  items: ${soldOnce} sold once, ${soldTwice} sold on both channels within the window and flagged oversold (${ebayLater} eBay later, ${siteLater} site later), ${unsold} unsold`,
        `  eBay calls: ${bulkCalls} bulk quantity updates (at most ${widest} SKUs each), ${pulls} order pulls`,
        `  time: set-up ${seconds(setUp - started)} s, day ${seconds(dayEnded - setUp)} s, caught up ${seconds(Date.now() - dayEnded)} s, whole test ${seconds(Date.now() - started)} s`,
      ].join('\n'),
    );
  }, 180_000);
});
