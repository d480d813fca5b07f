import { randomUUID } from 'node:crypto';
import type { LoadClient } from './http.ts';
import { OpenLoopLoad } from './openLoop.ts';
import { Latencies, type LatencySummary } from './stats.ts';
import { createPrng } from './zipf.ts';

/** The address of this invocation's checkouts, so its confirmation emails are told from earlier runs' (a reused database's reactor may still send those). */
export const checkoutEmail = (runId: string) => `bench-mixed-${runId}@example.com`;

type Order = Record<string, unknown> & { _id: string; toPay: number };

function orderOf(data: unknown): Order | null {
  const order = (data as { order?: unknown } | null)?.order;
  if (typeof order !== 'object' || order === null) return null;
  const { _id, toPay } = order as { _id?: unknown; toPay?: unknown };
  return typeof _id === 'string' && typeof toPay === 'number' ? (order as Order) : null;
}

export interface CheckoutWindow {
  seconds: number;
  /** Checkouts started in the window. */
  started: number;
  /** Starts skipped because `cap` checkouts were already in flight (the shop fell behind the rate). */
  skipped: number;
  /** complete-order of the checkouts that completed in the window. */
  completeOrder: LatencySummary;
  /** Checkouts that failed in the window, by step and status. */
  failures: Record<string, number>;
}

/**
 * Checkouts at a set rate, open loop: a new guest checkout starts every 1/rate seconds whether or not
 * the earlier ones have finished (as shoppers arrive), at most `cap` in flight. Each: POST
 * current-order, PUT update-order with 1-3 items of the stocked pool (pickup, an email), PUT
 * complete-order with a card the Square simulator accepts, as bench/checkout does. Only
 * complete-order's latency is measured.
 */
export class CheckoutLoad extends OpenLoopLoad {
  private readonly random = createPrng('bench:mixed checkouts');
  private window: { began: number; started: number; skipped: number; completeOrder: Latencies; failures: Map<string, number> } | null =
    null;
  /** Every checkout completed since the start (warm-ups too): each should send one confirmation email. */
  completed = 0;
  /**
   * complete-order answered 202 since the start (warm-ups too): charged or about to be, and left to
   * the process manager to finish (docs/orders.md, the checkout's contended end).
   */
  pending = 0;
  /** Checkouts that failed since the start (warm-ups too), by step and status. */
  readonly failedAtAll = new Map<string, number>();

  constructor(
    private readonly client: LoadClient,
    private readonly pool: readonly string[],
    rate: number,
    private readonly cap: number,
    private readonly email: string,
  ) {
    super(rate);
  }

  begin(): void {
    this.window = { began: performance.now(), started: 0, skipped: 0, completeOrder: new Latencies(), failures: new Map() };
  }

  end(): CheckoutWindow {
    const window = this.window;
    if (!window) throw new Error('no measured window to end');
    this.window = null;
    const seconds = (performance.now() - window.began) / 1000;
    return {
      seconds,
      started: window.started,
      skipped: window.skipped,
      completeOrder: window.completeOrder.summary(seconds),
      failures: Object.fromEntries(window.failures),
    };
  }

  protected due(): void {
    if (this.inFlight.size >= this.cap) {
      if (this.window) this.window.skipped++;
      return;
    }
    if (this.window) this.window.started++;
    this.track(this.checkout());
  }

  private fail(step: string, status: number, error: string | null): void {
    const key = `${step} ${status === 0 ? (error ?? 'no answer') : status}`;
    this.failedAtAll.set(key, (this.failedAtAll.get(key) ?? 0) + 1);
    if (this.window) this.window.failures.set(key, (this.window.failures.get(key) ?? 0) + 1);
  }

  private async checkout(): Promise<void> {
    const tempAuthorisation = randomUUID();
    const current = await this.client.json('POST', '/current-order', { body: { tempAuthorisation } });
    const draft = orderOf(current.data);
    if (current.status !== 200 || !draft) return this.fail('current-order', current.status, current.error);
    const picks = new Set<string>();
    const count = this.random.int(1, 3);
    while (picks.size < count) picks.add(this.random.pick(this.pool));
    const updated = await this.client.json('PUT', `/update-order/${draft._id}`, {
      body: {
        _id: draft._id,
        tempAuthorisation,
        email: this.email,
        shippingIsPickup: true,
        orderItems: [...picks].map((_id) => ({ _id, quantity: 1 })),
      },
    });
    const ready = orderOf(updated.data);
    if (updated.status !== 200 || !ready) return this.fail('update-order', updated.status, updated.error);
    const done = await this.client.json('PUT', `/complete-order/${draft._id}`, {
      body: {
        ...ready,
        tempAuthorisation,
        latestTransaction: { value: String(ready.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' },
      },
    });
    if (done.status === 202) this.pending++;
    if (done.status !== 200) return this.fail('complete-order', done.status, done.error);
    this.completed++;
    this.window?.completeOrder.addMs(done.ms);
  }
}
