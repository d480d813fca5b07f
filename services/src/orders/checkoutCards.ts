import type pg from 'pg';
import type { CheckoutCard } from '@shop/domain/orders/index';
import type { AppContext } from '../api/context.ts';

export type { CheckoutCard } from '@shop/domain/orders/index';

/**
 * The card and buyer tokens of a checkout in progress, kept in a short-lived table (never in an
 * event) until the checkout ends, so the process manager can re-send the same charge after a crash.
 */
export async function keepCheckoutCard(ctx: AppContext, orderId: string, checkoutId: string, card: CheckoutCard): Promise<void> {
  await ctx.db
    .insertInto('checkout_cards')
    .values({ checkout_id: checkoutId, order_id: orderId, card_token: card.cardToken, buyer_token: card.buyerToken })
    .onConflict((oc) => oc.column('checkout_id').doNothing())
    .execute();
}

export async function checkoutCard(ctx: AppContext, checkoutId: string): Promise<CheckoutCard | null> {
  const row = await ctx.db.selectFrom('checkout_cards').select(['card_token', 'buyer_token']).where('checkout_id', '=', checkoutId).executeTakeFirst();
  return row ? { cardToken: row.card_token, buyerToken: row.buyer_token } : null;
}

export async function forgetCheckoutCard(ctx: AppContext, checkoutId: string): Promise<void> {
  await forgetCheckoutCards(ctx, [checkoutId]);
}

async function forgetCheckoutCards(ctx: AppContext, checkoutIds: readonly string[]): Promise<void> {
  await ctx.db.deleteFrom('checkout_cards').where('checkout_id', 'in', checkoutIds).execute();
}

/** How long completed checkouts' tokens wait to be deleted together. */
export const FORGET_GATHER_MS = 50;

/** Per pool (one per process): the checkouts whose tokens the next gathered delete removes. */
const gathering = new WeakMap<pg.Pool, { checkoutIds: string[]; deleted: Promise<void> }>();

/**
 * Deletes a completed checkout's tokens within FORGET_GATHER_MS, in one statement with those of the
 * other checkouts completed meanwhile (a busy shop completes several a second; each delete alone is
 * a round trip and a commit). Resolves once they are deleted. Nothing waits for it on the checkout
 * path: should the delete fail or the process stop first, the process manager deletes the tokens
 * of ended checkouts.
 */
export function forgetCheckoutCardSoon(ctx: AppContext, checkoutId: string): Promise<void> {
  let batch = gathering.get(ctx.pool);
  if (!batch) {
    const checkoutIds: string[] = [];
    const deleted = new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        gathering.delete(ctx.pool);
        forgetCheckoutCards(ctx, checkoutIds).then(resolve, reject);
      }, FORGET_GATHER_MS);
    });
    batch = { checkoutIds, deleted };
    gathering.set(ctx.pool, batch);
  }
  batch.checkoutIds.push(checkoutId);
  return batch.deleted;
}
