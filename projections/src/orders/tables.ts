import type { ColumnType } from 'kysely';
import type { OrderAddress, OrderItemKind, OrderState, OrderType } from '@shop/domain/orders/index';

type Json<T> = ColumnType<T, string, string>;

/** An order line as the admin order card shows it; `_id` is the stock item id. */
export interface OrderItemRow {
  _id: string;
  name: string;
  type: OrderItemKind;
  itemType: string;
  periodType: string | null;
  supplierType: string | null;
  comicId: string;
  price: number;
  pnp: number;
  quantity: number;
}

/** Order read models. Money is integer cents. */
export interface OrderTables {
  /** Completed orders that still need posting (not posted, not deleted, not an ad-hoc sale). */
  orders_awaiting_postage: {
    order_id: string;
    public_id: number;
    completed_at: Date;
  };
  /** One row per order: what the admin order cards, lists and the shopper's past orders read. */
  orders: {
    order_id: string;
    public_id: number;
    /** 'ioa' (this site) or 'ebay'. */
    type: OrderType;
    external_id: string | null;
    /** The owning account; null for a guest's order. */
    user_id: string | null;
    guest: boolean;
    /** A guest's email ('' for an account's order: join users on user_id). */
    email: string;
    /** The customer's name on an ad-hoc (in-person) sale, else ''. */
    name: string;
    adhoc: boolean;
    /** OrderStarted.date. */
    date: Date;
    /** When the first and the last event of the order were recorded. */
    created_at: Date;
    updated_at: Date;
    complete: boolean;
    completed_date: Date | null;
    posted: boolean;
    posted_date: Date | null;
    tracking_number: string | null;
    deleted: boolean;
    merged_into_order_id: string | null;
    item_count: number;
    total: number;
    pnp: number;
    paid: number;
    to_pay: number;
    credit_from: number;
    carried_forward: number;
    pickup: boolean;
    same_as_billing: boolean;
    shipping_address: Json<OrderAddress | null>;
    billing_address: Json<OrderAddress | null>;
    order_items: Json<OrderItemRow[]>;
    search_terms: string;
    /** The checkout in progress (the process manager looks for old ones). */
    checkout_id: string | null;
    checkout_started_at: Date | null;
    /** The folded OrderState the next events apply to. */
    state: Json<OrderState>;
  };
  /**
   * Not a read model (no projector owns it): the card tokens of checkouts in progress, deleted when
   * the checkout ends, so the process manager can re-send the same charge after a crash.
   */
  checkout_cards: {
    checkout_id: string;
    order_id: string;
    card_token: string;
    buyer_token: string;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
}
