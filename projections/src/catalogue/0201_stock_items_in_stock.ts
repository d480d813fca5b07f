import { sql, type Kysely } from 'kysely';

/**
 * Holds, releases and sales change stock_items.available several times a second in a busy shop.
 * The browse indexes named `available > 0` in their predicates, which made every such change a
 * non-HOT update: new entries in all seven indexes, three of them GIN (every title trigram again).
 * They now name `in_stock`, a stored column that changes only when an item sells out or comes back;
 * with room left on each page (fillfactor 80) the other changes are HOT updates that touch no index.
 * Queries filter on `in_stock` so the planner can use the partial indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table stock_items set (fillfactor = 80);
    alter table stock_items add column in_stock boolean generated always as (available > 0) stored;
    drop index stock_items_browse;
    drop index stock_items_key;
    create index stock_items_browse on stock_items (item_type, period_type, batch_date desc, sort_title, added_position) where in_stock;
    create index stock_items_key on stock_items (batch_date desc, sort_title, added_position) where key and in_stock;
  `.execute(db);
}
