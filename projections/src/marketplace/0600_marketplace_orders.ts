import { sql, type Kysely } from 'kysely';

/** The marketplace orders the shop recorded, newest sale first. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table marketplace_orders (
      order_id text primary key,
      public_id int not null,
      external_id text not null unique,
      source text not null,
      buyer_username text not null,
      buyer_name text not null,
      sold_at timestamptz not null,
      recorded_at timestamptz not null,
      updated_at timestamptz not null,
      item_count int not null,
      items_cents int not null,
      postage_cents int not null,
      total_cents int not null,
      fees_cents int,
      ship_to jsonb,
      lines jsonb not null,
      unmatched_lines int not null,
      oversold int not null
    );
    create index marketplace_orders_sold on marketplace_orders (sold_at desc, order_id);
  `.execute(db);
}
