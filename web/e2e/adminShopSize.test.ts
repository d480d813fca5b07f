import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keepScreenshot, launchBrowser, newPage, seriousA11yViolations } from './browser.ts';
import { shop } from './shop.ts';
import { ADMIN, addBatch, addStockItem, call, dismissNotice, eventually, logIn, ok, uniqueTag, type Session } from './adminKit.ts';

/**
 * The admin at a real shop's size (issue 16): the batch menu with many batches, stock lists drawn
 * only where they are on screen, the ad-hoc sale panel, and settings the admin's header shows at once.
 */

const url = inject('shopUrl');
const DESKTOP = { width: 1366, height: 850 };
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await logIn(url, ADMIN.email, ADMIN.password);
});
afterAll(async () => browser?.close());

let pages: Page[] = [];
async function open(size: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await newPage(browser, size);
  await page.context().addInitScript(
    ([token, user]) => {
      localStorage.setItem('accessToken', token as string);
      localStorage.setItem('user', user as string);
    },
    [admin.token, JSON.stringify(admin.user)],
  );
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

const shot = (page: Page, name: string) => keepScreenshot(page, `shop-size-${name}`);
/** Cards added after the far item, more than a phone's screens a virtual list draws below the screen. */
const AFTER_THE_ITEM = 24;

/** At least `count` comic batches (new comics), so the batch filter's "More batches" menu is long. */
async function manyBatches(count: number): Promise<void> {
  const { batches } = await ok<{ batches: { _id: string; itemType?: string | null; periodType?: string | null }[] }>(
    url,
    'GET',
    '/all-batches',
  );
  const have = batches.filter((b) => (!b.itemType || b.itemType === 'comic') && (!b.periodType || b.periodType === 'new')).length;
  const tag = uniqueTag('MB');
  for (let i = have; i < count; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, (_, j) =>
        addBatch(url, admin, {
          name: `${tag} ${String(i + j).padStart(3, '0')}`,
          publishDate: `2003-01-${String(1 + ((i + j) % 28)).padStart(2, '0')}`,
        }),
      ),
    );
  }
  await eventually(`${count} batches listed`, async () => {
    const { batches: now } = await ok<{ batches: { itemType?: string | null; periodType?: string | null }[] }>(url, 'GET', '/all-batches');
    return now.filter((b) => (!b.itemType || b.itemType === 'comic') && (!b.periodType || b.periodType === 'new')).length >= count;
  });
}

/** Opens "More batches" and checks the menu fits the screen, scrolls, and its last batch is reached with the keyboard. */
async function checkBatchMenu(page: Page, size: { width: number; height: number }, name: string): Promise<string> {
  const trigger = page.getByRole('navigation', { name: 'Batch filter' }).getByRole('button', { name: /More batches/ });
  await trigger.click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const items = menu.getByRole('menuitem');
  expect(await items.count()).toBeGreaterThanOrEqual(40);
  const box = (await menu.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'the menu ends within the screen').toBeLessThanOrEqual(size.height);
  const overflow = await menu.evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
    overflowY: getComputedStyle(el).overflowY,
  }));
  expect(overflow.overflowY).toBe('auto');
  expect(overflow.scrollHeight).toBeGreaterThan(overflow.clientHeight);
  // The keyboard reaches the last batch, and the menu scrolls it into view.
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('End');
  const last = items.last();
  await expect.poll(() => last.evaluate((el) => el === document.activeElement)).toBe(true);
  await expect
    .poll(async () => {
      const item = await last.boundingBox();
      return Boolean(item && item.y >= box.y - 1 && item.y + item.height <= box.y + box.height + 1);
    })
    .toBe(true);
  await shot(page, name);
  const lastName = ((await last.textContent()) ?? '').trim();
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'detached' });
  return lastName;
}

describe('admin lists at a shop size', () => {
  it('"More batches" scrolls within the screen and reaches its last batch by keyboard (desktop and phone, shop and admin)', async () => {
    await manyBatches(45);
    for (const [size, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await open(size);
      await page.goto(`${url}/new-comics`);
      const chosen = await checkBatchMenu(page, size, `batch-menu-shop-${label}`);
      await page.waitForURL(/[?&]batch=/);
      const trigger = page.getByRole('navigation', { name: 'Batch filter' }).getByRole('button', { name: chosen });
      await trigger.waitFor();
    }
    const page = await open(DESKTOP);
    await page.goto(`${url}/admin-stock-list`);
    await page.getByRole('heading', { name: 'All Stock', level: 1 }).waitFor();
    const chosen = await checkBatchMenu(page, DESKTOP, 'batch-menu-admin-desktop');
    await page.getByRole('heading', { name: `All Stock: ${chosen}`, level: 1 }).waitFor();
  });

  for (const [size, label] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`All Stock draws only the cards on screen, and an item far down is scrolled to and edited (${label})`, async () => {
      const tag = uniqueTag('FAR');
      const title = `Faraway ${tag} #1`;
      const batch = await addBatch(url, admin, { name: `${tag} OLD`, publishDate: '2000-01-01' });
      // Several screens of cards after it (an older batch), so that nothing but the shop keeps it in
      // view once its tall form closes: not the end of the page.
      const older = await addBatch(url, admin, { name: `${tag} OLDER`, publishDate: '1999-06-01' });
      const after = await Promise.all(
        Array.from({ length: AFTER_THE_ITEM }, (_, i) =>
          addStockItem(url, admin, {
            comicId: `${tag}A${i}`,
            mainDescription: `Further ${tag} #${i + 1}`,
            number: 1,
            priceOverride: 300,
            batchId: older._id,
          }),
        ),
      );
      const item = await addStockItem(url, admin, {
        comicId: `${tag}01`,
        mainDescription: title,
        number: 2,
        priceOverride: 600,
        batchId: batch._id,
      });
      // Its place in the whole list, as the server orders it (newest batch first).
      const position = await eventually('the item in All Stock', async () => {
        const res = await ok<{ comics: { _id: string }[] }>(url, 'PUT', '/admin-stock/', {
          token: admin.token,
          body: { itemType: 'comic', batchId: null, limit: 9999, page: 1, zero: 1 },
        });
        const index = res.comics.findIndex((c) => c._id === item._id);
        const listed = new Set(res.comics.map((c) => c._id));
        return index >= 0 && after.every((a) => listed.has(a._id)) ? { index, total: res.comics.length } : null;
      });
      expect(position.index, `${title} is far down the list`).toBeGreaterThan(200);
      expect(position.total - position.index, 'cards after it').toBeGreaterThan(AFTER_THE_ITEM);

      const page = await open(size);
      await page.goto(`${url}/admin-stock-list`);
      const status = page.getByRole('status').filter({ hasText: /^Showing/ });
      // The whole list comes in (after the first page), yet only a screenful of cards is in the page.
      await expect
        .poll(async () => (await status.textContent())?.trim(), { timeout: 30_000 })
        .toBe(`Showing ${position.total.toLocaleString('en-AU')} items`);
      const list = page.getByRole('list', { name: 'All Stock' });
      const drawn = () => list.getByRole('article').count();
      expect(await drawn()).toBeGreaterThan(0);
      expect(await drawn()).toBeLessThan(40);
      // The drawn rows still make one list of cards to assistive technology.
      const listRules = new Set([
        'list',
        'listitem',
        'aria-required-children',
        'aria-required-parent',
        'aria-allowed-attr',
        'aria-valid-attr-value',
      ]);
      expect((await seriousA11yViolations(page)).filter((v) => listRules.has(v.id))).toEqual([]);

      // Scroll down until the item is drawn (a screen at a time, as the admin would).
      const card = page.getByRole('article', { name: title });
      const deadline = Date.now() + 90_000;
      for (let last = -1; !(await card.count());) {
        // Two screens down, then the frames after it drawn (three rows either side are drawn too, so no card is skipped).
        const y = await page.evaluate(async () => {
          window.scrollBy(0, window.innerHeight * 2);
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          return window.scrollY;
        });
        if (y === last) break; // the end of the list: the card must be drawn there
        if (Date.now() > deadline) throw new Error(`${title} not drawn after scrolling to ${y}`);
        last = y;
      }
      await card.waitFor();
      await card.scrollIntoViewIfNeeded();
      const listItem = list.getByRole('listitem').filter({ has: card });
      expect(await listItem.getAttribute('aria-posinset')).toBe(String(position.index + 1));
      expect(await listItem.getAttribute('aria-setsize')).toBe(String(position.total));
      expect(await drawn(), 'still only a screenful of cards').toBeLessThan(40);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(5000);

      // Edit it in place: the form opens in its row, the change is saved and shown.
      await card.getByRole('button', { name: `Edit ${title}` }).click();
      const price = card.getByLabel(`Price override (for ${title})`);
      await price.waitFor();
      // The open form stays within the screen's width (its row grows downwards only).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await price.scrollIntoViewIfNeeded();
      await shot(page, `far-item-edit-${label}`);
      await price.fill('8.25');
      const save = card.getByRole('button', { name: `Save for ${title}` });
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await expect.poll(async () => (await card.textContent()) ?? '', { timeout: 15_000 }).toMatch(/Override\$8\.25/);
      // The form closed from its foot, far below the card's top: the card is brought back on screen.
      const top = await card.evaluate((node) => node.getBoundingClientRect().top);
      expect(top, 'the saved card on screen').toBeGreaterThanOrEqual(0);
      expect(top, 'the saved card on screen').toBeLessThan(size.height / 2);
      await shot(page, `far-item-saved-${label}`);
      await eventually('the new price saved', async () => {
        const saved = await ok<{ comics: { _id: string; priceOverride?: number }[] }>(
          url,
          'GET',
          `/admin-search-stock/${encodeURIComponent(item.comicId)}`,
          { token: admin.token },
        );
        return saved.comics.find((c) => c._id === item._id)?.priceOverride === 825;
      });
    });
  }

  it('the ad-hoc sale panel shows what the sale records, says no email is sent, and the sale is not awaiting postage', async () => {
    const tag = uniqueTag('AHS');
    const title = `Counter ${tag} #1`;
    const customer = `Counter ${tag}`;
    const item = await addStockItem(url, admin, { comicId: `${tag}01`, mainDescription: title, number: 3, priceOverride: 495 });
    await eventually(`${title} in search`, async () => {
      const res = await call<{ comics?: { _id: string }[] }>(url, 'GET', `/admin-search-stock/${encodeURIComponent(item.comicId)}`, {
        token: admin.token,
      });
      return res.body.comics?.some((c) => c._id === item._id);
    });
    const page = await open(DESKTOP);
    await page.goto(`${url}/search/${tag}`);
    await page.getByRole('button', { name: `Add ${title} to order, $4.95` }).click();
    await expect.poll(() => shop.itemCount(page), { timeout: 10_000 }).toBe(1);
    const panel = page.getByRole('region', { name: 'Your Order', exact: true });
    const totals = async () => ((await panel.locator('.totals').textContent()) ?? '').replace(/\s+/g, '');
    await expect.poll(totals).toContain('Postage$4.50');
    expect(await totals()).toContain('Topay$9.45');

    // Typed, not yet left: the panel already shows the sale as it will be recorded.
    await panel.getByLabel('Customer name (ad-hoc sale)').fill(customer);
    await expect.poll(totals).toContain('Postage$0.00');
    expect(await totals()).toContain('Topay$4.95');
    await panel.getByRole('button', { name: 'Ad-hoc Sale' }).waitFor();
    await shot(page, 'adhoc-panel');
    await panel.getByRole('button', { name: 'Ad-hoc Sale' }).click();
    const text = await dismissNotice(page, 'Success', /No email is sent/);
    expect(text).toContain(`for ${customer} is recorded as an in-person sale: $4.95`);
    expect(text).not.toMatch(/email is on its way/);

    // Listed as sold in person, with nothing to post.
    await page.goto(`${url}/admin-adhoc-order-list`);
    await page.getByLabel('Filter by number, name, email or tracking').fill(customer);
    const card = page.getByRole('article', { name: /^Order \d+$/ });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    const cardText = ((await card.textContent()) ?? '').replace(/\s+/g, '');
    expect(cardText).toContain('Soldinperson');
    expect(cardText).not.toContain('Awaitingpostage');
    expect(cardText).toContain('Paid$4.95');
    expect(cardText).toContain('Postage$0.00');
    expect(await card.getByRole('button', { name: /Mark as posted|Post with tracking|Resend confirmation/ }).count()).toBe(0);
    await shot(page, 'adhoc-list');
  });

  it("a saved setting shows in the admin's own header at once and stays after the read model catches up", async () => {
    const before = await ok<{ siteSettings: { hideGames: boolean; hideAccessories: boolean; warningText: string | null } }>(
      url,
      'GET',
      '/site-settings-admin',
      { token: admin.token },
    );
    const warning = `Closed for stocktake ${uniqueTag('W')}`;
    const page = await open(DESKTOP);
    try {
      await page.goto(`${url}/admin-site-settings`);
      const mainNav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      await mainNav.waitFor();
      const gamesShown = () => mainNav.getByRole('link', { name: 'Games', exact: true }).count();
      expect(await gamesShown()).toBe(before.siteSettings.hideGames ? 0 : 1);
      // The public settings come from the read model, which takes a moment to have a save (longer on
      // a busy shop): until the test lets go, the page's GET /api/site-settings answers what the read
      // model had before the save, so a refetch right after saving would bring the old settings back.
      const stale = await ok(url, 'GET', '/site-settings');
      await page.route('**/api/site-settings', (route) =>
        route.request().method() === 'GET' ? route.fulfill({ json: stale }) : route.continue(),
      );
      await page.getByLabel('Warning text').fill(warning);
      await page.getByRole('checkbox', { name: 'Hide games' }).click();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await dismissNotice(page, 'Success');
      const banner = page.getByRole('note', { name: 'Notice' });
      await expect.poll(async () => (await banner.count()) && (await banner.textContent())).toBe(warning);
      await expect.poll(gamesShown).toBe(before.siteSettings.hideGames ? 1 : 0);
      // The public settings (the read model) catch up; the header has kept the saved settings all along.
      await eventually('the read model has the save', async () => {
        const pub = await ok<{ siteSettings: { warningText: string | null } }>(url, 'GET', '/site-settings');
        return pub.siteSettings.warningText === warning;
      });
      expect(await banner.textContent()).toBe(warning);
      expect(await gamesShown()).toBe(before.siteSettings.hideGames ? 1 : 0);
      await shot(page, 'settings-header');
      // And the read model's own answer agrees after a reload.
      await page.unroute('**/api/site-settings');
      await page.reload();
      await expect.poll(async () => (await banner.count()) && (await banner.textContent())).toBe(warning);
    } finally {
      await ok(url, 'POST', '/save-site-settings', { token: admin.token, body: before.siteSettings });
    }
  });
});
