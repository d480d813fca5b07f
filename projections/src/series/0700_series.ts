import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table series (
      series_id text primary key,
      title text not null,
      title_key text not null,
      publisher text not null,
      volume int,
      shelf_copies int not null default 0,
      merged_into text,
      started_position bigint not null
    );
    create index series_title_key on series (title_key) where merged_into is null;
    create index series_title_trgm on series using gin (lower(title) gin_trgm_ops);
  `.execute(db);
}
