import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table orders_awaiting_postage (
      order_id text primary key,
      public_id int not null,
      completed_at timestamptz not null
    );
  `.execute(db);
}
