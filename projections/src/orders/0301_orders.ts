import { sql, type Kysely } from 'kysely';

/**
 * The orders read model, the order number sequence and the short-lived card tokens of checkouts in
 * progress. The sequence and checkout_cards are not read models (no projector owns them, a rebuild
 * never touches them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table orders (
      order_id text primary key,
      public_id int not null,
      type text not null,
      external_id text,
      user_id text,
      guest boolean not null,
      email text not null,
      name text not null,
      adhoc boolean not null,
      date timestamptz not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      complete boolean not null,
      completed_date timestamptz,
      posted boolean not null,
      posted_date timestamptz,
      tracking_number text,
      deleted boolean not null,
      merged_into_order_id text,
      item_count int not null,
      total int not null,
      pnp int not null,
      paid int not null,
      to_pay int not null,
      credit_from int not null,
      carried_forward int not null,
      pickup boolean not null,
      same_as_billing boolean not null,
      shipping_address jsonb,
      billing_address jsonb,
      order_items jsonb not null,
      search_terms text not null,
      checkout_id text,
      checkout_started_at timestamptz,
      state jsonb not null
    );
    create index orders_user_completed on orders (user_id, completed_date desc) where complete and not deleted;
    create index orders_completed on orders (completed_date desc, public_id desc) where complete and not deleted;
    create index orders_public_id on orders (public_id);
    create index orders_checkout on orders (checkout_started_at) where checkout_id is not null;

    -- Order numbers shown to shoppers ("order 1001"); never reused, gaps allowed.
    create sequence order_public_id_seq start 1001;

    -- The card and buyer tokens of a checkout in progress, kept only until the checkout ends so that
    -- the process manager can re-send the same charge after a crash. Never in the event log.
    create table checkout_cards (
      checkout_id text primary key,
      order_id text not null,
      card_token text not null,
      buyer_token text not null,
      created_at timestamptz not null default now()
    );
    create index checkout_cards_created on checkout_cards (created_at);
  `.execute(db);
}
