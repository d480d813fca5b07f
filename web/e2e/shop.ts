import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Steps a shopper takes, by what the screen says (roles and labels), shared by the flows. */
export const shop = {
  async addFirstTiles(page: Page, count: number): Promise<void> {
    const buttons = page.getByRole('button', { name: /^Add .* to order/ });
    for (let i = 0; i < count; i++) {
      await buttons.nth(i * 2).click();
      await expect.poll(() => shop.itemCount(page), { timeout: 10_000 }).toBe(i + 1);
    }
  },

  /** The number of items in the order, from the order panel's heading or the cart button. */
  async itemCount(page: Page): Promise<number> {
    const text = (await page.locator('.order-panel, [aria-label^="Your Order,"]').first().textContent()) ?? '';
    const label = await page
      .locator('[aria-label^="Your Order,"]')
      .first()
      .getAttribute('aria-label')
      .catch(() => null);
    const m = (label ?? text).match(/(\d+)\s+items?/);
    return m ? Number(m[1]) : 0;
  },

  async fillAddress(
    scope: Locator,
    a: { givenName: string; familyName: string; addressLine1: string; suburb: string; state: string; postalCode: string },
  ) {
    await scope.getByLabel('Given name').fill(a.givenName);
    await scope.getByLabel('Family name').fill(a.familyName);
    await scope.getByLabel('Address', { exact: true }).fill(a.addressLine1);
    await scope.getByLabel('Suburb').fill(a.suburb);
    await scope.getByLabel('State').selectOption(a.state);
    await scope.getByLabel('Postcode').fill(a.postalCode);
  },

  async payWithTestCard(dialog: Locator, cardNumber: string) {
    await dialog.getByLabel('Card number').fill(cardNumber);
    await dialog.getByRole('button', { name: /^Pay \$/ }).click();
  },

  /** The Success/Failure notice after checkout: its title and message; closing it reloads the page. */
  async notice(page: Page): Promise<{ title: string; message: string }> {
    const notice = page.getByRole('alertdialog');
    await notice.waitFor();
    const title = (await notice.getByRole('heading').first().textContent())?.trim() ?? '';
    const message = (await notice.textContent()) ?? '';
    return { title, message };
  },

  /** Closes the notice on screen (the one saying `hasText`, when given) with its OK button. */
  async closeNotice(page: Page, hasText?: string): Promise<void> {
    const notice = hasText ? page.getByRole('alertdialog').filter({ hasText }) : page.getByRole('alertdialog');
    await notice.getByRole('button', { name: 'OK', exact: true }).click();
  },
};

export const BRISBANE = {
  givenName: 'Ada',
  familyName: 'Lovelace',
  addressLine1: '1 Queen Street',
  suburb: 'Brisbane City',
  state: 'QLD',
  postalCode: '4000',
};
export const MELBOURNE = {
  givenName: 'Ada',
  familyName: 'Lovelace',
  addressLine1: '99 Collins Street',
  suburb: 'Melbourne',
  state: 'VIC',
  postalCode: '3000',
};
