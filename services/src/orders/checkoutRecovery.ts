import { randomUUID } from 'node:crypto';
import { orderDecider } from '@shop/domain/orders/index';
import { SYSTEM_ACTOR } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { loadStream } from '../commands/loadStream.ts';
import type { PaymentGateway } from '../payments/paymentGateway.ts';
import { finishCheckout } from './checkout.ts';
import { checkoutCard, forgetCheckoutCard } from './checkoutCards.ts';
import { consoleLog, type Log } from './log.ts';
import { orderStreamId } from './streams.ts';

export interface RecoveryReport {
  /** Checkouts older than the limit that were still in progress. */
  examined: number;
  completed: string[];
  failed: string[];
  /** Still waiting for the card provider: tried again next time. */
  pending: string[];
  /** Card tokens deleted because their checkout had already ended. */
  cardsForgotten: number;
}

export interface RecoveryOptions {
  /** A checkout started longer ago than this and neither completed nor failed is finished or undone. */
  olderThanMs: number;
  gateway?: PaymentGateway;
  log?: Log;
}

/**
 * The process manager for checkouts a crash left half way (the lead runs it from the worker every
 * 15 s). It finds checkouts started more than `olderThanMs` ago that neither completed nor failed
 * (from the orders read model, and from the card tokens kept for checkouts in progress) and runs
 * the same checkout machine as the checkout call (nextCheckoutStep): holds again (no-ops when held), the charge
 * re-sent with the SAME idempotency key (so the card provider answers the first charge and never
 * charges twice), then completes; or, when a hold or the card is refused, or the card tokens are
 * gone (then it was never charged), releases every hold and fails the checkout.
 */
export async function recoverStalledCheckouts(ctx: Deps, options: RecoveryOptions): Promise<RecoveryReport> {
  const log = options.log ?? consoleLog;
  const gateway = options.gateway ?? ctx.paymentGateway;
  const cutoff = new Date(ctx.clock().getTime() - options.olderThanMs);
  const report: RecoveryReport = { examined: 0, completed: [], failed: [], pending: [], cardsForgotten: 0 };

  const fromReadModel = await ctx.db
    .selectFrom('orders')
    .select(['order_id', 'checkout_id'])
    .where('checkout_id', 'is not', null)
    .where('checkout_started_at', '<', cutoff)
    .execute();
  const fromCards = await ctx.db
    .selectFrom('checkout_cards')
    .select(['order_id', 'checkout_id'])
    .where('created_at', '<', cutoff)
    .execute();
  const candidates = new Map<string, string>();
  for (const row of [...fromReadModel, ...fromCards]) if (row.checkout_id) candidates.set(row.checkout_id, row.order_id);

  for (const [checkoutId, orderId] of candidates) {
    const { state } = await loadStream(ctx.store, orderDecider, orderStreamId(orderId));
    if (state.checkout?.checkoutId !== checkoutId) {
      // Ended already (or never began): its card tokens are no longer needed.
      if (await checkoutCard(ctx, checkoutId)) {
        await forgetCheckoutCard(ctx, checkoutId);
        report.cardsForgotten++;
      }
      continue;
    }
    if (Date.parse(state.checkout.startedAt) > cutoff.getTime()) continue;
    report.examined++;
    const metadata = {
      actor: SYSTEM_ACTOR('checkout-recovery'),
      correlationId: checkoutId,
      causationId: null,
      requestId: randomUUID(),
      time: ctx.clock().toISOString(),
    };
    try {
      const { end } = await finishCheckout({ ctx, gateway, metadata, log }, orderId, checkoutId, await checkoutCard(ctx, checkoutId));
      if (end.kind === 'completed' || end.kind === 'already complete') {
        await forgetCheckoutCard(ctx, checkoutId);
        report.completed.push(orderId);
      } else if (end.kind === 'refused') report.failed.push(orderId);
      else report.pending.push(orderId);
      log.info({ orderId, checkoutId, outcome: end.kind }, 'recovered a stalled checkout');
    } catch (err) {
      report.pending.push(orderId);
      log.error({ err, orderId, checkoutId }, 'could not recover a stalled checkout; trying again next time');
    }
  }
  return report;
}
