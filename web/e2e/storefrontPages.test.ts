import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keepScreenshot, launchBrowser, newPage as openPage, seriousA11yViolations } from './browser.ts';
import { ADMIN, addStockItem, call, coverPng, escapeRegExp, eventually, logIn, pageAs, uniqueTag } from './adminKit.ts';

/*
 * Issue 16, the parts a new shopper meets outside checkout: the sign-up password rules, tiles that
 * tell covers apart, images that exist, the search screen (Back, common searches, sort and
 * publisher) and the shop's information pages with their footer links.
 */

const url = inject('shopUrl');
const DESKTOP = { width: 1366, height: 850 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

let current: Page | null = null;
async function newPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  current = await openPage(browser, viewport);
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

/** A screenshot to look at, test-artifacts/pages-{name}.png, once dialogs and buttons have finished fading in. */
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
  await keepScreenshot(page, `pages-${name}`, fullPage);
}

describe('sign-up password', () => {
  it.each(SIZES)('on a %s: at least 8 characters, with the indicators the reset shows', async (name, viewport) => {
    const page = await newPage(viewport);
    await page.goto(`${url}/`);
    if (viewport.width < 500) {
      // A phone has Sign Up in the menu.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign Up' }).click();
    } else {
      await page.locator('.auth-buttons').getByRole('button', { name: 'Sign Up' }).click();
    }
    const signup = page.getByRole('dialog', { name: 'Sign Up' });
    await signup.waitFor();
    await signup.getByLabel('Given name').fill('Mary');
    await signup.getByLabel('Family name').fill('Shelley');
    await signup.getByLabel('Email').fill(`short.${name}.${Date.now()}@example.com`);
    await signup.getByLabel('Password', { exact: true }).fill('a');
    await signup.getByLabel('Confirm password').fill('a');
    const rules = signup.getByRole('list', { name: 'Password rules' });
    await expect
      .poll(() => rules.getByRole('listitem').allTextContents())
      .toEqual(['At least 8 characters (not met)', 'Passwords match (met)']);
    const button = signup.getByRole('button', { name: 'Sign Up' });
    expect(await button.isDisabled()).toBe(true);
    await shot(page, `signup-short-${name}`);

    await signup.getByLabel('Password', { exact: true }).fill('a-good-password');
    await expect
      .poll(() => rules.getByRole('listitem').allTextContents())
      .toEqual(['At least 8 characters (met)', 'Passwords match (not met)']);
    expect(await button.isDisabled()).toBe(true);
    await signup.getByLabel('Confirm password').fill('a-good-password');
    await expect
      .poll(() => rules.getByRole('listitem').allTextContents())
      .toEqual(['At least 8 characters (met)', 'Passwords match (met)']);
    await expect.poll(() => button.isDisabled()).toBe(false);
    await shot(page, `signup-good-${name}`);
    await button.click();
    await page.getByRole('alertdialog').filter({ hasText: 'You have successfully signed up' }).waitFor();
  });

  it('the server refuses a password under 8 characters with a 400 and a message, and makes no account', async () => {
    const email = `server.short.${Date.now()}@example.com`;
    const body = { givenName: 'Mary', familyName: 'Shelley', email };
    const short = await call(url, 'POST', '/sign-up-user', { body: { ...body, password: '1234567', passwordConfirm: '1234567' } });
    expect(short).toEqual({ status: 400, body: { message: 'Password must be at least 8 characters' } });
    const login = await call(url, 'POST', '/login', { body: { email, password: '1234567' } });
    expect(login.status).toBe(401);
  });
});

interface TileFacts {
  title: string;
  variant: string;
  add: string;
}
const tileFacts = (page: Page, grid: string): Promise<TileFacts[]> =>
  page
    .getByRole('list', { name: grid })
    .locator('.tile')
    .evaluateAll((tiles) =>
      tiles.map((tile) => ({
        title: tile.querySelector('.tile__title')?.textContent?.trim() ?? '',
        variant: tile.querySelector('.tile__variant')?.textContent?.trim() ?? '',
        // The Add button's name and its description, as a screen reader says them.
        add: (() => {
          const button = tile.querySelector('.add-btn');
          if (!button) return '';
          const described = (button.getAttribute('aria-describedby') ?? '')
            .split(/\s+/)
            .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
            .join(' ');
          return `${button.getAttribute('aria-label') ?? ''} ${described}`.trim();
        })(),
      })),
    );

describe('tiles show the variant', () => {
  it.each(SIZES)(
    'on a %s: no two tiles of New Comics show the same title and variant, and the preview names it',
    async (name, viewport) => {
      const page = await newPage(viewport);
      await page.goto(`${url}/new-comics`);
      const grid = page.getByRole('list', { name: /New Comics/i });
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(60);
      const facts = await tileFacts(page, 'New Comics');
      const shown = facts.map((f) => `${f.title} | ${f.variant}`);
      expect(new Set(shown).size).toBe(shown.length);
      const named = facts.map((f) => f.add).filter(Boolean);
      expect(new Set(named).size).toBe(named.length);
      // Several covers of one issue are there, each with its variant on the tile.
      const titles = facts.map((f) => f.title);
      const repeated = titles.find((t, i) => titles.indexOf(t) !== i);
      expect(repeated).toBeDefined();
      expect(facts.filter((f) => f.title === repeated && f.variant).length).toBeGreaterThanOrEqual(1);
      await grid.locator('.tile__variant').first().scrollIntoViewIfNeeded();
      await shot(page, `tiles-variants-${name}`);

      const withVariant = facts.find((f) => f.variant)!;
      await grid
        .getByRole('listitem')
        .filter({ has: page.locator('.tile__variant', { hasText: new RegExp(`^${escapeRegExp(withVariant.variant)}$`) }) })
        .filter({ has: page.getByRole('link', { name: withVariant.title, exact: true }) })
        .first()
        .getByRole('link', { name: withVariant.title, exact: true })
        .click();
      const preview = page.getByRole('dialog', { name: withVariant.title });
      await preview.waitFor();
      expect(await preview.textContent()).toContain(withVariant.variant);
      // The cover (or its no-image placeholder) is named with the variant.
      expect(
        await preview
          .getByRole('img', { name: new RegExp(`^Cover of ${escapeRegExp(`${withVariant.title} (${withVariant.variant})`)}`) })
          .count(),
      ).toBe(1);
      await shot(page, `preview-variant-${name}`);
    },
  );
});

describe('images', () => {
  it('every demo item that says it has an image has it, in every browse mode', async () => {
    const modes = [
      { itemType: 'comic', periodType: 'new' },
      { itemType: 'comic', periodType: 'back-issue' },
      { itemType: 'comic', periodType: 'pre-order' },
      { itemType: 'comic', key: true },
    ];
    const missing: string[] = [];
    let checked = 0;
    for (const mode of modes) {
      const { body } = await call<{
        comics: { comicId: string; itemType: string; periodType: string; hasImage: boolean; images: { imageId: string }[] }[];
      }>(url, 'PUT', '/stock/', { body: { ...mode, page: 1, limit: 2000 } });
      for (const item of body.comics.filter((c) => c.hasImage)) {
        const folder =
          item.itemType !== 'comic' ? 'games' : item.periodType === 'new' || item.periodType === 'pre-order' ? 'diamond' : 'backissues';
        for (const id of [item.comicId, ...item.images.map((i) => i.imageId)]) {
          checked++;
          const res = await fetch(`${url}/images/${folder}/${id}.webp`);
          await res.arrayBuffer();
          if (res.status !== 200) missing.push(`${folder}/${id} ${res.status}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });

  it("Images Check finds an item whose extra image is gone and fixes it: the shopper's preview asks for no missing image", async () => {
    const admin = await logIn(url, ADMIN.email, ADMIN.password);
    const tag = uniqueTag('IMG');
    const title = `Lost Image ${tag} #1`;
    const item = await addStockItem(url, admin, { comicId: tag, mainDescription: title, number: 3, priceOverride: 700 });
    const png = await coverPng('#2a6');
    for (const imageId of ['', `${tag}-2`]) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
      const res = await fetch(`${url}/api/stock-image/${item._id}${imageId ? `?imageId=${imageId}` : ''}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      });
      expect(res.status).toBe(200);
    }
    // The extra image is lost from storage (the stack's own image folder).
    const imagesDir = path.resolve('.data', 'stacks', process.env.E2E_DATABASE ?? 'comicshop_e2e', 'images');
    await unlink(path.join(imagesDir, 'diamond', `${tag}-2.webp`));

    const adminPage = await pageAs(browser, admin);
    current = adminPage;
    await adminPage.goto(`${url}/admin-stock-images`);
    await adminPage
      .getByRole('status')
      .filter({ hasText: /needs? an image/ })
      .waitFor({ timeout: 30_000 });
    await eventually('the Images Check lists the item', async () => (await adminPage.getByText(title).count()) > 0, 30_000);
    await shot(adminPage, 'images-check-admin');
    await adminPage.context().close();

    const page = await newPage();
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/images/') && res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    });
    await eventually(
      'the shopper sees the item with only its stored image',
      async () => {
        const { body } = await call<{ comics: { _id: string; images: unknown[]; hasImage: boolean }[] }>(
          url,
          'POST',
          `/search-stock/${tag}`,
          {
            body: { tempAuthorisation: crypto.randomUUID() },
          },
        );
        const found = body.comics.find((c) => c._id === item._id);
        return found && found.hasImage && found.images.length === 0;
      },
      30_000,
    );
    await page.goto(`${url}/search/${tag}`);
    await page.getByRole('link', { name: title, exact: true }).click();
    const preview = page.getByRole('dialog', { name: title });
    await preview.waitFor();
    await expect
      .poll(() =>
        preview
          .locator('img.preview__img')
          .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      )
      .toBe(true);
    expect(await preview.getByRole('list', { name: 'More images' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    await shot(page, 'images-preview-fixed');
  });
});

describe('search screen', () => {
  it('the search box empties after Back to a browse screen, and shows the term again after Forward', async () => {
    const page = await newPage();
    await page.goto(`${url}/new-comics`);
    await page
      .getByRole('list', { name: /New Comics/i })
      .getByRole('listitem')
      .first()
      .waitFor();
    const box = page.getByRole('search', { name: 'Search the shop' }).locator('input');
    await box.fill('batman');
    await box.press('Enter');
    await page.waitForURL(/\/search\/batman$/);
    await page
      .getByRole('status')
      .filter({ hasText: /results?$/ })
      .waitFor();
    await page.goBack();
    await page.waitForURL(/\/new-comics$/);
    await expect.poll(() => box.inputValue()).toBe('');
    await shot(page, 'search-back');
    await page.goForward();
    await page.waitForURL(/\/search\/batman$/);
    await expect.poll(() => box.inputValue()).toBe('batman');
  });

  it.each(SIZES)('on a %s, /search shows the common searches without focusing the box, and they search', async (name, viewport) => {
    const page = await newPage(viewport);
    await page.goto(`${url}/search`);
    const main = page.getByRole('main');
    const common = main.getByRole('region', { name: 'Common searches' });
    await common.waitFor();
    const names = await common.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(names).toEqual([
      'Search Marvel',
      'Search Image Comics',
      'Search DC Comics',
      'Search Spider-Man',
      'Search Batman',
      'Search X-Men',
    ]);
    expect(await common.getByRole('button', { name: 'Search Batman' }).isVisible()).toBe(true);
    await shot(page, `search-start-${name}`);
    await common.getByRole('button', { name: 'Search Batman' }).click();
    await page.waitForURL(/\/search\/Batman$/);
    await page.getByRole('list', { name: 'Search results for Batman' }).getByRole('listitem').first().waitFor();
  });

  it.each(SIZES)('on a %s, results sort by price and filter by publisher through the API query string', async (name, viewport) => {
    const page = await newPage(viewport);
    const asked: string[] = [];
    page.on('request', (request) => {
      const address = new URL(request.url());
      if (address.pathname.startsWith('/api/search-stock/')) asked.push(address.search);
    });
    await page.goto(`${url}/search/comics`);
    const count = page.getByRole('status').filter({ hasText: /^[\d,]+ results?$/ });
    await count.waitFor();
    const allCount = await count.textContent();
    const grid = page.getByRole('list', { name: 'Search results for comics' });
    await grid.getByRole('listitem').first().waitFor();
    const controls = page.getByRole('group', { name: 'Sort and filter the results' });
    expect(await controls.getByLabel('Sort by').inputValue()).toBe('relevance');
    expect(await controls.getByLabel('Sort by').locator('option').allTextContents()).toEqual([
      'Relevance',
      'Newest',
      'Price low–high',
      'Price high–low',
      'Best grade first',
    ]);

    const prices = async () =>
      (await grid.locator('.tile__price').allTextContents()).map((t) => Math.round(Number(t.replace(/[^\d.]/g, '')) * 100));
    await controls.getByLabel('Sort by').selectOption('price-asc');
    await page.waitForURL(/sort=price-asc/);
    await expect.poll(() => asked.some((q) => q.includes('sort=price-asc') && q.includes('page=1'))).toBe(true);
    await expect
      .poll(async () => {
        const p = await prices();
        return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1]! <= v);
      })
      .toBe(true);
    await shot(page, `search-price-asc-${name}`);

    await controls.getByLabel('Sort by').selectOption('price-desc');
    await expect
      .poll(async () => {
        const p = await prices();
        return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1]! >= v);
      })
      .toBe(true);

    await controls.getByLabel('Publisher').selectOption('DC Comics');
    await page.waitForURL(/publisher=DC\+Comics|publisher=DC%20Comics/);
    await expect.poll(() => asked.some((q) => /publisher=DC(\+|%20)Comics/.test(q) && q.includes('sort=price-desc'))).toBe(true);
    await expect
      .poll(async () => {
        const publishers = await grid.locator('.tile__publisher').allTextContents();
        return publishers.length > 0 && publishers.every((p) => p === 'DC Comics');
      })
      .toBe(true);
    await expect.poll(() => count.textContent()).not.toBe(allCount);
    await shot(page, `search-dc-${name}`);

    // Back to relevance and all publishers: the default query string again.
    await controls.getByLabel('Publisher').selectOption('');
    await controls.getByLabel('Sort by').selectOption('relevance');
    await page.waitForURL(/\/search\/comics$/);
    await expect.poll(() => count.textContent()).toBe(allCount);
  });
});

describe('shop information pages', () => {
  const PAGES = [
    [
      'Shipping',
      '/shipping',
      'Shipping and pickup',
      [/Australia Post/, /4075/, /Letter, \$4\.50/, /Parcel, \$30\.50/, /\$15\.00 or more/, /within 2 business days/],
    ],
    ['Returns', '/returns', 'Returns and refunds', [/Australian Consumer Law/, /major failure/, /refund/, /Change of mind/, /14 days/]],
    [
      'Privacy',
      '/privacy',
      'Privacy policy',
      [
        /Privacy Act 1988/,
        /Australian Privacy Principles/,
        /Square/,
        /Australia Post/,
        /eBay/,
        /correct/,
        /OAIC|Australian Information Commissioner/,
      ],
    ],
    ['Contact', '/contact', 'Contact us', [/4075/, /Tuesday to Friday/, /10 am – 5 pm/, /@/]],
  ] as const;

  it.each(SIZES)('on a %s, the footer links each page, which says what an Australian shop must', async (name, viewport) => {
    const page = await newPage(viewport);
    await page.goto(`${url}/`);
    for (const [link, path, heading, says] of PAGES) {
      const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Shop information' });
      await footer.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(new RegExp(`${path}$`));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const text = (await page.getByRole('main').textContent()) ?? '';
      for (const pattern of says) expect(text).toMatch(pattern);
      expect(await page.title()).toMatch(new RegExp(`- ${link === 'Returns' ? 'Returns and refunds' : link}$`));
      await shot(page, `page-${path.slice(1)}-${name}`, true);
    }
  });

  it.each(['/', '/new-comics', '/search', '/search/batman', '/account-orders', '/about-us'])(
    'the footer links all four pages on %s',
    async (where) => {
      const page = await newPage();
      await page.goto(`${url}${where}`);
      const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Shop information' });
      await footer.waitFor();
      for (const [link, path] of PAGES) expect(await footer.getByRole('link', { name: link, exact: true }).getAttribute('href')).toBe(path);
    },
  );

  it('About Us gives the hours and contact details', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${url}/about-us`);
    await page.getByRole('heading', { name: 'Opening hours' }).waitFor();
    const hours = page.getByRole('table', { name: /Opening hours/ });
    expect(await hours.textContent()).toMatch(/Tuesday to Friday.*10 am – 5 pm/);
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    expect(await main.getByRole('link', { name: 'contact page' }).getAttribute('href')).toBe('/contact');
    await shot(page, 'about-us-phone', true);
  });

  it.each([
    ['/shipping', 'Shipping and pickup'],
    ['/returns', 'Returns and refunds'],
    ['/privacy', 'Privacy policy'],
    ['/contact', 'Contact us'],
    ['/about-us', 'About Us'],
    ['/search', 'Search'],
  ])('axe finds no serious or critical violation on %s', async (where, heading) => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await newPage(viewport);
      await page.goto(`${url}${where}`);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.context().close();
      current = null;
    }
  });
});
