import type { CatalogueLookup, ItemType, OrderItemKind, PeriodType, SupplierType } from './catalogueView.ts';
import type { OrderAddress } from './clientOrderSchema.ts';
import type { OrderType } from './orderEvents.ts';
import type { OrderState } from './orderState.ts';
import { orderTotalsOf } from './orderTotalsOf.ts';

export {
  clientOrderSchema,
  updateOrderBodySchema,
  completeOrderBodySchema,
  latestTransactionSchema,
  orderAddressSchema,
  type ClientOrder,
  type UpdateOrderBody,
  type CompleteOrderBody,
} from './clientOrderSchema.ts';

/** "Order item: name, type, itemType, periodType, supplierType, available, quantity, price, comicId, pnp", keyed by the stock item id. */
export interface OrderItemView {
  _id: string;
  name: string;
  type: OrderItemKind;
  itemType: ItemType;
  periodType: PeriodType | null;
  supplierType: SupplierType | null;
  available: number;
  quantity: number;
  price: number;
  comicId: string;
  pnp: number;
  /** Pull-list copies the admin released into the order: update-order keeps the line. */
  pullList?: true;
}

/** "Latest transaction: value (amount to pay, a whole-number string in cents), cardToken, buyerToken, complete (false)." */
export interface LatestTransactionView {
  value: string;
  cardToken: string;
  buyerToken: string;
  complete: boolean;
}

/** "Order (client view)". All money is integer cents. */
export interface OrderClientView {
  _id: string;
  publicId: number;
  type: OrderType;
  date: string;
  complete: boolean;
  posted: boolean;
  carriedForward: number;
  orderItems: OrderItemView[];
  latestTransaction: LatestTransactionView;
  email: string;
  shippingAddress: OrderAddress | null;
  billingAddress: OrderAddress | null;
  shippingIsPickup: boolean;
  shippingIsSameAsBilling: boolean;
  searchTerms: string;
  searchHistory: string[];
  name: string;
  completedDate: string | null;
  postedDate: string | null;
  trackingNumber: string | null;
  toPay: number;
  pnp: number;
  total: number;
  itemCount: number;
  paid: number;
  creditFrom: number;
  creditForward: number;
}

export interface ClientViewOptions {
  /** The customer's credit balance now (0 for a guest). */
  creditAvailableCents: number;
  /** When given, each line's `available` is the catalogue's current count. */
  catalogue?: CatalogueLookup;
}

/** orderClientView: the order as the storefront sees it, with the computed totals. */
export function orderClientView(state: OrderState, { creditAvailableCents, catalogue }: ClientViewOptions): OrderClientView {
  const totals = orderTotalsOf(state, creditAvailableCents);
  const latest = state.latestTransaction;
  return {
    _id: state._id,
    publicId: state.publicId,
    type: state.type,
    date: state.date,
    complete: state.complete,
    posted: state.posted,
    carriedForward: totals.creditForward,
    orderItems: state.orderItems.map((l) => ({
      _id: l.stockItemId,
      name: l.name,
      type: l.kind,
      itemType: l.itemType,
      periodType: l.periodType,
      supplierType: l.supplierType,
      available: catalogue?.get(l.stockItemId)?.available ?? l.available,
      quantity: l.quantity,
      price: l.price,
      comicId: l.comicId,
      pnp: l.pnp,
      ...(l.pullList ? { pullList: true as const } : {}),
    })),
    latestTransaction: state.complete
      ? { value: String(latest?.amountCents ?? 0), cardToken: '', buyerToken: '', complete: true }
      : { value: String(totals.toPay), cardToken: '', buyerToken: '', complete: false },
    email: state.email,
    shippingAddress: state.shippingAddress,
    billingAddress: state.billingAddress,
    shippingIsPickup: state.shippingIsPickup,
    shippingIsSameAsBilling: state.shippingIsSameAsBilling,
    searchTerms: state.searchTerms,
    searchHistory: state.searchHistory,
    name: state.name,
    completedDate: state.completedDate,
    postedDate: state.postedDate,
    trackingNumber: state.trackingNumber,
    toPay: totals.toPay,
    pnp: totals.pnp,
    total: totals.total,
    itemCount: totals.itemCount,
    paid: totals.paid,
    creditFrom: totals.creditFrom,
    creditForward: totals.creditForward,
  };
}
