import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pull_list_subscriptions (
      user_id text not null,
      series_id text not null,
      series_title text not null,
      quantity int not null,
      covers text not null,
      subscribed_position bigint not null,
      primary key (user_id, series_id)
    );
    create index pull_list_subscriptions_series on pull_list_subscriptions (series_id, subscribed_position);
    create table pull_list_reservations (
      user_id text not null,
      stock_id text not null,
      comic_id text not null,
      title text not null,
      series_id text not null,
      issue_number text not null,
      batch_id text,
      distributor text,
      foc_date text,
      release_date text,
      quantity int not null,
      awaiting int not null,
      status text not null,
      order_id text,
      reserved_position bigint not null,
      primary key (user_id, stock_id)
    );
    create index pull_list_reservations_stock on pull_list_reservations (stock_id);
    create index pull_list_reservations_batch on pull_list_reservations (batch_id) where status = 'reserved';
  `.execute(db);
}
