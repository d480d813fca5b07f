import {
  catalogueLookup,
  orderClientView,
  type CatalogueLookup,
  type OrderClientView,
  type OrderOwner,
  type OrderState,
} from '@shop/domain/orders/index';
import type { Deps } from '../deps/deps.ts';
import type { Identity } from '../accounts/actor.ts';
import { lookupCatalogueItems } from '../catalogue/catalogueLookup.ts';
import { creditBalance } from './credit.ts';

/** A payment on the order, as the storefront's `transactions` list shows it (cents). */
export interface TransactionView {
  _id: string;
  value: number;
  complete: true;
  provider: string;
  checkoutId: string;
  date: string;
}

/** The answer of the order calls: "order, transactions, credit". */
export interface OrderAnswer {
  order: OrderClientView;
  transactions: TransactionView[];
  /** The owner's store credit balance now, in cents (0 for a guest). */
  credit: number;
}

export const ORDER_NOT_FOUND = 'Order not found';

export function ownerOf(identity: Identity): OrderOwner {
  return identity.kind === 'user' ? { kind: 'user', userId: identity.userId } : { kind: 'guest', token: identity.tokenHash };
}

/** The owner or an admin may see and touch an order; anyone else is told it does not exist. */
export function mayTouch(identity: Identity, state: OrderState): boolean {
  if (!state.started || state.deleted) return false;
  if (identity.kind === 'user' && identity.admin) return true;
  const owner = state.owner;
  if (!owner) return false;
  return owner.kind === 'user'
    ? identity.kind === 'user' && identity.userId === owner.userId
    : identity.kind === 'guest' && identity.tokenHash === owner.token;
}

export function transactionsOf(state: OrderState): TransactionView[] {
  return state.payments.map((p) => ({
    _id: p.paymentId,
    value: p.amountCents,
    complete: true,
    provider: p.provider,
    checkoutId: p.checkoutId,
    date: p.recordedAt,
  }));
}

export async function catalogueFor(ctx: Deps, stockItemIds: readonly string[]): Promise<CatalogueLookup> {
  return catalogueLookup(await lookupCatalogueItems(ctx.pool, stockItemIds, ctx.clock()));
}

/** `known` with the items of `stockItemIds` it lacks looked up too (none looked up when it has them all). */
export async function catalogueWith(ctx: Deps, known: CatalogueLookup, stockItemIds: readonly string[]): Promise<CatalogueLookup> {
  const missing = stockItemIds.filter((id) => !known.has(id));
  if (missing.length === 0) return known;
  return new Map([...known, ...(await catalogueFor(ctx, missing))]);
}

export interface OrderAnswerOptions {
  /** The catalogue as just looked up for this order's lines. */
  catalogue?: CatalogueLookup;
  /** The owner's credit balance as just read or written. */
  creditCents?: number | undefined;
}

/** The order as the storefront sees it, with the owner's credit, and each line's availability now. */
export async function orderAnswer(ctx: Deps, state: OrderState, options: OrderAnswerOptions = {}): Promise<OrderAnswer> {
  const owner = state.owner;
  const credit = owner?.kind === 'user' ? (options.creditCents ?? (await creditBalance(ctx.store, owner.userId))) : 0;
  const live = state.complete
    ? undefined
    : (options.catalogue ??
      (await catalogueFor(
        ctx,
        state.orderItems.map((l) => l.stockItemId),
      )));
  return {
    order: orderClientView(state, { creditAvailableCents: credit, ...(live ? { catalogue: live } : {}) }),
    transactions: transactionsOf(state),
    credit,
  };
}
