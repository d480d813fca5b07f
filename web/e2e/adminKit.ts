import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { newPage } from './browser.ts';

/**
 * The admin flows' helpers: calls to the running shop (to set up a flow's own data: customers,
 * stock, paid orders) and the steps every admin flow takes in the browser.
 */

export const ADMIN = { email: 'admin@comicshop.local', password: 'admin-password' };

export interface Session {
  token: string;
  user: { _id: string; email: string; givenName?: string; familyName?: string; admin: boolean };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call to the shop's API; answers the status and the parsed body. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: Method,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** A call that must succeed (2xx): its body. */
export async function ok<T = Record<string, unknown>>(
  base: string,
  method: Method,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<T> {
  const res = await call<T>(base, method, path, options);
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

const logins = new Map<string, Promise<Session>>();

/** Logs in once per email and base (the login call is rate limited per address and email). */
export function logIn(base: string, email: string, password: string): Promise<Session> {
  const key = `${base}|${email}`;
  let session = logins.get(key);
  if (!session) {
    session = ok<{ authorisationKey: string; user: Session['user'] }>(base, 'POST', '/login', { body: { email, password } }).then((b) => ({
      token: b.authorisationKey,
      user: b.user,
    }));
    session.catch(() => logins.delete(key));
    logins.set(key, session);
  }
  return session;
}

/** A unique tag for a flow's names (letters and digits, so the search reads it as one word). */
export function uniqueTag(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

/** A new customer account, signed up through the API. */
export async function signUpCustomer(base: string, givenName: string, familyName: string, email: string): Promise<Session> {
  const password = 'a-good-password';
  const body = await ok<{ authorisationKey: string; user: Session['user'] }>(base, 'POST', '/sign-up-user', {
    body: { givenName, familyName, email, password, passwordConfirm: password },
  });
  return { token: body.authorisationKey, user: body.user };
}

export interface StockItem {
  _id: string;
  comicId: string;
  mainDescription: string;
  number: number;
  price: number;
}

/** A new-comic stock item added through the admin API (no batch unless given). */
export async function addStockItem(
  base: string,
  admin: Session,
  item: { comicId: string; mainDescription: string; number: number; priceOverride: number; publisher?: string; batchId?: string | null },
): Promise<StockItem> {
  const body = await ok<{ comic: StockItem }>(base, 'POST', '/add-stock', {
    token: admin.token,
    body: { itemType: 'comic', periodType: 'new', initialQuantity: item.number, publisher: 'Image Comics', batchId: null, ...item },
  });
  return body.comic;
}

interface OrderBody {
  _id: string;
  publicId: number;
  toPay: number;
  orderItems: { _id: string; quantity: number }[];
  [key: string]: unknown;
}

/** A guest's order of these items, paid by test card, for local pickup: it waits for postage. */
export async function paidGuestOrder(base: string, email: string, items: { stockId: string; quantity: number }[]): Promise<OrderBody> {
  const tempAuthorisation = crypto.randomUUID();
  const { order } = await ok<{ order: OrderBody }>(base, 'POST', '/current-order', { body: { tempAuthorisation } });
  // An item added a moment ago is in the catalogue once the projector has it: until then the shop
  // leaves it out of the order (with a notice), so the order is asked for again until it has every line.
  const updated = await eventually('the order with every line', async () => {
    const answer = await ok<{ order: OrderBody }>(base, 'PUT', `/update-order/${order._id}`, {
      body: {
        ...order,
        tempAuthorisation,
        orderItems: items.map((i) => ({ _id: i.stockId, quantity: i.quantity })),
        shippingIsPickup: true,
        email,
      },
    });
    const lines = answer.order.orderItems;
    return items.every((i) => lines.some((l) => l._id === i.stockId && l.quantity === i.quantity)) && answer;
  });
  const done = await ok<{ order: OrderBody }>(base, 'PUT', `/complete-order/${order._id}`, {
    body: {
      ...updated.order,
      tempAuthorisation,
      latestTransaction: { value: String(updated.order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' },
    },
  });
  return done.order;
}

/** Polls until the check answers something truthy (the read models follow the events within moments). */
export async function eventually<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A fresh browser context logged in as this account (localStorage, as the Login dialog leaves it). */
export async function pageAs(browser: Browser, session: Session | null, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser, viewport);
  if (session) {
    await page.context().addInitScript(
      ([token, user]) => {
        localStorage.setItem('accessToken', token as string);
        localStorage.setItem('user', user as string);
      },
      [session.token, JSON.stringify(session.user)],
    );
  }
  return page;
}

/** The notice on screen (role alertdialog): checks its title and message, then closes it with OK. */
export async function dismissNotice(page: Page, title: string, message?: RegExp): Promise<string> {
  const notice = page.getByRole('alertdialog');
  await notice.waitFor();
  const heading = (await notice.getByRole('heading').first().textContent())?.trim();
  const text = (await notice.textContent()) ?? '';
  expect(heading, `notice: ${text}`).toBe(title);
  if (message) expect(text).toMatch(message);
  await notice.getByRole('button', { name: 'OK' }).click();
  await notice.waitFor({ state: 'detached' });
  return text;
}

/** The number on the header's Admin icon, read from its accessible name ('Admin, 3 orders need posting'). */
export async function postingBadgeCount(page: Page): Promise<number> {
  const link = page.getByRole('banner').getByRole('link', { name: /^Admin(,|$)/ });
  const label = (await link.getAttribute('aria-label')) ?? '';
  const m = label.match(/^Admin, (\d+) orders? needs? posting$/);
  return m ? Number(m[1]) : 0;
}

/** The visible badge text on the header's Admin icon ('' when there is none). */
export async function postingBadgeText(page: Page): Promise<string> {
  const badge = page
    .getByRole('banner')
    .getByRole('link', { name: /^Admin(,|$)/ })
    .locator('.badge');
  return (await badge.count()) ? ((await badge.textContent()) ?? '').trim() : '';
}

/** Whether an <img> has loaded a real picture (not the no-image placeholder, not a broken image). */
export async function imageLoaded(img: Locator): Promise<boolean> {
  if ((await img.count()) === 0) return false;
  return img.first().evaluate((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0);
}

/** A batch added through the admin API (the flows' own stock goes in one with an old publish date, so it sorts last on the storefront). */
export async function addBatch(
  base: string,
  admin: Session,
  batch: { name: string; publishDate: string; hideHomePage?: boolean },
): Promise<{ _id: string; name: string }> {
  const body = await ok<{ batch: { _id: string; name: string } }>(base, 'POST', '/add-batch', {
    token: admin.token,
    body: { type: 'diamond', hideHomePage: true, ...batch },
  });
  return body.batch;
}

/** A small PNG cover (sharp, as the server uses). */
export async function coverPng(colour = '#c33'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 40, height: 60, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A date input's value, `days` from today (local time, as the date input shows it). */
export function dateInDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
