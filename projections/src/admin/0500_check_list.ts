import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table check_list_items (
      check_list_item_id text primary key,
      name text not null,
      description text not null,
      status boolean not null,
      created_at timestamptz not null,
      created_position bigint not null
    );
    create index check_list_items_order on check_list_items (created_position);
  `.execute(db);
}
