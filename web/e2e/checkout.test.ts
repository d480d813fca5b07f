import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { keepScreenshot, launchBrowser, newPage as openPage, seriousA11yViolations, watchCspViolations } from './browser.ts';
import { BRISBANE, shop } from './shop.ts';
import {
  ADMIN,
  addBatch,
  addStockItem,
  eventually,
  logIn,
  ok,
  signUpCustomer,
  uniqueTag,
  type Session,
  type StockItem,
} from './adminKit.ts';

/**
 * The checkout as issue 16 left it: each step checks its own fields, a signed-in customer's new
 * address is saved by Next, a declined card reopens the checkout at payment, the dialog fits the
 * screen, credit is shown, and a paid order opens its confirmation page.
 */

const url = inject('shopUrl');
const mailUrl = inject('mailUrl');
let browser: Browser;
let admin: Session;
let batchId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await logIn(url, ADMIN.email, ADMIN.password);
  batchId = (await addBatch(url, admin, { name: `Checkout ${uniqueTag('')}`, publishDate: '2001-01-01' }))._id;
});
afterAll(async () => browser?.close());

let pages: Page[] = [];
async function newPage(viewport = { width: 1366, height: 850 }, session: Session | null = null): Promise<Page> {
  const page = await openPage(browser, viewport);
  if (session) {
    await page.context().addInitScript(
      ([token, user]) => {
        localStorage.setItem('accessToken', token as string);
        localStorage.setItem('user', user as string);
      },
      [session.token, JSON.stringify(session.user)],
    );
  }
  pages.push(page);
  return page;
}
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [i, page] of pages.entries())
      await shot(page, `FAILED-${ctx.task.name.slice(0, 40).replace(/[^\w-]+/g, '-')}-${i}`).catch(() => undefined);
  }
  for (const page of pages)
    await page
      .context()
      .close()
      .catch(() => undefined);
  pages = [];
});

const shot = (page: Page, name: string) => keepScreenshot(page, `checkout-${name}`);

/** A $4.95 comic of this flow's own (postage $4.50: $9.45 to pay). */
async function fixtureItem(name: string): Promise<StockItem> {
  return addStockItem(url, admin, { comicId: uniqueTag('CO'), mainDescription: name, number: 10, priceOverride: 495, batchId });
}

/** Puts these items in a signed-in customer's current order through the API (once the catalogue has them). */
async function orderFor(session: Session, items: StockItem[]): Promise<void> {
  await eventually(
    'the items in the order',
    async () => {
      const { order } = await ok<{ order: { _id: string } }>(url, 'GET', '/current-order', { token: session.token });
      const updated = await ok<{ order: { orderItems: unknown[] } }>(url, 'PUT', `/update-order/${order._id}`, {
        token: session.token,
        body: { ...order, tempAuthorisation: '', orderItems: items.map((i) => ({ _id: i._id, quantity: 1 })) },
      });
      return updated.order.orderItems.length === items.length;
    },
    30_000,
  );
}

async function newCustomer(name: string): Promise<Session> {
  return signUpCustomer(url, name, 'Tester', `${name.toLowerCase()}.${uniqueTag('')}@example.com`.toLowerCase());
}

async function openCheckout(page: Page): Promise<Locator> {
  await page
    .getByRole('button', { name: /Proceed to (Payment|Shipping)/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.waitFor();
  return dialog;
}

/** Ticks "Billing address same as shipping" (a new order starts without it). */
async function billingSameAsShipping(dialog: Locator): Promise<void> {
  const box = dialog.getByRole('checkbox', { name: 'Billing address same as shipping' });
  if ((await box.getAttribute('aria-checked')) !== 'true') await box.click();
  await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');
}

/** The rows of a totals list (label -> value). */
async function totals(scope: Locator): Promise<Record<string, string>> {
  const rows = await scope
    .locator('.totals .totals__row')
    .evaluateAll((els) =>
      els.map((el) => [el.querySelector('dt')?.textContent?.trim() ?? '', el.querySelector('dd')?.textContent?.trim() ?? '']),
    );
  return Object.fromEntries(rows);
}

/** Whether the element is wholly inside the viewport. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height + 0.5 && box.x + box.width <= size.width + 0.5;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}
async function mailTo(address: string, subject: RegExp): Promise<Mail> {
  return eventually(
    `an email to ${address}`,
    async () => {
      const messages = (await (await fetch(`${mailUrl}/api/messages`)).json()) as Mail[];
      return messages.find((m) => m.to.includes(address) && subject.test(m.subject));
    },
    30_000,
  );
}

describe.each([
  [1366, 850],
  [390, 844],
])('a signed-in customer with no saved address at %i x %i', (width, height) => {
  it('fills the new-address form in the shipping step and presses Next: told what is missing, then saved and used', async () => {
    const customer = await newCustomer(`Noaddr${width}`);
    await orderFor(customer, [await fixtureItem(`New Address Comic ${width}`)]);
    const page = await newPage({ width, height }, customer);
    await page.goto(`${url}/account-orders`);
    const dialog = await openCheckout(page);
    await dialog.getByRole('heading', { name: 'Shipping address' }).waitFor();

    // Next with the form empty: each missing field says so; nothing asks to "choose" an address.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Given name is required').waitFor();
    for (const message of [
      'Family name is required',
      'Address is required',
      'Suburb is required',
      'State is required',
      'Postcode is required',
    ]) {
      expect(await dialog.getByText(message).count(), message).toBe(1);
    }
    expect(await dialog.getByText('Please choose an address.').count()).toBe(0);
    await shot(page, `noaddr-missing-${width}`);

    // A postcode outside the state's ranges is refused at this step.
    await shop.fillAddress(dialog, { ...BRISBANE, postalCode: '6000' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Postcode 6000 is not in QLD (QLD postcodes are 4000–4999, 9000–9999)').waitFor();
    expect(await dialog.getByRole('heading', { name: 'Shipping address' }).count()).toBe(1);

    await dialog.getByLabel('Postcode').fill(BRISBANE.postalCode);
    await billingSameAsShipping(dialog);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('heading', { name: 'Continue to Payment' }).waitFor();
    expect(await dialog.locator('.checkout__review').textContent()).toContain('1 Queen Street');
    await shot(page, `noaddr-payment-${width}`);

    // The address was saved to the account and is the chosen one: no stale complaint under it.
    await dialog.getByRole('button', { name: 'Change shipping address' }).click();
    await dialog.getByRole('heading', { name: 'Shipping address' }).waitFor();
    expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(1);
    expect(await dialog.getByText('Please choose an address.').count()).toBe(0);
    const { user } = await ok<{ user: { addresses: { addressLine1: string }[] } }>(url, 'POST', '/login', {
      body: { email: customer.user.email, password: 'a-good-password' },
    });
    expect(user.addresses.map((a) => a.addressLine1)).toEqual(['1 Queen Street']);
  });
});

describe('a signed-in customer saving a new address with "Save new address"', () => {
  it('leaves no red "Please choose an address." under the address then selected', async () => {
    const customer = await newCustomer('Saver');
    await orderFor(customer, [await fixtureItem('Saver Comic')]);
    const page = await newPage({ width: 1366, height: 850 }, customer);
    await page.goto(`${url}/account-orders`);
    const dialog = await openCheckout(page);
    // Next first, with nothing chosen and the form empty: the form says what is missing.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Given name is required').waitFor();
    await shop.fillAddress(dialog, BRISBANE);
    await dialog.getByRole('button', { name: 'Save new address' }).click();
    await shop.closeNotice(page, 'Addresses updated');
    await expect.poll(() => dialog.getByRole('radio', { checked: true }).count()).toBe(1);
    expect(await dialog.getByText('Please choose an address.').count()).toBe(0);
    await shot(page, 'saver-selected');
    await billingSameAsShipping(dialog);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('heading', { name: 'Continue to Payment' }).waitFor();
  });
});

describe('a guest checkout', () => {
  it('checks each step, reopens at payment after a declined card, and opens the confirmation page after paying', async () => {
    const page = await newPage({ width: 1366, height: 850 });
    const refused = watchCspViolations(page);
    const response = await page.goto(`${url}/new-comics`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self' https://web.squarecdn.com");
    await shop.addFirstTiles(page, 2);
    const dialog = await openCheckout(page);

    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Email is required').waitFor();
    expect(await dialog.getByText('Given name is required').count()).toBe(1);
    await dialog.getByLabel('Email').fill('not-an-email');
    await shop.fillAddress(dialog, { ...BRISBANE, suburb: 'Perth', postalCode: 'abcd' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Invalid email address').waitFor();
    expect(await dialog.getByText('Postcode must be 4 digits').count()).toBe(1);
    await shot(page, 'guest-step-errors');
    const email = `guest.${uniqueTag('')}@example.com`.toLowerCase();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Suburb').fill(BRISBANE.suburb);
    await dialog.getByLabel('Postcode').fill(BRISBANE.postalCode);
    await billingSameAsShipping(dialog);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('heading', { name: 'Continue to Payment' }).waitFor();
    // The payment step lists what is being bought.
    const lines = dialog.getByRole('list', { name: 'Items you are buying' }).getByRole('listitem');
    expect(await lines.count()).toBe(2);
    expect((await totals(dialog)).Subtotal).toMatch(/^\$\d+\.\d\d$/);
    await dialog.getByText('Test mode: this shop takes no real payments; use a test card below.').waitFor();

    await shop.payWithTestCard(dialog, '4000 0000 0000 0002');
    expect((await shop.notice(page)).title).toBe('Failure');
    await shop.closeNotice(page);
    // After the reload the checkout is open again at payment, the address kept.
    const again = page.getByRole('dialog', { name: 'Checkout' });
    await again.getByRole('heading', { name: 'Continue to Payment' }).waitFor({ timeout: 20_000 });
    const review = (await again.locator('.checkout__review').textContent()) ?? '';
    expect(review).toContain('1 Queen Street');
    expect(review).toContain(email);
    await shot(page, 'guest-reopened-at-payment');

    await shop.payWithTestCard(again, '4111 1111 1111 1111');
    expect((await shop.notice(page)).title).toBe('Success');
    // Behind the notice nothing flips to "all paid".
    expect(await page.locator('.checkout').textContent()).not.toContain('All paid!');
    expect(await page.locator('button', { hasText: 'Proceed to Shipping' }).count()).toBe(0);
    await shot(page, 'guest-success-notice');
    await shop.closeNotice(page);

    await page.waitForURL(/\/order-confirmation\/\d+\?token=[\w-]+$/, { timeout: 20_000 });
    const heading = page.getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is confirmed$/ });
    await heading.waitFor();
    const number = ((await heading.textContent()) ?? '').match(/#(\d+)/)![1]!;
    const main = page.getByRole('main');
    expect(
      await main
        .getByRole('list', { name: `Items of order ${number}` })
        .getByRole('listitem')
        .count(),
    ).toBe(2);
    const rows = await totals(main);
    expect(Object.keys(rows)).toEqual(['Subtotal', 'Postage', 'Paid']);
    const text = (await main.textContent()) ?? '';
    expect(text).toContain('1 Queen Street');
    expect(text).toContain('What happens next');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The whole checkout, card form included, ran under the page policy without a refusal.
    expect(refused).toEqual([]);
    await shot(page, 'guest-confirmation');
    await expect.poll(() => shop.itemCount(page)).toBe(0);

    // The confirmation email links to the same page, which opens for anyone holding the link.
    const mail = await mailTo(email, new RegExp(`Order #${number} confirmed`));
    const link = mail.text.match(/View your order: (\S+)/)?.[1];
    expect(link).toMatch(new RegExp(`/order-confirmation/${number}\\?token=[\\w-]+$`));
    const stranger = await newPage({ width: 390, height: 844 });
    await stranger.goto(`${url}${new URL(link!).pathname}${new URL(link!).search}`);
    await stranger.getByRole('heading', { level: 1, name: `Thank you! Order #${number} is confirmed` }).waitFor();
    await shot(stranger, 'guest-confirmation-from-email-phone');
    await stranger.goto(`${url}/order-confirmation/${number}`);
    await stranger.getByText('We could not find this order.').waitFor();
  });
});

describe.each([
  [1366, 768],
  [1366, 850],
  [390, 844],
])('the checkout dialog at %i x %i', (width, height) => {
  it('fits: title, close and the step buttons stay in view', async () => {
    const page = await newPage({ width, height });
    await page.goto(`${url}/new-comics`);
    await shop.addFirstTiles(page, 3);
    if (width < 500) {
      await page.getByRole('button', { name: /^Your Order, 3 items/ }).click();
      await page
        .getByRole('dialog', { name: 'Your Order' })
        .getByRole('button', { name: /Proceed to Payment/ })
        .click();
    } else {
      await page
        .getByRole('button', { name: /Proceed to Payment/ })
        .first()
        .click();
    }
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.getByRole('heading', { name: 'Shipping address' }).waitFor();
    const title = dialog.getByRole('heading', { name: 'Checkout' });
    const close = dialog.getByRole('button', { name: 'Close' });
    await expect.poll(() => inView(page, dialog.getByRole('button', { name: 'Next' })), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => inView(page, title), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => inView(page, close), { timeout: 15_000 }).toBe(true);
    await shot(page, `fit-shipping-${width}x${height}`);

    await dialog.getByLabel('Email').fill('guest.fit@example.com');
    await shop.fillAddress(dialog, BRISBANE);
    await billingSameAsShipping(dialog);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('heading', { name: 'Continue to Payment' }).waitFor();
    const pay = dialog.getByRole('button', { name: /^Pay \$/ });
    await expect.poll(() => inView(page, pay), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => inView(page, dialog.getByRole('button', { name: 'Back' })), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => inView(page, title), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => inView(page, close), { timeout: 15_000 }).toBe(true);
    await shot(page, `fit-payment-${width}x${height}`);
    // Scrolled to its end, the title and close are still there.
    await dialog.locator('.dialog__body').evaluate((el) => el.scrollTo({ top: el.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => inView(page, title), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => inView(page, close), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => inView(page, pay), { timeout: 15_000 }).toBe(true);
  });
});

describe('store credit', () => {
  it('shows $20 of credit before and $10.55 carried forward on a $9.45 order, the credit used after, and in the email', async () => {
    const customer = await newCustomer('Credit');
    await ok(url, 'POST', '/user-send-credit', {
      token: admin.token,
      body: { targetUserId: customer.user._id, amount: '20', description: 'Sorry for the wait' },
    });
    const page = await newPage({ width: 1366, height: 850 }, customer);

    // An empty order: the balance shows on the panel and on Your Orders.
    await page.goto(`${url}/account-orders`);
    const panel = page.locator('.order-panel').first();
    await expect.poll(async () => (await totals(panel))['Credit from before']).toBe('$20.00');
    expect(await totals(panel)).toMatchObject({ 'Credit carried forward': '$20.00', 'To pay': '$0.00' });
    expect(await page.getByText(/Your store credit: \$20\.00/).count()).toBe(1);
    await shot(page, 'credit-empty-order');

    const item = await fixtureItem('Credit Comic');
    await orderFor(customer, [item]);
    await page.reload();
    await expect.poll(async () => (await totals(panel)).Subtotal).toBe('$4.95');
    expect(await totals(panel)).toMatchObject({
      Postage: '$4.50',
      'Credit from before': '$20.00',
      'Credit used': '−$9.45',
      'Credit carried forward': '$10.55',
      'To pay': '$0.00',
    });
    await shot(page, 'credit-order-panel');

    const dialog = await openCheckout(page);
    await shop.fillAddress(dialog, BRISBANE);
    await billingSameAsShipping(dialog);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('heading', { name: 'Confirmation' }).waitFor();
    await dialog.getByText('All paid!').waitFor();
    await dialog.getByRole('button', { name: 'Complete' }).click();
    expect((await shop.notice(page)).title).toBe('Success');
    await shop.closeNotice(page);
    await page.waitForURL(/\/order-confirmation\/\d+(\?token=[\w-]+)?$/, { timeout: 20_000 });
    const heading = page.getByRole('heading', { level: 1, name: /is confirmed$/ });
    await heading.waitFor();
    const number = ((await heading.textContent()) ?? '').match(/#(\d+)/)![1]!;
    expect(await totals(page.getByRole('main'))).toMatchObject({
      Subtotal: '$4.95',
      Postage: '$4.50',
      'Credit used': '−$9.45',
      Paid: '$0.00',
    });
    await shot(page, 'credit-confirmation');

    // Your Orders: the balance left, and the order's card with the credit it used, and its confirmation link.
    await page.goto(`${url}/account-orders`);
    const card = page.getByRole('article', { name: `Order ${number}` });
    await card.waitFor({ timeout: 20_000 });
    const facts = Object.fromEntries(
      await card
        .locator('.order-card__facts > div')
        .evaluateAll((els) => els.map((el) => [el.querySelector('dt')?.textContent?.trim(), el.querySelector('dd')?.textContent?.trim()])),
    );
    expect(facts).toMatchObject({ Subtotal: '$4.95', Postage: '$4.50', 'Credit used': '$9.45', Paid: '$0.00' });
    await expect.poll(() => page.getByText(/Your store credit: \$10\.55/).count()).toBe(1);
    await shot(page, 'credit-your-orders');
    await card.getByRole('link', { name: `View order confirmation for order #${number}` }).click();
    await page.waitForURL(new RegExp(`/order-confirmation/${number}$`));
    await page.getByRole('heading', { level: 1, name: `Thank you! Order #${number} is confirmed` }).waitFor();

    // The admin's order card shows the credit used too.
    const adminPage = await newPage({ width: 1366, height: 850 }, admin);
    await adminPage.goto(`${url}/admin-order-list`);
    await adminPage.getByLabel('Filter by number, name, email or tracking').fill(number);
    const adminCard = adminPage.getByRole('article', { name: `Order ${number}` });
    await adminCard.waitFor({ timeout: 20_000 });
    expect(await adminCard.textContent()).toMatch(/Credit used\s*\$9\.45/);
    await shot(adminPage, 'credit-admin-card');

    // The emails agree with the screens.
    expect((await mailTo(customer.user.email, /store credit/i)).text).toContain('$20.00');
    const confirmation = await mailTo(customer.user.email, new RegExp(`Order #${number} confirmed`));
    expect(confirmation.text).toContain('Store credit used: -$9.45');
    expect(confirmation.text).toContain('Total paid: $0.00');
  });
});

describe('axe on the confirmation page', () => {
  it('finds no serious or critical violation at 390 x 844', async () => {
    const customer = await newCustomer('Axe');
    await orderFor(customer, [await fixtureItem('Axe Comic')]);
    const { order } = await ok<{ order: Record<string, unknown> & { _id: string; toPay: number } }>(url, 'GET', '/current-order', {
      token: customer.token,
    });
    const updated = await ok<{ order: Record<string, unknown> & { _id: string; toPay: number } }>(
      url,
      'PUT',
      `/update-order/${order._id}`,
      {
        token: customer.token,
        body: { ...order, tempAuthorisation: '', shippingAddress: BRISBANE, shippingIsSameAsBilling: true },
      },
    );
    const done = await ok<{ order: { publicId: number } }>(url, 'PUT', `/complete-order/${order._id}`, {
      token: customer.token,
      body: {
        ...updated.order,
        tempAuthorisation: '',
        latestTransaction: { value: String(updated.order.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' },
      },
    });
    const page = await newPage({ width: 390, height: 844 }, customer);
    await page.goto(`${url}/order-confirmation/${done.order.publicId}`);
    await page.getByRole('heading', { level: 1, name: `Thank you! Order #${done.order.publicId} is confirmed` }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'axe-confirmation-phone');
  });
});
