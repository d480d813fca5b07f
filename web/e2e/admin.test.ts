import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keepScreenshot, launchBrowser } from './browser.ts';
import { shop } from './shop.ts';
import {
  ADMIN,
  addBatch,
  addStockItem,
  call,
  coverPng,
  dateInDays,
  dismissNotice,
  escapeRegExp,
  eventually,
  imageLoaded,
  logIn,
  ok,
  pageAs,
  paidGuestOrder,
  postingBadgeCount,
  postingBadgeText,
  signUpCustomer,
  uniqueTag,
  type Session,
} from './adminKit.ts';

const url = inject('shopUrl');
let browser: Browser;
let admin: Session;
/** The flows' own stock (set up through the API) lives in a batch dated 2001, so it sorts after the shop's on the storefront. */
let fixtures: { _id: string; name: string };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await logIn(url, ADMIN.email, ADMIN.password);
  fixtures = await addBatch(url, admin, { name: uniqueTag('E2E FIXTURES '), publishDate: '2001-01-01' });
});
afterAll(async () => browser?.close());

// The pages of the running test: a failing flow leaves a screenshot of where it stopped.
let pages: Page[] = [];
async function open(session: Session | null): Promise<Page> {
  const page = await pageAs(browser, session);
  pages.push(page);
  return page;
}
afterEach(async (ctx) => {
  const last = pages.at(-1);
  if (ctx.task.result?.state === 'fail' && last) {
    await keepScreenshot(last, `FAILED-${ctx.task.name.slice(0, 60).replace(/[^\w-]+/g, '-')}`).catch(() => undefined);
  }
  for (const page of pages)
    await page
      .context()
      .close()
      .catch(() => undefined);
  pages = [];
});

/** A stock item of the flow's own, in the fixtures batch, once the catalogue read model has it. */
async function fixtureItem(title: string, comicId: string, number: number, priceOverride: number) {
  const item = await addStockItem(url, admin, { comicId, mainDescription: title, number, priceOverride, batchId: fixtures._id });
  await eventually(`${title} in search`, async () => {
    const res = await call<{ comics?: { _id: string }[] }>(url, 'GET', `/admin-search-stock/${encodeURIComponent(comicId)}`, {
      token: admin.token,
    });
    return res.body.comics?.some((c) => c._id === item._id);
  });
  return item;
}

/** The storefront search, as a shopper types it in the header. */
async function searchShop(page: Page, term: string) {
  const box = page.getByRole('search', { name: 'Search the shop' }).locator('input');
  await box.fill(term);
  await box.press('Enter');
  await page.waitForURL(/\/search\//);
}

function adminNav(page: Page) {
  return page.getByRole('navigation', { name: 'Admin' });
}

function orderPanel(page: Page) {
  return page.getByRole('region', { name: 'Your Order', exact: true });
}

describe('admin', () => {
  it('adds a batch and a new comic with a cover image, and a guest sees it on New Comics and in search', async () => {
    const tag = uniqueTag('SF');
    const batchName = `E2E Batch ${tag}`;
    const title = `Starfall ${tag} #1`;
    const comicId = `${tag}01`;
    const page = await open(admin);

    // The batch, through Add Batch (dated well ahead, so its items come first on New Comics).
    await page.goto(`${url}/admin-batch-list`);
    await adminNav(page).getByRole('link', { name: 'Add Batch' }).click();
    const batchForm = page.getByRole('region', { name: 'Add Batch' });
    await batchForm.getByLabel('Name', { exact: true }).fill(batchName);
    expect(await batchForm.getByLabel('Type', { exact: true }).inputValue()).toBe('diamond');
    await batchForm.getByLabel('Publish date', { exact: true }).fill(dateInDays(90));
    await batchForm.getByLabel('Purchase value', { exact: true }).fill('250.00');
    await batchForm.getByRole('button', { name: 'Add batch' }).click();
    await dismissNotice(page, 'Success', new RegExp(`Batch ${escapeRegExp(batchName)} added`));
    await page.waitForURL(/\/admin-batch-list$/);
    const batchCard = page.getByRole('article', { name: `Batch ${batchName}` });
    // The new batch shows at once, without Refresh: the add answer goes straight into the list.
    await batchCard.waitFor({ timeout: 5_000 });
    expect(await batchCard.textContent()).toMatch(/Diamond \(new comics\).*\$250\.00/);

    // The item, through Add New Stock Issue, with a cover chosen as a file (its name is the image id).
    await adminNav(page).getByRole('link', { name: 'Add New Stock Issue' }).click();
    const form = page.getByRole('region', { name: 'Add New Stock Issue' });
    await form.getByLabel('Description', { exact: true }).fill(title);
    await form.getByLabel('Publisher', { exact: true }).fill('Image Comics');
    const batchSelect = form.getByLabel('Batch', { exact: true });
    await expect.poll(() => batchSelect.locator('option', { hasText: batchName }).count()).toBe(1);
    await batchSelect.selectOption({ label: batchName });
    await form.getByLabel('Price override', { exact: true }).fill('6.95');
    await form.getByLabel('Quantity', { exact: true }).fill('20');
    await form.getByLabel('Initial quantity', { exact: true }).fill('20');
    await form.getByLabel('Choose image files').setInputFiles({ name: `${comicId}.png`, mimeType: 'image/png', buffer: await coverPng() });
    expect(await form.getByLabel('Image id', { exact: true }).inputValue()).toBe(comicId);
    expect(await form.getByRole('status').filter({ hasText: 'To upload on save' }).textContent()).toContain(`${comicId}.png`);
    const save = form.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(async () => (await form.getByText('Checking for duplicates…').count()) === 0 && (await save.isEnabled())).toBe(true);
    await save.click();
    await dismissNotice(page, 'Success', /Stock added/);
    // The form is ready for the next issue: #2, no image id.
    await expect.poll(() => form.getByLabel('Description', { exact: true }).inputValue()).toBe(`Starfall ${tag} #2`);
    expect(await form.getByLabel('Image id', { exact: true }).inputValue()).toBe('');

    // The batch's stock list shows the item with its cover (once the upload is stored as webp).
    await adminNav(page).getByRole('link', { name: 'Batches', exact: true }).click();
    await page.getByRole('link', { name: `Stock of ${batchName}` }).click();
    await page.getByRole('heading', { name: `New Stock: ${batchName}` }).waitFor();
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    await expect
      .poll(
        async () => {
          if (await imageLoaded(card.getByRole('img', { name: `Cover of ${title}` }))) return true;
          await page.getByRole('button', { name: 'Refresh New Stock' }).click();
          await card.waitFor();
          return false;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    const stored = await fetch(`${url}/images/diamond/${comicId}.webp`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/webp');

    // A guest: New Comics shows it on its first page (the newest batch), with its cover and price; so does search.
    const guest = await open(null);
    await guest.goto(`${url}/new-comics`);
    const tile = guest
      .getByRole('list', { name: /New Comics/i })
      .getByRole('listitem')
      .filter({ has: guest.getByRole('heading', { name: title }) });
    await tile.waitFor();
    await expect.poll(() => imageLoaded(tile.locator('img.tile__img'))).toBe(true);
    expect(await tile.locator('img.tile__img').getAttribute('src')).toBe(`/images/diamond/${comicId}.webp`);
    expect(await tile.textContent()).toContain('$6.95');
    await searchShop(guest, tag);
    // The search grid itself: while the search page loads, the New Comics grid (with the same tile) can still be on screen.
    const found = guest
      .getByRole('list', { name: `Search results for ${tag}` })
      .getByRole('listitem')
      .filter({ hasText: title });
    await found.waitFor();
    // The search page renders its tiles before their covers arrive: wait for the picture, as on New Comics.
    await expect.poll(() => imageLoaded(found.locator('img.tile__img'))).toBe(true);
    await keepScreenshot(guest, 'admin-new-comic-on-storefront');
  });

  it('imports a Diamond file: good lines imported, the header and REVCREDIT skipped, a bad line reported, nothing twice', async () => {
    const tag = uniqueTag('DM');
    const batchName = `E2E Diamond ${tag}`;
    const csv = [
      'Qty,Item Code,Description,Price,Publisher',
      `2,DEC26${tag}1,"NEBULA ${tag} #1, CVR A",4.99,DC Comics`,
      `1,DEC26${tag}2,ORBIT ${tag} #2,3.99,Image Comics`,
      '1,REVCREDIT,Returns credit,-10.00,Diamond',
      `two,DEC26${tag}3,BROKEN ${tag} #3,3.99,Image Comics`,
      '',
    ].join('\n');
    const page = await open(admin);
    await page.goto(`${url}/admin-batch-list`);
    await adminNav(page).getByRole('link', { name: 'Diamond Upload' }).click();
    await page.waitForURL(/\/admin-stock-upload$/);
    await page.getByRole('heading', { name: 'Diamond Upload', level: 1 }).waitFor();
    const section = page.getByRole('region', { name: 'Upload a stock file' });
    const upload = async () => {
      await section
        .getByLabel('Stock file', { exact: true })
        .setInputFiles({ name: `diamond-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await section.getByLabel('Batch name', { exact: true }).fill(batchName);
      await section.getByRole('button', { name: 'Upload stock file' }).click();
      const result = section.getByRole('status').filter({ hasText: /^Imported/ });
      await result.waitFor();
      return (await result.textContent()) ?? '';
    };

    expect(await upload()).toBe(`Imported 2, skipped 2 into batch ${batchName}.`);
    const errors = section.getByRole('table', { name: '1 line not imported' });
    await errors.waitFor();
    const row = errors.getByRole('row').nth(1);
    expect(await row.getByRole('cell').first().textContent()).toBe('5');
    expect(await row.getByRole('cell').nth(1).textContent()).toMatch(/quantity 'two' is not a whole number/);

    // The same file again adds nothing.
    expect(await upload()).toMatch(/^Imported 0,/);

    // Both items are in the shop's stock, in the new batch, at the file's price (SRP). The search reads
    // the catalogue read model, which has the upload a moment later (the screen asks once).
    await eventually('the uploaded items in the admin search', async () => {
      const res = await call<{ comics?: unknown[] }>(url, 'GET', `/admin-search-stock/${encodeURIComponent(tag)}`, { token: admin.token });
      return res.body.comics?.length === 2;
    });
    await adminNav(page).getByRole('link', { name: 'Search Stock' }).click();
    await page.getByLabel('Search term').fill(tag);
    await page.getByRole('button', { name: 'Search stock' }).click();
    const grid = page.getByRole('list', { name: `Stock matching ${tag}` });
    await expect.poll(() => grid.getByRole('article').count(), { timeout: 15_000 }).toBe(2);
    const nebula = grid.getByRole('article', { name: `NEBULA ${tag} #1, CVR A` });
    const nebulaText = (await nebula.textContent()) ?? '';
    expect(nebulaText).toContain(`batch ${batchName}`);
    expect(nebulaText).toMatch(/SRP\$4\.99/);
    expect(nebulaText).toMatch(/Left2/);
    expect(nebulaText).toMatch(/ReleasedDec(ember)? 2026/);
    const orbitText = (await grid.getByRole('article', { name: `ORBIT ${tag} #2` }).textContent()) ?? '';
    expect(orbitText).toMatch(/SRP\$3\.99/);
    expect(orbitText).toMatch(/Left1/);
    expect(await grid.getByRole('article', { name: new RegExp(`BROKEN ${tag}`) }).count()).toBe(0);
    await keepScreenshot(page, 'admin-diamond-upload');
  });

  it('posts an order with a tracking number and the header badge drops by one without a reload', async () => {
    const tag = uniqueTag('PO');
    const item = await fixtureItem(`Parcel ${tag} #1`, `${tag}01`, 10, 500);
    const first = await paidGuestOrder(url, `first.${tag}@example.com`.toLowerCase(), [{ stockId: item._id, quantity: 1 }]);
    const second = await paidGuestOrder(url, `second.${tag}@example.com`.toLowerCase(), [{ stockId: item._id, quantity: 1 }]);
    await eventually('both orders awaiting postage', async () => {
      const { orders } = await ok<{ orders: { _id: string }[] }>(url, 'GET', '/orders-awaiting-postage', { token: admin.token });
      return [first._id, second._id].every((id) => orders.some((o) => o._id === id));
    });

    const page = await open(admin);
    await page.goto(`${url}/admin-orders-awaiting-postage`);
    await page.getByRole('heading', { name: 'Orders Awaiting Postage', level: 1 }).waitFor();
    const { ordersNeedPosting } = await ok<{ ordersNeedPosting: number }>(url, 'GET', '/site-settings');
    await expect.poll(() => postingBadgeCount(page)).toBe(ordersNeedPosting);
    const before = ordersNeedPosting;
    expect(before).toBeGreaterThanOrEqual(2);
    expect(await postingBadgeText(page)).toBe(String(Math.min(before, 99)));
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));

    await page.getByLabel('Filter by number, name, email or tracking').fill(String(first.publicId));
    const card = page.getByRole('article', { name: `Order ${first.publicId}` });
    await card.waitFor();
    expect(await card.textContent()).toContain(`first.${tag}@example.com`.toLowerCase());
    await card.getByLabel(`Tracking number for order ${first.publicId}`).fill('ap 1234-5678');
    await card.getByRole('button', { name: `Post with tracking: order ${first.publicId}` }).click();
    await dismissNotice(page, 'Success', new RegExp(`Order ${first.publicId} posted with tracking AP12345678`));

    await expect.poll(() => postingBadgeCount(page)).toBe(before - 1);
    expect(await postingBadgeText(page)).toBe(before - 1 > 0 ? String(Math.min(before - 1, 99)) : '');
    await card.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

    // The order now links its parcel; the other one still waits.
    await adminNav(page).getByRole('link', { name: 'All Orders' }).click();
    await page.getByLabel('Filter by number, name, email or tracking').fill('AP12345678');
    const posted = page.getByRole('article', { name: `Order ${first.publicId}` });
    await posted.waitFor();
    expect(await posted.getByRole('link', { name: 'Track parcel AP12345678' }).getAttribute('href')).toBe(
      'https://auspost.com.au/mypost/track/details/AP12345678',
    );
    expect(await posted.textContent()).toContain('Posted');
    const { orders } = await ok<{ orders: { _id: string }[] }>(url, 'GET', '/orders-awaiting-postage', { token: admin.token });
    expect(orders.some((o) => o._id === second._id)).toBe(true);
    expect(orders.some((o) => o._id === first._id)).toBe(false);
    await keepScreenshot(page, 'admin-posted-badge-dropped');
  });

  it('makes an ad-hoc sale: the admin orders an item, names the customer, and the sale completes at once', async () => {
    const tag = uniqueTag('AH');
    const title = `Walkin ${tag} #1`;
    const customer = `Walk-in ${tag}`;
    const item = await fixtureItem(title, `${tag}01`, 5, 1250);
    const page = await open(admin);
    await page.goto(`${url}/`);
    await searchShop(page, tag);
    await page.getByRole('button', { name: `Add ${title} to order, $12.50` }).click();
    await expect.poll(() => shop.itemCount(page), { timeout: 10_000 }).toBe(1);

    const panel = orderPanel(page);
    // Without a name it is an ordinary checkout; with one it is an ad-hoc sale.
    expect(await panel.getByRole('button', { name: 'Proceed to Payment' }).count()).toBe(1);
    await panel.getByLabel('Customer name (ad-hoc sale)').fill(customer);
    await panel.getByRole('button', { name: 'Ad-hoc Sale' }).click();
    await dismissNotice(page, 'Success', /is recorded as an in-person sale: \$12\.50.*No email is sent/);
    await page.waitForLoadState('load');
    await expect.poll(() => shop.itemCount(page), { timeout: 10_000 }).toBe(0);

    // It is listed as an ad-hoc order under the customer's name, and a copy has gone.
    await page.goto(`${url}/admin-adhoc-order-list`);
    await page.getByLabel('Filter by number, name, email or tracking').fill(customer);
    const card = page.getByRole('article', { name: /^Order \d+$/ });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`· ${customer}`);
    expect(text).toContain(title);
    expect(text).toMatch(/Postage\$0\.00/);
    await eventually('the sale in the stock', async () => {
      const res = await ok<{ comics: { _id: string; number: number }[] }>(
        url,
        'GET',
        `/admin-search-stock/${encodeURIComponent(item.comicId)}`,
        { token: admin.token },
      );
      return res.comics.find((c) => c._id === item._id)?.number === 4;
    });
    await keepScreenshot(page, 'admin-adhoc-sale');
  });

  it('sends credit to a customer, who sees it in their order panel', async () => {
    const tag = uniqueTag('CR');
    const email = `carol.${tag}@example.com`.toLowerCase();
    const customer = await signUpCustomer(url, 'Carol', `Danvers${tag.toLowerCase()}`, email);
    const fullName = `Carol ${customer.user.familyName}`;
    const title = `Credit ${tag} #1`;
    await fixtureItem(title, `${tag}01`, 5, 2000);

    const page = await open(admin);
    await page.goto(`${url}/admin-user-list`);
    await page.getByLabel('Filter by name or email').fill(email);
    const userCard = page.getByRole('article', { name: `User ${fullName}` });
    await expect
      .poll(
        async () => {
          if (await userCard.count()) return true;
          await page.getByRole('button', { name: 'Refresh My Users' }).click();
          return false;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    await userCard.getByRole('button', { name: `Send credit to ${fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Send credit to ${fullName}` });
    await dialog.getByLabel('Amount', { exact: true }).fill('12.50');
    await dialog.getByLabel('Description', { exact: true }).fill('Sorry about the bent cover');
    await dialog.getByRole('button', { name: 'Send credit' }).click();
    await dismissNotice(page, 'Success');
    await dialog.waitFor({ state: 'detached' });

    // The customer orders a $20.00 item: $12.50 of it is paid by the credit.
    const shopper = await open(customer);
    await shopper.goto(`${url}/`);
    await searchShop(shopper, tag);
    await shopper.getByRole('button', { name: `Add ${title} to order, $20.00` }).click();
    await expect.poll(() => shop.itemCount(shopper), { timeout: 10_000 }).toBe(1);
    const panel = orderPanel(shopper);
    const creditRow = panel.locator('.totals__row').filter({ hasText: 'Credit from before' });
    await expect
      .poll(
        async () => {
          if (await creditRow.count()) return true;
          await shopper.reload();
          await panel.waitFor();
          return false;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    // Credit from before is the balance; this order uses all of it, so nothing is carried forward.
    expect(await creditRow.locator('dd').textContent()).toBe('$12.50');
    expect(await panel.locator('.totals__row').filter({ hasText: 'Credit used' }).locator('dd').textContent()).toBe('−$12.50');
    expect(await panel.locator('.totals__row').filter({ hasText: 'Credit carried forward' }).count()).toBe(0);
    const toPay = (await panel.locator('.totals__row--grand dd').textContent()) ?? '';
    const totals = (await panel.locator('.totals').textContent()) ?? '';
    const postage = Number(/Postage\$(\d+\.\d\d)/.exec(totals)?.[1] ?? NaN);
    expect(toPay).toBe(`$${(20 + postage - 12.5).toFixed(2)}`);
    await keepScreenshot(shopper, 'admin-credit-in-order-panel');
  });

  it("opens an item's history: the state after each event, with the changed price marked", async () => {
    const tag = uniqueTag('HI');
    const title = `Ledger ${tag} #1`;
    const item = await fixtureItem(title, `${tag}01`, 3, 500);
    const page = await open(admin);
    await page.goto(`${url}/admin-batch-list`);
    await adminNav(page).getByRole('link', { name: 'Search Stock' }).click();
    await page.getByLabel('Search term').fill(tag);
    await page.getByRole('button', { name: 'Search stock' }).click();
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Override\$5\.00/);

    // Change the price inline.
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    await card.getByLabel(`Price override (for ${title})`).fill('7.50');
    const save = card.getByRole('button', { name: `Save for ${title}` });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await expect.poll(async () => (await card.textContent()) ?? '', { timeout: 10_000 }).toMatch(/Override\$7\.50/);

    // Its history: one entry per event, the state after each, the changed field marked.
    await card.getByRole('link', { name: `History of ${title}` }).click();
    await page.waitForURL(new RegExp(`/admin-history/stock-${escapeRegExp(item._id)}$`));
    await page.getByRole('heading', { name: `History of stock-${item._id}` }).waitFor();
    const entries = page.getByRole('listitem').filter({ has: page.getByRole('table') });
    await expect.poll(() => entries.count()).toBe(2);
    const added = entries.nth(0);
    const edited = entries.nth(1);
    expect(await added.getByRole('heading').textContent()).toMatch(/v1\s*StockItemAdded/);
    expect(await edited.getByRole('heading').textContent()).toMatch(/v2\s*StockItemEdited/);
    const editedText = (await edited.textContent()) ?? '';
    expect(editedText).toContain(ADMIN.email);
    expect(editedText).toMatch(/price override/i);
    expect(editedText).toMatch(/\$5\.00.*\$7\.50/);

    const priceRow = (entry: typeof added) =>
      entry.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /(^|\.)priceOverride\b/ }) });
    expect(await priceRow(added).getByRole('cell').textContent()).toBe('500');
    expect(await priceRow(added).getByRole('rowheader').textContent()).not.toContain('(changed)');
    expect(await priceRow(edited).getByRole('cell').textContent()).toBe('750');
    expect(await priceRow(edited).getByRole('rowheader').textContent()).toContain('(changed)');
    // "Show changes only" leaves the changed fields.
    await edited.getByRole('button', { name: 'Show changes only (version 2)' }).click();
    const rows = await edited.getByRole('rowheader').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.includes('(changed)'))).toBe(true);
    expect(rows.some((r) => /priceOverride/.test(r))).toBe(true);
    await keepScreenshot(page, 'admin-item-history');
  });
});
