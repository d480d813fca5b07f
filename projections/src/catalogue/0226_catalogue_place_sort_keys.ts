import { sql, type Kysely } from 'kysely';

/**
 * An item's place (0225's `catalogue_place`) also says its title as sorted and its order added: the
 * rest of the browse order after the batch date or the price. An item back in stock or edited then
 * reaches only the browse pages it sorts before the end of, not every page of its batch date (a new
 * comics batch is 2,400 items, 80 pages). Feed rows written before keep the shorter place, which the
 * API reads as reaching every page of its date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function catalogue_place(s stock_items) returns json language sql stable as $$
      select json_build_array(s.item_type, s.period_type, s.key, s.batch_id,
        concat_ws(' ', s.main_description, s.variant_description, s.publisher, s.writer, s.artist, s.cover_artist, s.comic_id),
        s.main_description, s.search_compact, lower(s.publisher), extract(epoch from s.batch_date) * 1000, s.price, s.in_stock,
        s.sort_title, s.added_position::text)
    $$;
  `.execute(db);
}
