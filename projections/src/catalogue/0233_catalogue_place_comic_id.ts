import { sql, type Kysely } from 'kysely';

/**
 * An item's place (`catalogue_place`) also says its comic id, on its own. With its title, that is
 * what a search's relevance ranks first (the search vector's weight A), so the API can tell where
 * an item back in stock or moved sorts within a kept search page (searchReach.ts): one that sorts
 * after a full page's last item joins a later page and leaves the page as it is. Feed rows written
 * before keep the shorter place, which the API reads as a place whose rank is not known.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function catalogue_place(s stock_items) returns json language sql stable as $$
      select json_build_array(s.item_type, s.period_type, s.key, s.batch_id,
        concat_ws(' ', s.main_description, s.variant_description, s.publisher, s.writer, s.artist, s.cover_artist, s.comic_id),
        s.main_description, s.search_compact, lower(s.publisher), extract(epoch from s.batch_date) * 1000, s.price, s.in_stock,
        s.sort_title, s.added_position::text, s.grade::text, s.graded, s.comic_id)
    $$;
  `.execute(db);
}
