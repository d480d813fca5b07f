import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keepScreenshot, launchBrowser, newPage as openPage, seriousA11yViolations, untilTakenOver, watchPageErrors } from './browser.ts';
import { BRISBANE, MELBOURNE, shop } from './shop.ts';
import { ADMIN, addBatch, addStockItem, logIn, pageAs, uniqueTag } from './adminKit.ts';

const url = inject('shopUrl');
const squareUrl = inject('squareUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

// The page of the running test, so a failing flow leaves a screenshot of where it stopped.
let current: Page | null = null;
async function newPage(b: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  current = await openPage(b, viewport);
  return current;
}
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && current) {
    await keepScreenshot(current, `FAILED-${ctx.task.name.slice(0, 60).replace(/[^\w-]+/g, '-')}`).catch(() => undefined);
  }
  await current
    ?.context()
    .close()
    .catch(() => undefined);
  current = null;
});

async function charges(): Promise<{ status: string; amount_money: { amount: number } }[]> {
  return (
    (await (await fetch(`${squareUrl}/__simulator/payments`)).json()) as {
      payments: { status: string; amount_money: { amount: number } }[];
    }
  ).payments;
}

async function openCheckout(page: Page) {
  await page
    .getByRole('button', { name: /Proceed to (Payment|Shipping)/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.waitFor();
  return dialog;
}

describe('storefront', () => {
  it('a guest browses, scrolls to the second page, searches with a typo, previews, adds two items and pays with pickup', async () => {
    const page = await newPage(browser);
    await page.goto(`${url}/new-comics`);
    const tiles = page.getByRole('list', { name: /New Comics/i }).getByRole('listitem');
    await expect.poll(() => tiles.count()).toBe(60);
    await page.mouse.wheel(0, 100_000);
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBeGreaterThan(60);

    await page.getByRole('search', { name: 'Search the shop' }).locator('input').fill('Spidr-Man');
    await page.getByRole('search', { name: 'Search the shop' }).locator('input').press('Enter');
    await page.waitForURL(/\/search\//);
    // The search grid itself: while the search page loads, the New Comics grid can still be on screen.
    const results = page.getByRole('list', { name: 'Search results for Spidr-Man' }).getByRole('listitem');
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    expect(await results.first().textContent()).toMatch(/Spider-Man/i);

    await results.first().getByRole('link').first().click();
    const preview = page.getByRole('dialog');
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/Spider-Man/i);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    await shop.addFirstTiles(page, 2);
    const dialog = await openCheckout(page);
    await dialog.getByLabel('Email').fill('guest.pickup@example.com');
    await dialog.getByRole('checkbox', { name: 'Local pickup in Brisbane (4075)' }).click();
    await dialog.getByRole('checkbox', { name: 'Confirm okay with local pickup' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const before = (await charges()).length;
    await shop.payWithTestCard(dialog, '4111 1111 1111 1111');
    const notice = await shop.notice(page);
    expect(notice.title).toBe('Success');
    await keepScreenshot(page, 'guest-pickup-paid');
    expect((await charges()).slice(before).filter((c) => c.status === 'COMPLETED')).toHaveLength(1);
    await shop.closeNotice(page);
    await page.waitForLoadState('load');
    await expect.poll(() => shop.itemCount(page)).toBe(0);
  });

  it('a guest checks out with a shipping address and a different billing address', async () => {
    const page = await newPage(browser);
    await page.goto(`${url}/back-issues`);
    await shop.addFirstTiles(page, 1);
    const dialog = await openCheckout(page);
    await dialog.getByLabel('Email').fill('guest.post@example.com');
    await shop.fillAddress(dialog, BRISBANE);
    await dialog.getByRole('button', { name: 'Next' }).click();
    // The billing step shows once the shipping address is saved; filling before then would fill the shipping form again.
    await dialog.getByRole('heading', { name: 'Billing address' }).waitFor();
    await shop.fillAddress(dialog, MELBOURNE);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Card number').waitFor();
    const summary = await dialog.textContent();
    expect(summary).toMatch(/Queen Street/);
    expect(summary).toMatch(/Collins Street/);
    await shop.payWithTestCard(dialog, '4111 1111 1111 1111');
    expect((await shop.notice(page)).title).toBe('Success');
    await keepScreenshot(page, 'guest-shipping-billing-paid');
  });

  it('a declined test card shows the failure and leaves the order current', async () => {
    const page = await newPage(browser);
    await page.goto(`${url}/new-comics`);
    await shop.addFirstTiles(page, 1);
    const dialog = await openCheckout(page);
    await dialog.getByLabel('Email').fill('guest.declined@example.com');
    await dialog.getByRole('checkbox', { name: 'Local pickup in Brisbane (4075)' }).click();
    await dialog.getByRole('checkbox', { name: 'Confirm okay with local pickup' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await shop.payWithTestCard(dialog, '4000 0000 0000 0002');
    const notice = await shop.notice(page);
    expect(notice.title).toBe('Failure');
    expect(notice.message).toMatch(/declined/i);
    await keepScreenshot(page, 'declined-card');
    await shop.closeNotice(page);
    await page.waitForLoadState('load');
    await expect.poll(() => shop.itemCount(page)).toBe(1);
  });

  it('the same guest flow on a 390 x 844 phone, through the mobile order overlay', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${url}/new-comics`);
    await shop.addFirstTiles(page, 2);
    await page.getByRole('button', { name: /^Your Order, 2 items/ }).click();
    const overlay = page.getByRole('dialog', { name: 'Your Order' });
    await overlay.waitFor();
    await overlay.getByRole('button', { name: /Proceed to Payment/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.waitFor();
    await dialog.getByLabel('Email').fill('guest.mobile@example.com');
    await dialog.getByRole('checkbox', { name: 'Local pickup in Brisbane (4075)' }).click();
    await dialog.getByRole('checkbox', { name: 'Confirm okay with local pickup' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await shop.payWithTestCard(dialog, '4111 1111 1111 1111');
    expect((await shop.notice(page)).title).toBe('Success');
    await keepScreenshot(page, 'mobile-guest-paid');
  });

  it('a customer signs up, saves two addresses, deletes one, orders, and sees the order in Your Orders', async () => {
    const page = await newPage(browser);
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: 'Sign Up' }).first().click();
    const signup = page.getByRole('dialog', { name: 'Sign Up' });
    const email = `customer.${Date.now()}@example.com`;
    await signup.getByLabel('Given name').fill('Grace');
    await signup.getByLabel('Family name').fill('Hopper');
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill('a-good-password');
    await signup.getByLabel('Confirm password').fill('a-good-password');
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await shop.closeNotice(page);
    await page.waitForLoadState('load');

    await page.goto(`${url}/account-addresses`);
    for (const address of [BRISBANE, MELBOURNE]) {
      await page.getByRole('button', { name: /add new/i }).click();
      await shop.fillAddress(page.getByRole('main'), address);
      await page.getByRole('button', { name: /save new address/i }).click();
      await page
        .getByRole('alertdialog')
        .filter({ hasText: /Addresses updated/ })
        .waitFor();
      await shop.closeNotice(page);
    }
    const saved = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
    await expect.poll(() => saved.count()).toBe(2);
    await page.getByRole('button', { name: /Delete address .*Collins Street/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    // The confirmation closes as the notice opens: wait for the notice itself.
    await page
      .getByRole('alertdialog')
      .filter({ hasText: /Address deleted/ })
      .waitFor();
    await shop.closeNotice(page);
    await expect.poll(() => saved.count()).toBe(1);

    await page.goto(`${url}/new-comics`);
    await shop.addFirstTiles(page, 1);
    const dialog = await openCheckout(page);
    // The saved address is chosen for shipping, and again for billing.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('heading', { name: 'Billing address' }).waitFor();
    await expect.poll(() => dialog.getByRole('radio', { checked: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await shop.payWithTestCard(dialog, '4111 1111 1111 1111');
    expect((await shop.notice(page)).title).toBe('Success');
    await shop.closeNotice(page);
    // OK reloads the app and opens the order's confirmation page: let that finish before leaving.
    await page.getByRole('heading', { level: 1, name: /is confirmed/ }).waitFor({ timeout: 30_000 });
    await page.goto(`${url}/account-orders`);
    await expect.poll(async () => page.getByRole('article', { name: /^Order \d+/ }).count()).toBeGreaterThan(0);
    await keepScreenshot(page, 'customer-your-orders');
  });

  it.each([
    [1366, 850],
    [390, 844],
  ])(
    'search pages like browse at %i x %i: "N results", 60 tiles, then 30 more at a time as the shopper scrolls, up to N',
    async (width, height) => {
      const page = await newPage(browser, { width, height });
      const asked: string[] = [];
      page.on('request', (request) => {
        const address = new URL(request.url());
        if (address.pathname.startsWith('/api/search-stock/')) asked.push(`${request.method()} ${address.search}`);
      });
      await page.goto(`${url}/search/batman`);
      const count = page.getByRole('status').filter({ hasText: /^[\d,]+ results?$/ });
      await count.waitFor();
      const total = Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
      // The 600-item demo catalogue has more than 60 Batman items: more than one page.
      expect(total).toBeGreaterThan(60);
      const tiles = page.getByRole('list', { name: 'Search results for batman' }).getByRole('listitem');
      await expect.poll(() => tiles.count()).toBe(60);
      await keepScreenshot(page, `search-results-${width}`);
      await expect
        .poll(
          async () => {
            await page.mouse.wheel(0, 100_000);
            return tiles.count();
          },
          { timeout: 30_000 },
        )
        .toBe(total);
      // A guest POSTs (its temp token in the body): page 1 of 60, then pages 3, 4, ... of 30, and nothing once all are loaded.
      const pages = 1 + Math.ceil((total - 60) / 30);
      const expected = ['POST ?page=1&limit=60', ...Array.from({ length: pages - 1 }, (_, i) => `POST ?page=${i + 3}&limit=30`)];
      await page.mouse.wheel(0, 100_000);
      await page.waitForLoadState('networkidle');
      expect(asked).toEqual(expected);
      expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    },
  );

  it.each([
    [1366, 850],
    [390, 844],
  ])("a guest's recent searches come back from the shop after a reload at %i x %i", async (width, height) => {
    const page = await newPage(browser, { width, height });
    await page.goto(`${url}/new-comics`);
    const box = page.getByRole('search', { name: 'Search the shop' }).locator('input');
    for (const term of ['saga', 'hellboy']) {
      await box.fill(term);
      await box.press('Enter');
      await page.waitForURL(`**/search/${term}`);
      await page.getByRole('list', { name: `Search results for ${term}` }).waitFor();
    }
    // The reload forgets what the page knew: the list comes from the order the shop recorded.
    await page.reload();
    await page.getByRole('list', { name: 'Search results for hellboy' }).waitFor();
    await box.click();
    const recent = page.getByRole('region', { name: 'Recent searches' }).getByRole('button');
    await expect.poll(async () => (await recent.allTextContents()).map((t) => t.trim()), { timeout: 15_000 }).toEqual(['hellboy', 'saga']);
    await keepScreenshot(page, `recent-searches-after-reload-${width}`);
  });

  it.each([
    '/',
    '/new-comics',
    '/back-issues',
    '/pre-orders',
    '/key-comics',
    '/search/batman',
    '/about-us',
    '/account-orders',
    '/reset-password/some-token',
  ])('axe finds no serious or critical violation on %s', async (path) => {
    const page = await newPage(browser);
    await page.goto(`${url}${path}`);
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('homepage rows', () => {
  const added: string[] = [];
  beforeAll(async () => {
    // The 600-item demo catalogue has 7 batch rows: three more (dated long ago, so they come last)
    // make the homepage more than one page of 8.
    const admin = await logIn(url, ADMIN.email, ADMIN.password);
    for (let i = 1; i <= 3; i++) {
      const batch = await addBatch(url, admin, {
        name: `Homepage Row ${i} ${uniqueTag('')}`,
        publishDate: `2000-01-0${i}`,
        hideHomePage: false,
      });
      await addStockItem(url, admin, {
        comicId: uniqueTag('HR'),
        mainDescription: `Homepage Row Comic ${i}`,
        number: 5,
        priceOverride: 500,
        batchId: batch._id,
      });
      added.push(batch.name);
    }
    // The batches show once the catalogue projection has them (and the API's cache has moved on).
    const deadline = Date.now() + 20_000;
    for (;;) {
      const names: string[] = [];
      for (let p = 1; p < 20; p++) {
        const body = (await (await fetch(`${url}/api/homepage-stock${p > 1 ? `?page=${p}` : ''}`)).json()) as {
          batches: { name: string }[];
        };
        names.push(...body.batches.map((b) => b.name));
        if (body.batches.length < 8 || (p === 1 && body.batches.length > 8)) break;
      }
      if (added.every((name) => names.includes(name))) break;
      if (Date.now() > deadline) throw new Error(`the homepage did not list ${added.join(', ')}: ${names.join(', ')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  it.each([
    [1366, 850],
    [390, 844],
  ])('at %i x %i the homepage shows 8 rows, then the next rows as the shopper scrolls to the bottom', async (width, height) => {
    const page = await newPage(browser, { width, height });
    const asked: string[] = [];
    page.on('request', (request) => {
      const address = new URL(request.url());
      if (address.pathname === '/api/homepage-stock') asked.push(address.search);
    });
    // Page 2 waits until the test has seen the "Loading more…" status.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/homepage-stock\?page=2$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${url}/`);
    const rows = page.locator('section.batch-row');
    await expect.poll(() => rows.count()).toBe(8);
    await rows.first().locator('img.tile__img, .no-image').first().waitFor();
    await keepScreenshot(page, `home-first-rows-${width}`);
    // Page 1 came in the page itself, with the rows the server drew from it.
    expect(asked).toEqual([]);

    // Each row still loads more of its batch as it is scrolled sideways (10 items a time).
    const firstRow = rows.first().getByRole('list');
    expect(await firstRow.getByRole('listitem').count()).toBe(10);
    await expect
      .poll(
        async () => {
          await firstRow.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
          return firstRow.getByRole('listitem').count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(10);

    const loading = page.getByRole('status').filter({ hasText: 'Loading more…' });
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 100_000);
          return loading.isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await keepScreenshot(page, `home-loading-more-${width}`);
    release();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(8);
    for (const name of added) await page.getByRole('heading', { name, exact: true }).waitFor();
    await expect.poll(() => loading.count()).toBe(0);
    await page.mouse.wheel(0, 100_000);
    await page.waitForLoadState('networkidle');
    await keepScreenshot(page, `home-more-rows-${width}`);
    // Page 2 held fewer than 8 batches: it was the last one asked for.
    expect(asked).toEqual(['?page=2']);
  });
});

describe('the homepage drawn by the server', () => {
  it.each([
    [1366, 850],
    [390, 844],
  ])('at %i x %i shows its first rows before the app runs, then the app takes them over and adds from them', async (width, height) => {
    // Without JavaScript: what every shopper sees before the app's script has loaded and run.
    const still = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: false });
    try {
      const page = await still.newPage();
      await page.goto(`${url}/`);
      const drawn = page.locator('#root[inert] section.batch-row');
      expect(await drawn.count()).toBeGreaterThan(0);
      expect(await drawn.first().locator('.tile').count()).toBeGreaterThan(0);
      await expect.poll(() => page.locator('.hero__title').isVisible()).toBe(true);
      await keepScreenshot(page, `home-drawn-by-server-${width}`);
    } finally {
      await still.close();
    }

    const page = await newPage(browser, { width, height });
    const errors = watchPageErrors(page);
    await page.goto(`${url}/`);
    // Hydrated: the drawing is the app's own, no longer inert, and nothing was drawn twice or refused.
    await untilTakenOver(page);
    await shop.addFirstTiles(page, 1);
    await keepScreenshot(page, `home-taken-over-${width}`);
    expect(errors).toEqual([]);
  });

  it('is drawn for nobody signed in, and a signed-in admin sees their own header once the app takes over', async () => {
    const session = await logIn(url, ADMIN.email, ADMIN.password);
    const page = await pageAs(browser, session, { width: 1366, height: 850 });
    current = page;
    const errors = watchPageErrors(page);
    await page.goto(`${url}/`);
    await untilTakenOver(page);
    await expect.poll(() => page.locator('.account-btn__name').first().textContent()).toBe(session.user.givenName);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).count()).toBe(0);
    await page
      .getByRole('link', { name: /^Admin/ })
      .first()
      .waitFor();
    await keepScreenshot(page, 'home-taken-over-admin');
    expect(errors).toEqual([]);
  });
});
