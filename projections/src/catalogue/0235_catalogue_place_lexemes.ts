import { sql, type Kysely } from 'kysely';

/**
 * An item's place (`catalogue_place`) also says its search vector's lexemes, all of them and those
 * of weight A (title and comic id): with them an API process's search index (services' searchIndex.ts)
 * matches and ranks an item back in stock or moved exactly as the search statement would, without
 * parsing its text again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function catalogue_place(s stock_items) returns json language sql stable as $$
      select json_build_array(s.item_type, s.period_type, s.key, s.batch_id,
        concat_ws(' ', s.main_description, s.variant_description, s.publisher, s.writer, s.artist, s.cover_artist, s.comic_id),
        s.main_description, s.search_compact, lower(s.publisher), extract(epoch from s.batch_date) * 1000, s.price, s.in_stock,
        s.sort_title, s.added_position::text, s.grade::text, s.graded, s.comic_id,
        tsvector_to_array(s.search_vector), tsvector_to_array(ts_filter(s.search_vector, '{a}')))
    $$;
  `.execute(db);
}
