import { sql, type Kysely } from 'kysely';

/**
 * An item's place (`catalogue_place`) also says its grade and whether it is slabbed, which grade
 * filters and the grade order read. With them the place holds everything that decides which answers
 * list an item and where, so an edit that leaves it as it was (an image, the eBay listing the
 * marketplace sync recorded, a key note) recomputes only the answers that list the item. Feed rows
 * written before keep the shorter place, which the API reads as a place that may have changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function catalogue_place(s stock_items) returns json language sql stable as $$
      select json_build_array(s.item_type, s.period_type, s.key, s.batch_id,
        concat_ws(' ', s.main_description, s.variant_description, s.publisher, s.writer, s.artist, s.cover_artist, s.comic_id),
        s.main_description, s.search_compact, lower(s.publisher), extract(epoch from s.batch_date) * 1000, s.price, s.in_stock,
        s.sort_title, s.added_position::text, s.grade::text, s.graded)
    $$;
  `.execute(db);
}
