import type { AppContext } from '../api/context.ts';

export interface CheckoutCard {
  cardToken: string;
  buyerToken: string;
}

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
  await ctx.db.deleteFrom('checkout_cards').where('checkout_id', '=', checkoutId).execute();
}
