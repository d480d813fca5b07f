/** Pull-list read models: subscriptions and reservations, for the worksheet and the admin's views. */
export interface PullListTables {
  pull_list_subscriptions: {
    user_id: string;
    series_id: string;
    series_title: string;
    quantity: number;
    /** 'all' | 'main'. */
    covers: string;
    /** Global position of the subscription's first PullListSubscribed: the subscription order. */
    subscribed_position: string;
  };
  pull_list_reservations: {
    user_id: string;
    stock_id: string;
    comic_id: string;
    title: string;
    series_id: string;
    issue_number: string;
    batch_id: string | null;
    /** The item's supplier type. */
    distributor: string | null;
    /** 'YYYY-MM-DD' or null, as recorded when reserved. */
    foc_date: string | null;
    release_date: string | null;
    /** Copies held for the customer (or released into their order). */
    quantity: number;
    /** Copies wanted that the shop does not have. */
    awaiting: number;
    /** 'reserved' | 'cancelled' | 'released'. */
    status: string;
    order_id: string | null;
    reserved_position: string;
  };
}
