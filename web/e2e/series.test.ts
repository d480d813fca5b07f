import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keepScreenshot, launchBrowser } from './browser.ts';
import { ADMIN, addBatch, dateInDays, dismissNotice, eventually, logIn, ok, pageAs, uniqueTag, type Session } from './adminKit.ts';

const url = inject('shopUrl');
let browser: Browser;
let admin: Session;
let fixtures: { _id: string; name: string };

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 850 };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await logIn(url, ADMIN.email, ADMIN.password);
  fixtures = await addBatch(url, admin, { name: uniqueTag('E2E SERIES '), publishDate: '2001-01-01' });
});
afterAll(async () => browser?.close());

let pages: Page[] = [];
/** A page at this size, signed in as the admin or a guest. */
async function open(session: Session | null, viewport = DESKTOP): Promise<Page> {
  const page = await pageAs(browser, session, viewport);
  pages.push(page);
  return page;
}
afterEach(async (ctx) => {
  const last = pages.at(-1);
  if (ctx.task.result?.state === 'fail' && last)
    await keepScreenshot(last, `FAILED-series-${ctx.task.name.slice(0, 40).replace(/[^\w-]+/g, '-')}`);
  for (const page of pages)
    await page
      .context()
      .close()
      .catch(() => undefined);
  pages = [];
});

interface Series {
  _id: string;
  title: string;
  issueCount: number;
  volume: number | null;
  shelfCopies?: number;
}
const seriesNamed = (term: string) =>
  ok<{ series: Series[] }>(url, 'GET', `/series?term=${encodeURIComponent(term)}`).then((b) => b.series);

describe('series and issues', () => {
  it('the admin puts an item in a new series on the stock form; the series page lists its issues, with a pre-order’s cut-off', async () => {
    const tag = uniqueTag('Nova');
    const seriesTitle = `Nova Saga ${tag}`;
    const comicId = uniqueTag('NOVA');
    const page = await open(admin);
    await page.goto(`${url}/admin-add-new-stock-issue`);
    const form = page.getByRole('region', { name: 'Add New Stock Issue' });
    await form.getByLabel('Description', { exact: true }).fill(`${seriesTitle} #7 Cover B`);
    await form.getByLabel('Image id', { exact: true }).fill(comicId);
    await form.getByLabel('Publisher', { exact: true }).fill('Image Comics');
    await form.getByLabel('Batch', { exact: true }).selectOption({ label: fixtures.name });
    await form.getByLabel('Distributor', { exact: true }).selectOption({ label: 'Lunar' });
    await form.getByLabel('Price override', { exact: true }).fill('6.95');
    await form.getByLabel('Quantity', { exact: true }).fill('4');
    await form.getByLabel('Series', { exact: true }).fill(seriesTitle);
    await form.getByLabel('Issue number', { exact: true }).fill('7');
    await form.getByLabel('Cover', { exact: true }).fill('cvr b');
    await form.getByLabel('Printing', { exact: true }).fill('2');
    await form.getByLabel('Release date', { exact: true }).fill('2026-12-30');
    await form.getByLabel('UPC/ISBN', { exact: true }).fill('70985303780400721');
    await keepScreenshot(page, 'series-admin-form-desktop');
    const save = form.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(async () => (await form.getByText('Checking for duplicates…').count()) === 0 && (await save.isEnabled())).toBe(true);
    await save.click();
    await dismissNotice(page, 'Success', /Stock added/);

    const [series] = await eventually('the new series', async () => (await seriesNamed(tag)).filter((s) => s.issueCount === 1));
    expect(series).toMatchObject({ title: seriesTitle, issueCount: 1 });
    // A pre-order of the same series, by its title, with a FOC date a week away.
    const foc = dateInDays(7);
    await ok(url, 'POST', '/add-stock', {
      token: admin.token,
      body: {
        itemType: 'comic',
        periodType: 'pre-order',
        comicId: uniqueTag('NOVA'),
        mainDescription: `${seriesTitle} #8`,
        publisher: 'Image Comics',
        priceOverride: 695,
        number: 5,
        batchId: fixtures._id,
        seriesTitle: seriesTitle.toUpperCase(),
        issueNumber: '8',
        focDate: foc,
      },
    });
    await eventually('two issues', async () => (await seriesNamed(tag)).find((s) => s.issueCount === 2));

    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const guest = await open(null, viewport);
      await guest.goto(`${url}/series/${series!._id}`);
      await guest.getByRole('heading', { level: 1, name: seriesTitle }).waitFor();
      expect(await guest.getByRole('status').filter({ hasText: 'issues' }).textContent()).toBe('Image Comics · 2 issues');
      const grid = guest.getByRole('list', { name: `Issues of ${seriesTitle}` });
      const tiles = grid.getByRole('listitem');
      await expect.poll(() => tiles.count()).toBe(2);
      const preOrder = tiles.filter({ hasText: `${seriesTitle} #8` });
      const [y, m, d] = foc.split('-').map(Number);
      const shown = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-AU', {
        timeZone: 'UTC',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
      expect(await preOrder.locator('.tile__foc').textContent()).toBe(`Order by ${shown}`);
      await keepScreenshot(guest, `series-page-${size}`);

      // The preview popup names the series and the issue, and links to the series page.
      await tiles
        .filter({ hasText: `${seriesTitle} #7` })
        .getByRole('link', { name: `${seriesTitle} #7 Cover B`, exact: true })
        .click();
      const dialog = guest.getByRole('dialog', { name: `${seriesTitle} #7 Cover B` });
      await dialog.waitFor();
      expect(await dialog.locator('.preview__facts').textContent()).toContain('#7, cover B, printing 2');
      expect(await dialog.getByRole('link', { name: seriesTitle }).getAttribute('href')).toBe(`/series/${series!._id}`);
      await guest.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      await keepScreenshot(guest, `series-preview-${size}`);
    }

    const unknown = await open(null, PHONE);
    await unknown.goto(`${url}/series/no-such-series-${tag.toLowerCase()}`);
    await unknown.getByRole('heading', { name: 'Series not found' }).waitFor();
  });

  it('the admin sets a series’ shelf copies and merges a series started twice into the other', async () => {
    const tag = uniqueTag('Orbit');
    const make = async (title: string, issue: string) =>
      ok(url, 'POST', '/add-stock', {
        token: admin.token,
        body: {
          itemType: 'comic',
          periodType: 'new',
          comicId: uniqueTag('ORB'),
          mainDescription: `${title} #${issue}`,
          publisher: 'Boom! Studios',
          priceOverride: 595,
          batchId: fixtures._id,
          seriesTitle: title,
          issueNumber: issue,
        },
      });
    await make(`Orbit ${tag}`, '1');
    await make(`Orbit ${tag} Volume Two`, '2');
    await eventually('both series', async () => (await seriesNamed(tag)).length === 2);

    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await open(admin, viewport);
      await page.goto(`${url}/admin-series`);
      await page.getByLabel('Search series').fill(tag);
      await expect.poll(() => page.getByRole('list', { name: 'Series' }).getByRole('listitem').count()).toBe(size === 'phone' ? 2 : 1);
      await keepScreenshot(page, `series-admin-${size}`);
      if (size === 'desktop') break;
      const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Orbit ${tag}`, exact: true }) });
      await row.getByLabel(`Shelf copies of Orbit ${tag}`).fill('3');
      await row.getByRole('button', { name: 'Save' }).click();
      await dismissNotice(page, 'Saved', /3 shelf copies of each new issue/);

      const second = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Orbit ${tag} Volume Two` }) });
      await second.getByLabel(`Merge Orbit ${tag} Volume Two into`).selectOption({ label: `Orbit ${tag} (Boom! Studios)` });
      await second.getByRole('button', { name: 'Merge' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, merge' }).click();
      await dismissNotice(page, 'Merged', new RegExp(`Merged into Orbit ${tag}`));
      // A rename corrects the title a supplier's file gave, and records the start year.
      await row.getByLabel(`Title of Orbit ${tag}`).fill(`Orbit ${tag} Prime`);
      await row.getByLabel(`Volume or year of Orbit ${tag}`).fill('2026');
      await row.getByRole('button', { name: `Rename Orbit ${tag}` }).click();
      await dismissNotice(page, 'Saved', new RegExp(`Saved Orbit ${tag} Prime`));
    }
    const [kept] = await eventually('the merge', async () => {
      const found = await seriesNamed(tag);
      return found.length === 1 && found[0]!.issueCount === 2 && found[0]!.title.endsWith('Prime') ? found : null;
    });
    expect(kept).toMatchObject({ title: `Orbit ${tag} Prime`, volume: 2026 });
    const listed = await ok<{ series: Series[] }>(url, 'GET', `/admin-series?term=${tag}`, { token: admin.token });
    expect(listed.series).toEqual([expect.objectContaining({ shelfCopies: 3, issueCount: 2 })]);
  });

  it('the admin imports a Lunar file on the Supplier Import screen: progress, then what was imported and each line refused', async () => {
    const fixture = new URL('../../services/src/admin/fixtures/lunar-product-data.csv', import.meta.url).pathname;
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const batchName = uniqueTag('LUNAR E2E ');
      const page = await open(admin, viewport);
      await page.goto(`${url}/admin-supplier-import`);
      const form = page.getByRole('region', { name: 'Import a supplier file' });
      await form.getByLabel('Format').selectOption('lunar');
      await form.getByLabel('Supplier file').setInputFiles(fixture);
      await form.getByLabel('Batch name').fill(batchName);
      await form.getByLabel('Copies of each line').fill('2');
      await form.getByRole('button', { name: 'Import' }).click();
      const done = form.getByRole('status').filter({ hasText: `Imported 7 items into ${batchName}` });
      await done.waitFor({ timeout: 30_000 });
      expect(await done.textContent()).toContain('2 lines with errors');
      const refused = form.getByRole('table', { name: '2 lines not imported' });
      expect(await refused.getByRole('row').nth(1).textContent()).toBe("9FOC date '13/45/2026' is not a date like 12/1/2026");
      await done.scrollIntoViewIfNeeded();
      await keepScreenshot(page, `series-supplier-import-${size}`);
    }
  });
});
