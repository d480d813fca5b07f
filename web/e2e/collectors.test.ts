import { mkdir } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keepScreenshot, launchBrowser, newPage as openPage } from './browser.ts';
import { ADMIN, call, logIn, pageAs, signUpCustomer, uniqueTag } from './adminKit.ts';
import { shop } from './shop.ts';

/*
 * Issue 18, collectors: an item page opened by its URL (server-rendered head, the app's content,
 * add to order), tiles that are real links (a new tab opens the item page), grades on tiles and in
 * the preview, and the want list.
 */

const url = inject('shopUrl');
const DESKTOP = { width: 1366, height: 850 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;
const SHOTS = 'test-artifacts/collectors';

let browser: Browser;
let title: string;
let item: { _id: string; url: string };
let tag: string;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
  const admin = await logIn(url, ADMIN.email, ADMIN.password);
  tag = uniqueTag('COL');
  title = `Collector ${tag} #300`;
  const res = await call<{ comic: { _id: string; url: string } }>(url, 'POST', '/add-stock', {
    token: admin.token,
    body: {
      itemType: 'comic',
      periodType: 'back-issue',
      comicId: tag,
      mainDescription: title,
      publisher: 'Marvel',
      priceOverride: 45000,
      number: 3,
      condition: {
        kind: 'slab',
        grader: 'CGC',
        grade: 9.8,
        label: 'Universal',
        certNumber: `${Date.now()}`.slice(-9),
        pageQuality: 'White',
      },
      keyNotes: '1st appearance of a collector',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  item = res.body.comic;
});
afterAll(async () => browser?.close());

const pages: Page[] = [];
async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await openPage(browser, viewport);
  pages.push(page);
  return page;
}
afterEach(async (ctx) => {
  const last = pages.at(-1);
  if (ctx.task.result?.state === 'fail' && last) {
    await keepScreenshot(last, `FAILED-${ctx.task.name.slice(0, 60).replace(/[^\w-]+/g, '-')}`).catch(() => undefined);
  }
  for (const page of pages.splice(0))
    await page
      .context()
      .close()
      .catch(() => undefined);
});

async function shot(page: Page, name: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function searchShop(page: Page, term: string) {
  const box = page.getByRole('search', { name: 'Search the shop' }).locator('input');
  if (!(await box.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
  await box.fill(term);
  await box.press('Enter');
  await page.waitForURL(/\/search\//);
}

describe('item pages', () => {
  it.each(SIZES)('on a %s: opens an item page by its URL and adds the item to the order', async (name, viewport) => {
    const page = await newPage(viewport);
    // Any slug finds the page; the app moves to the canonical one.
    await page.goto(`${url}/item/${item._id}/old-slug`);
    await page.getByRole('heading', { level: 1, name: new RegExp(title.replace(/[#]/g, '\\$&')) }).waitFor();
    await page.waitForURL(`${url}${item.url}`);
    expect(await page.title()).toContain('CGC NM/M 9.8 Universal');
    expect(await page.getByText('1st appearance of a collector').count()).toBeGreaterThan(0);
    const before = await shop.itemCount(page);
    await page.getByRole('button', { name: 'Add to order · $450.00' }).click();
    await expect.poll(() => shop.itemCount(page), { timeout: 10_000 }).toBe(before + 1);
    await shot(page, `item-page-${name}`);
  });

  it('the server writes the head: a crawler without JavaScript sees title, canonical URL, image and JSON-LD', async () => {
    const html = await (await fetch(`${url}${item.url}`)).text();
    expect(html).toContain(`<title>${title} – CGC NM/M 9.8 Universal |`);
    expect(html).toContain(`<link rel="canonical" href=`);
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/no-image\.png" \/>/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(ld.offers).toMatchObject({ price: '450.00', priceCurrency: 'AUD', availability: 'https://schema.org/InStock' });
    expect((await fetch(`${url}/item/no-such-item/x`)).status).toBe(404);
  });
});

describe('search by grade', () => {
  it.each(SIZES)('on a %s: the condition and grade filters keep or leave out the slab', async (name, viewport) => {
    const page = await newPage(viewport);
    await page.goto(`${url}/search/${tag}?graded=true&gradeMin=9.8&sort=grade-desc`);
    await page.getByRole('link', { name: title }).waitFor();
    expect(await page.getByLabel('Condition').inputValue()).toBe('true');
    expect(await page.getByLabel('Grade at least').inputValue()).toBe('9.8');
    await shot(page, `search-grade-${name}`);
    await page.getByLabel('Condition').selectOption('false');
    await expect.poll(() => page.getByRole('link', { name: title }).count()).toBe(0);
    expect(page.url()).toContain('graded=false');
  });
});

describe('browse by grade', () => {
  it.each(SIZES)('on a %s: Back Issues sorts and filters by grade, kept in the address', async (name, viewport) => {
    const page = await newPage(viewport);
    await page.goto(`${url}/back-issues?graded=true&gradeMin=9.8&sort=grade-desc`);
    await page.getByRole('link', { name: title }).waitFor();
    expect(await page.getByLabel('Sort by').inputValue()).toBe('grade-desc');
    expect(await page.getByLabel('Condition').inputValue()).toBe('true');
    expect(await page.getByLabel('Grade at least').inputValue()).toBe('9.8');
    await shot(page, `browse-grade-${name}`);
    await page.getByLabel('Condition').selectOption('false');
    await expect.poll(() => page.getByRole('link', { name: title }).count()).toBe(0);
    expect(page.url()).toContain('graded=false');
    // New comics carry no grades: no grade controls there.
    await page.goto(`${url}/new-comics`);
    await page.getByRole('heading', { level: 1, name: 'New Comics' }).waitFor();
    expect(await page.getByLabel('Grade at least').count()).toBe(0);
  });
});

describe('tiles', () => {
  it.each(SIZES)('on a %s: a tile is a link that opens the item page in a new tab, and shows the grade', async (name, viewport) => {
    const page = await newPage(viewport);
    await page.goto(`${url}/`);
    await searchShop(page, tag);
    const link = page.getByRole('link', { name: title });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(item.url);
    expect(await page.locator('.tile__grade').first().textContent()).toBe('CGC NM/M 9.8 Universal');
    await shot(page, `tile-grade-${name}`);

    // A plain click opens the preview, which links to the page.
    await link.click();
    const preview = page.getByRole('dialog', { name: title });
    await preview.waitFor();
    expect(await preview.getByRole('link', { name: 'Open the item page' }).getAttribute('href')).toBe(item.url);
    await shot(page, `preview-grade-${name}`);
    await page.keyboard.press('Escape');

    // Ctrl-click (a new tab) opens the item page there.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click({ modifiers: ['Control'] })]);
    pages.push(tab);
    await tab.waitForLoadState();
    await tab.getByRole('heading', { level: 1, name: new RegExp(tag) }).waitFor();
    expect(tab.url()).toBe(`${url}${item.url}`);
  });
});

describe('want lists', () => {
  it.each(SIZES)('on a %s: Notify me on a sold-out item, a title want, and the admin sees the demand', async (name, viewport) => {
    const admin = await logIn(url, ADMIN.email, ADMIN.password);
    const customer = await signUpCustomer(url, 'Wanda', 'Collector', `wanda.${name}.${Date.now()}@example.com`);
    const soldOut = await call<{ comic: { _id: string; url: string } }>(url, 'POST', '/add-stock', {
      token: admin.token,
      body: {
        itemType: 'comic',
        periodType: 'back-issue',
        comicId: `${tag}S${name[0]}`,
        mainDescription: `Gone ${tag} #1`,
        srp: 500,
        number: 0,
      },
    });
    expect(soldOut.status).toBe(201);
    const page = await pageAs(browser, customer, viewport);
    pages.push(page);
    await page.goto(`${url}${soldOut.body.comic.url}`);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByText('We will email you when it is back.').waitFor();
    await shot(page, `notify-me-${name}`);

    await page.goto(`${url}/account-want-list`);
    await page.getByLabel('Title').fill(`Wanted ${tag}`);
    await page.getByLabel('Issue number').fill('7');
    await page.getByLabel('Minimum grade').selectOption('9.4');
    await page.getByRole('button', { name: 'Add to want list' }).click();
    const list = page.getByRole('list', { name: 'Your wants' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await list.getByRole('listitem').first().textContent()).toContain(`Wanted ${tag} #7, NM 9.4 or better`);
    await shot(page, `want-list-${name}`);

    const adminPage = await pageAs(browser, admin, viewport);
    pages.push(adminPage);
    await adminPage.goto(`${url}/admin-want-demand`);
    await adminPage.getByRole('cell', { name: `Wanted ${tag}` }).waitFor();
    await shot(adminPage, `want-demand-${name}`);
  });
});
