import { sql, type Kysely } from 'kysely';

/**
 * Want lists (issue 18): every want on every list, for the back-in-stock reactor to find the wants
 * an arriving item answers (by item, by series and issue, by title and issue) and for the admin's
 * demand screen. `added_position` is the global position of WantAdded: an arrival alerts only the
 * wants added before it, so a reactor replaying old arrivals never alerts a newer want.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table wants (
      want_id text primary key,
      user_id text not null,
      series_id text,
      title text,
      title_key text,
      issue_number text,
      issue_key text,
      grade_min numeric(3, 1),
      stock_id text,
      created_at timestamptz not null,
      added_position bigint not null
    );
    create index wants_user on wants (user_id, added_position);
    create index wants_stock on wants (stock_id) where stock_id is not null;
    create index wants_series on wants (series_id, issue_key) where series_id is not null;
    create index wants_title on wants (title_key, issue_key) where title_key is not null;
  `.execute(db);
}
