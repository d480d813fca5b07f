import { randomUUID } from 'node:crypto';
import type { LoadClient } from './http.ts';
import { OpenLoopLoad } from './openLoop.ts';

/**
 * Checkouts of last copies with a card the bank declines, at a set rate, open loop: a guest's
 * current order with one last copy, then complete-order with the Square simulator's declined card.
 * The checkout holds the copy (the item sells out) and, declined, releases it (it is back in stock)
 * and answers 402. A comic shop's back issues are mostly single copies, and some cards are always
 * declined, so this is what the shop's own checkouts do to the catalogue on a busy evening. Each
 * copy is with one shopper at a time.
 */
export class DeclinedLastCopies extends OpenLoopLoad {
  private readonly free: string[];
  /** Checkouts declined since the start (402, the copy released). */
  declined = 0;
  /** Checkouts that ended otherwise, by step and status. */
  readonly failures = new Map<string, number>();

  constructor(
    private readonly client: LoadClient,
    lastCopies: readonly string[],
    rate: number,
    private readonly email: string,
  ) {
    super(rate);
    this.free = [...lastCopies];
  }

  protected due(): void {
    const item = this.free.shift();
    if (item === undefined) return;
    this.track(this.declinedCheckout(item).finally(() => this.free.push(item)));
  }

  private fail(step: string, status: number): void {
    const key = `${step} ${status}`;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }

  private async declinedCheckout(item: string): Promise<void> {
    const tempAuthorisation = randomUUID();
    const current = await this.client.json('POST', '/current-order', { body: { tempAuthorisation } });
    const orderId = (current.data as { order?: { _id?: string } } | null)?.order?._id;
    if (current.status !== 200 || !orderId) return this.fail('current-order', current.status);
    const updated = await this.client.json('PUT', `/update-order/${orderId}`, {
      body: { _id: orderId, tempAuthorisation, email: this.email, shippingIsPickup: true, orderItems: [{ _id: item, quantity: 1 }] },
    });
    const ready = (updated.data as { order?: Record<string, unknown> & { toPay?: number } } | null)?.order;
    if (updated.status !== 200 || !ready) return this.fail('update-order', updated.status);
    const done = await this.client.json('PUT', `/complete-order/${orderId}`, {
      body: {
        ...ready,
        tempAuthorisation,
        latestTransaction: { value: String(ready.toPay), cardToken: 'cnon:card-nonce-declined', buyerToken: '' },
      },
    });
    if (done.status !== 402) return this.fail('complete-order', done.status);
    this.declined++;
  }
}
