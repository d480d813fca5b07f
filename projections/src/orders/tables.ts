/** Order read models. */
export interface OrderTables {
  orders_awaiting_postage: {
    order_id: string;
    public_id: number;
    completed_at: Date;
  };
}
