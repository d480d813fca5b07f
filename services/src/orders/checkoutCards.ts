import { catalogueLookup, type CatalogueLookup, type CheckoutCard } from '@shop/domain/orders/index';
import { CATALOGUE_LOOKUP_SELECT, catalogueItemsOf, type CatalogueRow } from '../catalogue/catalogueLookup.ts';
import type { Deps } from '../deps/deps.ts';

export type { CheckoutCard } from '@shop/domain/orders/index';

/** The insert keeping a checkout's card, its parameters (checkout, order, card, buyer) from `$first` on. */
const keepCardInsert = (first: number) =>
  `insert into checkout_cards (checkout_id, order_id, card_token, buyer_token)
   values ($${first}, $${first + 1}, $${first + 2}, $${first + 3}) on conflict (checkout_id) do nothing`;

/**
 * The card and buyer tokens of a checkout in progress, kept in a short-lived table (never in an
 * event) until the checkout ends, so the process manager can re-send the same charge after a crash.
 */
export async function keepCheckoutCard(ctx: Deps, orderId: string, checkoutId: string, card: CheckoutCard): Promise<void> {
  // Every card checkout writes it: a named statement, parsed once per connection.
  await ctx.pool.query({
    name: 'checkout-card-keep',
    text: keepCardInsert(1),
    values: [checkoutId, orderId, card.cardToken, card.buyerToken],
  });
}

/**
 * A card checkout's first statement: the body's items looked up in the catalogue (as
 * lookupCatalogueItems) and the card tokens the body sends kept (as keepCheckoutCard), in one round
 * trip. The machine asks for the card to be kept before the checkout begins (keepCardFirst); kept
 * here, it is kept before anything is decided, and a checkout that ends without beginning forgets
 * it as one that began would (the process manager deletes any left by a crash).
 */
export async function lookUpKeepingCard(
  ctx: Deps,
  stockItemIds: readonly string[],
  kept: { orderId: string; checkoutId: string; card: CheckoutCard },
): Promise<CatalogueLookup> {
  const { rows } = await ctx.pool.query<CatalogueRow>({
    name: 'catalogue-lookup-keeping-card',
    text: `with kept as (${keepCardInsert(2)}) ${CATALOGUE_LOOKUP_SELECT}`,
    values: [[...new Set(stockItemIds)], kept.checkoutId, kept.orderId, kept.card.cardToken, kept.card.buyerToken],
  });
  return catalogueLookup(catalogueItemsOf(rows, ctx.clock()));
}

export async function checkoutCard(ctx: Deps, checkoutId: string): Promise<CheckoutCard | null> {
  const row = await ctx.db
    .selectFrom('checkout_cards')
    .select(['card_token', 'buyer_token'])
    .where('checkout_id', '=', checkoutId)
    .executeTakeFirst();
  return row ? { cardToken: row.card_token, buyerToken: row.buyer_token } : null;
}

export async function forgetCheckoutCard(ctx: Deps, checkoutId: string): Promise<void> {
  await forgetCheckoutCards(ctx, [checkoutId]);
}

async function forgetCheckoutCards(ctx: Deps, checkoutIds: readonly string[]): Promise<void> {
  await ctx.pool.query({
    name: 'checkout-cards-forget',
    text: `delete from checkout_cards where checkout_id = any($1::text[])`,
    values: [checkoutIds],
  });
}

/** How long completed checkouts' tokens wait to be deleted together. */
export const FORGET_GATHER_MS = 50;

/** One process's gathered deletes: the checkouts whose tokens the next delete removes (a member of Deps). */
export class CheckoutCardDeletes {
  gathering: { checkoutIds: string[]; deleted: Promise<void> } | null = null;
}

/**
 * Deletes a completed checkout's tokens within FORGET_GATHER_MS, in one statement with those of the
 * other checkouts completed meanwhile (a busy shop completes several a second; each delete alone is
 * a round trip and a commit). Resolves once they are deleted. Nothing waits for it on the checkout
 * path: should the delete fail or the process stop first, the process manager deletes the tokens
 * of ended checkouts.
 */
export function forgetCheckoutCardSoon(ctx: Deps, checkoutId: string): Promise<void> {
  const deletes = ctx.checkoutCards;
  let batch = deletes.gathering;
  if (!batch) {
    const checkoutIds: string[] = [];
    const deleted = new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        deletes.gathering = null;
        forgetCheckoutCards(ctx, checkoutIds).then(resolve, reject);
      }, FORGET_GATHER_MS);
    });
    batch = { checkoutIds, deleted };
    deletes.gathering = batch;
  }
  batch.checkoutIds.push(checkoutId);
  return batch.deleted;
}
