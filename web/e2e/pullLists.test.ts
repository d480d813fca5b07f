import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keepScreenshot, launchBrowser } from './browser.ts';
import { ADMIN, addBatch, call, dateInDays, eventually, logIn, ok, pageAs, signUpCustomer, uniqueTag, type Session } from './adminKit.ts';

/**
 * Pull lists in the browser: a customer subscribes from the preview popup; the admin adds the
 * series' next issue and the customer finds it reserved on /account-pull-list; the admin works the
 * FOC worksheet (adjusts a total, exports the order file). Screenshots at 390x844 and 1366x850.
 */
const url = inject('shopUrl');
let browser: Browser;
let admin: Session;
let customer: Session;
const tag = uniqueTag('PL');
const series = `Moonrise ${tag}`;
const foc = dateInDays(30);
let nextIssueId = '';
let seriesId = '';
let firstIssue: { _id: string; seriesId: string };

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 850 };

async function at(session: Session | null, viewport: { width: number; height: number }): Promise<Page> {
  const page = await pageAs(browser, session);
  await page.setViewportSize(viewport);
  return page;
}

async function addIssue(issue: string, extra: Record<string, unknown> = {}) {
  const body = await ok<{ comic: { _id: string; seriesId: string } }>(url, 'POST', '/add-stock', {
    token: admin.token,
    body: {
      itemType: 'comic',
      periodType: 'pre-order',
      supplierType: 'diamond',
      comicId: `${tag}${issue}`,
      mainDescription: `${series} #${issue}`,
      publisher: 'Image Comics',
      seriesTitle: series,
      issueNumber: issue,
      cover: 'A',
      number: 5,
      priceOverride: 599,
      batchId: null,
      ...extra,
    },
  });
  return body.comic;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await logIn(url, ADMIN.email, ADMIN.password);
  customer = await signUpCustomer(url, 'Pia', 'Puller', `${tag.toLowerCase()}@example.com`);
  firstIssue = await addIssue('1');
  seriesId = firstIssue.seriesId;
  await eventually(
    `${series} #1 in search`,
    async () => {
      const res = await call<{ comics?: unknown[] }>(url, 'GET', `/admin-search-stock/${encodeURIComponent(`${tag}1`)}`, {
        token: admin.token,
      });
      return (res.body.comics?.length ?? 0) > 0;
    },
    60_000,
  );
});
afterAll(async () => browser?.close());

describe('pull lists', () => {
  it('a customer subscribes to a series from the preview popup', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await at(customer, viewport);
      await page.goto(`${url}/search/${encodeURIComponent(series)}`);
      const results = page.getByRole('list', { name: `Search results for ${series}` }).getByRole('listitem');
      await expect.poll(() => results.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await results
        .first()
        .getByRole('link', { name: `${series} #1` })
        .first()
        .click();
      const preview = page.getByRole('dialog');
      const control = preview.getByRole('region', { name: 'Pull list' });
      await control.waitFor();
      if (name === 'desktop') {
        await keepScreenshot(page, 'pull-list-subscribe-form-desktop');
        await control.getByLabel('Copies').selectOption('2');
        await control.getByLabel('Main cover').check();
        await control.getByRole('button', { name: 'Subscribe' }).click();
      }
      await expect
        .poll(() =>
          control
            .getByRole('status')
            .textContent()
            .catch(() => ''),
        )
        .toMatch(/On your pull list: .*2 copies, main cover/);
      await control.scrollIntoViewIfNeeded();
      await keepScreenshot(page, `pull-list-preview-${name}`);
      await page.context().close();
    }
    // The series page carries the same control.
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await at(customer, viewport);
      await page.goto(`${url}/series/${encodeURIComponent(seriesId)}`);
      const control = page.getByRole('region', { name: 'Pull list' });
      await expect
        .poll(() =>
          control
            .getByRole('status')
            .textContent()
            .catch(() => ''),
        )
        .toMatch(/On your pull list: .*2 copies, main cover/);
      await keepScreenshot(page, `pull-list-series-page-${name}`);
      await page.context().close();
    }
    // So does the issue's own page.
    const first = await ok<{ comic: { url: string } }>(url, 'GET', `/item/${encodeURIComponent(firstIssue._id)}`);
    const itemPage = await at(customer, PHONE);
    await itemPage.goto(`${url}${first.comic.url}`);
    await expect
      .poll(() =>
        itemPage
          .getByRole('region', { name: 'Pull list' })
          .getByRole('status')
          .textContent()
          .catch(() => ''),
      )
      .toMatch(/On your pull list: .*2 copies, main cover/);
    await keepScreenshot(itemPage, 'pull-list-item-page-phone');
    await itemPage.context().close();
    const list = await ok<{ subscriptions: unknown[] }>(url, 'GET', '/pull-list', { token: customer.token });
    expect(list.subscriptions).toEqual([expect.objectContaining({ title: series, quantity: 2, covers: 'main' })]);
  });

  it('the next issue is reserved and shows on the pull-list page', async () => {
    nextIssueId = (await addIssue('2', { focDate: foc, releaseDate: dateInDays(50) }))._id;
    await eventually('the reservation', async () => {
      const list = await ok<{ reserved: Array<{ stockId: string }> }>(url, 'GET', '/pull-list', { token: customer.token });
      return list.reserved.some((r) => r.stockId === nextIssueId);
    });
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await at(customer, viewport);
      await page.goto(`${url}/account-pull-list`);
      await page.getByRole('heading', { name: 'Your Pull List' }).waitFor();
      const reserved = page.getByRole('region', { name: 'Reserved for you' });
      await reserved.getByText(`${series} #2`).waitFor();
      expect(await reserved.textContent()).toMatch(/2 copies put aside/);
      expect(await reserved.textContent()).toMatch(/Cancel by/);
      expect(await page.getByRole('region', { name: 'Your series' }).textContent()).toMatch(new RegExp(`${series}.*2 copies, main cover`));
      await keepScreenshot(page, `pull-list-page-${name}`);
      await page.context().close();
    }
  });

  it('the admin adjusts a total on the FOC worksheet and exports the order file', async () => {
    await ok(url, 'PUT', `/series-shelf/${encodeURIComponent(seriesId)}`, { token: admin.token, body: { shelfCopies: 3 } });
    const page = await at(admin, DESKTOP);
    await page.goto(`${url}/admin-foc?date=${foc}&distributor=diamond`);
    await page.getByRole('heading', { name: 'FOC Worksheet' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(`${series} #2`) });
    await row.waitFor();
    const total = row.getByRole('spinbutton', { name: new RegExp(`Total of ${series} #2`) });
    // Subscriptions 2, pre-orders 0, shelf 3: 5 suggested.
    expect(await total.inputValue()).toBe('5');
    await total.fill('7');
    await page.getByRole('button', { name: /Save totals/ }).click();
    await expect.poll(() => row.getAttribute('class')).toMatch(/is-adjusted/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Diamond CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`diamond-order-foc-${foc}.csv`);
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByRole('heading', { name: 'Exports' }).waitFor();
    await keepScreenshot(page, 'foc-worksheet-desktop');
    const sheet = await ok<{ lines: Array<{ stockId: string; total: number; adjusted: boolean }> }>(
      url,
      'GET',
      `/admin-foc?date=${foc}&distributor=diamond`,
      {
        token: admin.token,
      },
    );
    expect(sheet.lines.find((l) => l.stockId === nextIssueId)).toMatchObject({ total: 7, adjusted: true });
    await page.context().close();

    const phone = await at(admin, PHONE);
    await phone.goto(`${url}/admin-foc?date=${foc}&distributor=diamond`);
    await phone.getByRole('row', { name: new RegExp(`${series} #2`) }).waitFor();
    // Nothing wider than the phone's screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(phone, 'foc-worksheet-phone');
    await phone.context().close();
  });

  it('the admin releases a batch into the customer’s order, and sees their pull list and the series’ subscribers', async () => {
    const batch = await addBatch(url, admin, { name: uniqueTag('PULL BATCH '), publishDate: dateInDays(40) });
    const issue3 = await addIssue('3', { batchId: batch._id });
    await eventually('the reservation of #3', async () => {
      const list = await ok<{ reserved: Array<{ stockId: string }> }>(url, 'GET', '/pull-list', { token: customer.token });
      return list.reserved.some((r) => r.stockId === issue3._id);
    });
    const page = await at(admin, DESKTOP);
    await page.goto(`${url}/admin-pull-list-release`);
    await page.getByLabel('Batch').selectOption({ label: batch.name });
    await page.getByRole('button', { name: 'Release reservations' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Released 2 copies into 1 customer's order/ })
      .waitFor();
    await keepScreenshot(page, 'pull-list-release-desktop');
    const { order } = await ok<{ order: { orderItems: Array<{ _id: string; quantity: number; pullList?: boolean }> } }>(
      url,
      'GET',
      '/current-order',
      {
        token: customer.token,
      },
    );
    expect(order.orderItems.find((l) => l._id === issue3._id)).toMatchObject({ quantity: 2, pullList: true });

    await page.goto(`${url}/admin-pull-list/${encodeURIComponent(customer.user._id)}`);
    await page.getByRole('heading', { name: 'Customer Pull List' }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(`${series} #3`) })
      .getByText('In their order')
      .waitFor();
    await keepScreenshot(page, 'pull-list-customer-desktop');
    await page.goto(`${url}/admin-series-subscribers/${encodeURIComponent(seriesId)}`);
    await page.getByRole('heading', { name: new RegExp(`${series}: 1 subscriber`) }).waitFor();
    await keepScreenshot(page, 'pull-list-subscribers-desktop');
    await page.context().close();

    const phone = await at(admin, PHONE);
    await phone.goto(`${url}/admin-pull-list/${encodeURIComponent(customer.user._id)}`);
    await phone.getByRole('heading', { name: 'Customer Pull List' }).waitFor();
    await phone.getByText(`${series} #3`).first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(phone, 'pull-list-customer-phone');
    await phone.goto(`${url}/admin-pull-list-release`);
    await phone.getByRole('heading', { name: 'Release Pull Lists' }).waitFor();
    await keepScreenshot(phone, 'pull-list-release-phone');
    await phone.context().close();
  });
});
