import { sql, type Kysely } from 'kysely';

/**
 * The oversold marketplace sales (admin eBay screen), and the eBay quantity sync's own table (the
 * listed items and their pending quantity updates, kept by the reactor in its checkpoint's
 * transaction; never rebuilt).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table marketplace_oversold (
      order_id text not null,
      line_key text not null,
      public_id int not null,
      external_id text not null,
      buyer_username text not null,
      sold_at timestamptz not null,
      stock_item_id text not null,
      name text not null,
      sku text,
      oversold int not null,
      other_channel text,
      other_order_id text,
      other_public_id int,
      other_external_id text,
      other_sold_at timestamptz,
      later_sale text not null,
      flagged_at timestamptz not null,
      resolution text,
      note text not null default '',
      resolved_at timestamptz,
      primary key (order_id, line_key)
    );
    create index marketplace_oversold_open on marketplace_oversold (flagged_at desc) where resolution is null;
    create table ebay_quantity_sync (
      stock_item_id text primary key,
      sku text not null,
      listed boolean not null,
      changes bigint not null default 0,
      pushed bigint not null default 0,
      changed_at timestamptz,
      pushed_at timestamptz,
      pushed_quantity int,
      last_error text
    );
    create index ebay_quantity_sync_pending on ebay_quantity_sync (changed_at) where changes > pushed;
  `.execute(db);
}
