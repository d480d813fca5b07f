import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { keepScreenshot, launchBrowser, newPage, seriousA11yViolations } from './browser.ts';
import { ADMIN, addBatch, addStockItem, call, eventually, logIn, ok, paidGuestOrder, uniqueTag, type Session } from './adminKit.ts';

const url = inject('shopUrl');
const ebayUrl = inject('ebayUrl');
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await logIn(url, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  if (admin) await call(url, 'POST', '/save-site-settings', { token: admin.token, body: { updateTransactionsSave: false } });
  await browser?.close();
});

interface SimListing {
  sku: string;
  quantity: number;
  listingStatus: string;
}
const listingOf = async (sku: string) =>
  ((await (await fetch(`${ebayUrl}/__simulator/state`)).json()) as { listings: SimListing[] }).listings.find((l) => l.sku === sku);
const ebayBuys = (sku: string, username: string) =>
  fetch(`${ebayUrl}/__simulator/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ buyer: { username, fullName: 'Eve Bidder' }, lines: [{ sku, quantity: 1 }] }),
  });

describe('eBay in step with the site', () => {
  it('a site sale takes the listing to 0; a copy sold on both shows as oversold with what to do; eBay orders show their lines', async () => {
    const tag = uniqueTag('SYNC');
    const batch = await addBatch(url, admin, { name: uniqueTag('E2E EBAY '), publishDate: '2001-01-01' });
    const item = async (name: string) => {
      const added = await addStockItem(url, admin, {
        comicId: `${tag}${name.replace(/\W/g, '')}`.slice(0, 20),
        mainDescription: `${name} ${tag}`,
        number: 1,
        priceOverride: 1200,
        batchId: batch._id,
      });
      await ok(url, 'PUT', `/edit-stock/${added._id}`, { token: admin.token, body: { hasImage: true } });
      await ok(url, 'GET', `/ebay-upload-comic/${added._id}`, { token: admin.token });
      return added;
    };
    // The scheduled pull saves only when the admin's setting says so.
    await ok(url, 'POST', '/save-site-settings', { token: admin.token, body: { updateTransactionsSave: true } });
    const quiet = await item('Quiet Hill #1');
    const raced = await item('Double Sold #1');

    // Sold on the site: the listing follows within seconds and stays, out of stock.
    await paidGuestOrder(url, 'site.buyer@example.com', [{ stockId: quiet._id, quantity: 1 }]);
    await eventually('the listing at 0', async () => (await listingOf(quiet._id))?.quantity === 0, 30_000);
    expect((await listingOf(quiet._id))?.listingStatus).toBe('OUT_OF_STOCK');
    expect((await ebayBuys(quiet._id, 'too_late')).status).toBe(409);

    // Both channels sell the last copy before the listing catches up: the eBay sale is oversold.
    await paidGuestOrder(url, 'first.buyer@example.com', [{ stockId: raced._id, quantity: 1 }]);
    expect((await ebayBuys(raced._id, 'eve_bidder')).status).toBe(201);
    await eventually(
      'the oversold sale listed',
      async () =>
        (await call<{ oversold: { stockItemId: string }[] }>(url, 'GET', '/ebay-oversold', { token: admin.token })).body.oversold.some(
          (o) => o.stockItemId === raced._id,
        ),
      30_000,
    );

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 850 },
    ]) {
      const page = await newPage(browser, viewport);
      await page.context().addInitScript(
        ([token, user]) => {
          localStorage.setItem('accessToken', token as string);
          localStorage.setItem('user', user as string);
        },
        [admin.token, JSON.stringify(admin.user)],
      );
      await page.goto(`${url}/admin-ebay`);
      const card = page.getByRole('article', { name: new RegExp(`Oversold: Double Sold #1 ${tag}`) });
      await card.waitFor();
      await expect.poll(() => card.getByText('Oversold', { exact: true }).isVisible()).toBe(true);
      expect(await card.textContent()).toMatch(/cancel the eBay order on eBay/);
      await card.scrollIntoViewIfNeeded();
      await keepScreenshot(page, `ebay-oversold-${viewport.width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      if (viewport.width === 1366) {
        await card.getByLabel('Note (optional)').fill('Cancelled on eBay, out of stock');
        await card.getByRole('button', { name: 'eBay order cancelled' }).click();
        await expect.poll(async () => (await card.textContent()) ?? '').toMatch(/Settled .*: Cancelled on eBay, out of stock/);
        expect(await card.getByRole('button', { name: 'Refunded' }).count()).toBe(0);
        await keepScreenshot(page, `ebay-oversold-settled-${viewport.width}`);
      }
      // All Orders: the eBay order with its line, sold on eBay (posted there, no emails from the shop).
      await page.goto(`${url}/admin-order-list`);
      const order = page
        .getByRole('article')
        .filter({ hasText: `Double Sold #1 ${tag}` })
        .first();
      await order.waitFor();
      expect(await order.getByRole('list', { name: /Items of order/ }).textContent()).toContain(`Double Sold #1 ${tag}`);
      expect(await order.textContent()).toContain('Sold on eBay');
      expect(await order.getByRole('button', { name: /Post with tracking|Resend confirmation/ }).count()).toBe(0);
      await order.scrollIntoViewIfNeeded();
      await keepScreenshot(page, `ebay-order-in-all-orders-${viewport.width}`);
      await page.context().close();
    }
  });
});
