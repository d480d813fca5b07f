import { sql, type Kysely, type RawBuilder } from 'kysely';
import { addedWordsKept, changedWordsKept, feedPruning, LIVE_COLUMNS, STATIC_COLUMNS } from './0202_catalogue_changes.ts';
import { ISSUE_COLUMNS } from './0210_stock_item_issues.ts';
import { ORDER_BY_COLUMNS } from './0211_stock_item_order_by.ts';
import { UPC_COLUMNS } from './0212_stock_item_upc.ts';
import { GRADING_COLUMNS } from './0220_stock_item_grading.ts';

/**
 * An item added, edited or deleted no longer moves the structure version: only the answers it was
 * in, or could join, are computed again (0224 did this for an item back in stock).
 *
 * Until now any change of what a shopper sees of one item (a price, a title, a grade, the eBay
 * listing the marketplace sync just made) moved the structure, and every kept search list and every
 * answer every API process held went with it.
 *
 * - The feed has a row for each item a statement adds, edits or deletes (`moved`), with where it was
 *   before (`moved_from`, `catalogue_place`; none for an item added). The API reads where it is now
 *   beside it (none for an item deleted) and drops the answers that list the item and those either
 *   place could join (services' catalogueCache.ts).
 * - A kept search list goes when the item's matching or order columns changed and it matched the item
 *   before or after (`catalogue_list_reaches`, used for an item back in stock too).
 * - A statement moving more than `SCOPED_MOVES_AT_MOST` items (a batch renamed or repriced, a supplier
 *   file, a rebuild) still moves the structure: one read of everything is cheaper than dropping answers
 *   item by item. So do batches, site settings and truncation, as before.
 * - One update trigger now watches every shown column: 0210's and 0220's triggers of their own go.
 */
export const SCOPED_MOVES_AT_MOST = 100;

/** Every column of stock_items a shopper's answer shows but the live counts. */
export const SHOWN_COLUMNS = [...STATIC_COLUMNS, ...ISSUE_COLUMNS, ...ORDER_BY_COLUMNS, ...UPC_COLUMNS, ...GRADING_COLUMNS] as const;

/** The columns deciding whether a kept search list holds an item, and where. */
export const LISTED_COLUMNS = [
  'item_type',
  'comic_id',
  'main_description',
  'variant_description',
  'publisher',
  'writer',
  'artist',
  'cover_artist',
  'grade',
  'graded',
  'batch_date',
  'sort_title',
  'added_position',
  'price',
] as const;

/** The live counts a shopper's answer shows (the admin's \`number\` is not). */
const COUNTED_COLUMNS = LIVE_COLUMNS.filter((c) => c !== 'number');

const row = (alias: string, columns: readonly string[]) => sql.raw(`(${columns.map((c) => `${alias}.${c}`).join(', ')})`);
export const differ = (columns: readonly string[]) => sql`${row('n', columns)} is distinct from ${row('o', columns)}`;

/** The rows of an update that can change a kept search list: back in stock, or a listed column changed. */
export const listedRows = sql`from new_rows n join old_rows o using (stock_item_id)
          where ((n.available > 0 and o.available <= 0) or ${differ(LISTED_COLUMNS)})`;

/** searchStock.ts's filters, as kept with list `l`, on the stock row `s`, in stock or not. */
export const listFilters = sql`s.item_type = any(l.item_types)
        and (l.publisher is null or lower(s.publisher) = l.publisher)
        and (l.grade_min is null or s.grade >= l.grade_min)
        and (l.grade_max is null or s.grade <= l.grade_max)
        and (l.graded is null or s.graded = l.graded)
        and (s.search_vector @@ l.matches or (l.run_together is not null and s.search_compact like l.run_together))`;

/** 0225's upkeep of the kept lists: drop those a row back in stock or with a listed column changed was in or joins. */
const listsDropped = (listedOnly: boolean) => sql`
      if moved_items <= ${sql.lit(SCOPED_MOVES_AT_MOST)}${listedOnly ? sql` and exists (select 1 ${listedRows})` : sql``} then
        delete from catalogue_lists l where exists (
          select 1 ${listedRows}
            and (catalogue_list_reaches(l, n) or catalogue_list_reaches(l, o)));
      end if;`;

/**
 * The update trigger's function, with its upkeep of the kept search lists. 0228 (`listsDropped(true)`):
 * the lists are read only when a row came back in stock or changed a listed column; without that
 * every sale read every kept list. 0229 counts items past a list's end instead of dropping it.
 */
export const stockItemsUpdated = (listsUpkeep: RawBuilder<unknown> | boolean) => sql`
    create or replace function stock_items_updated() returns trigger language plpgsql as $$
    declare
      moved_items int;
    begin
      select count(*) into moved_items from new_rows n join old_rows o using (stock_item_id) where ${differ(SHOWN_COLUMNS)};
      if moved_items > ${sql.lit(SCOPED_MOVES_AT_MOST)} then
        perform catalogue_bump();
      end if;
      insert into stock_availability_feed (stock_item_id, available, sales_quantity, sales_value, back_in_stock, moved, moved_from)
        select n.stock_item_id, n.available, n.sales_quantity, n.sales_value, n.available > 0 and o.available <= 0,
          c.shown, case when c.shown then catalogue_place(o) end
        from new_rows n join old_rows o using (stock_item_id),
          lateral (select ${differ(SHOWN_COLUMNS)} and moved_items <= ${sql.lit(SCOPED_MOVES_AT_MOST)} as shown) c
        where c.shown or ${differ(COUNTED_COLUMNS)}
        order by n.stock_item_id;
      if moved_items > 0 then
${changedWordsKept}
      end if;
${typeof listsUpkeep === 'boolean' ? listsDropped(listsUpkeep) : listsUpkeep}
${feedPruning}
      return null;
    end $$;`;

/** `condition and `, or nothing. */
const narrowed = (condition: RawBuilder<unknown> | null) => (condition ? sql`${condition} and ` : sql``);

/**
 * The insert trigger's function: an item added is reported in the feed and drops the kept lists it
 * joins. `listsNarrowed`: a condition on list `l` weighed before the lists are matched (0234's words).
 */
export const stockItemsInserted = (listsNarrowed: RawBuilder<unknown> | null) => sql`
    create or replace function stock_items_inserted() returns trigger language plpgsql as $$
    begin
      if (select count(*) from new_rows) > ${sql.lit(SCOPED_MOVES_AT_MOST)} then
        perform catalogue_bump();
      else
        insert into stock_availability_feed (stock_item_id, available, sales_quantity, sales_value, moved)
          select n.stock_item_id, n.available, n.sales_quantity, n.sales_value, true from new_rows n order by n.stock_item_id;
        delete from catalogue_lists l where ${narrowed(listsNarrowed)}exists (select 1 from new_rows n where catalogue_list_reaches(l, n));
      end if;
${addedWordsKept}
      return null;
    end $$;
`;

/** The delete trigger's function: an item deleted is reported in the feed with where it was, and drops the kept lists it was in. */
export const stockItemsDeleted = (listsNarrowed: RawBuilder<unknown> | null) => sql`
    create or replace function stock_items_deleted() returns trigger language plpgsql as $$
    begin
      if (select count(*) from old_rows) > ${sql.lit(SCOPED_MOVES_AT_MOST)} then
        perform catalogue_bump();
      else
        insert into stock_availability_feed (stock_item_id, available, sales_quantity, sales_value, moved, moved_from)
          select o.stock_item_id, 0, o.sales_quantity, o.sales_value, true, catalogue_place(o) from old_rows o order by o.stock_item_id;
        delete from catalogue_lists l where ${narrowed(listsNarrowed)}exists (select 1 from old_rows o where catalogue_list_reaches(l, o));
      end if;
      return null;
    end $$;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table stock_availability_feed
      add column moved boolean not null default false,
      add column moved_from json;

    -- Where an item sits, as the API's StockPlace reads it: type, period, key, batch, its searched text,
    -- title, title run together, publisher (lower-cased), batch date (ms), price, in stock (0226 adds more).
    create function catalogue_place(s stock_items) returns json language sql stable as $$
      select json_build_array(s.item_type, s.period_type, s.key, s.batch_id,
        concat_ws(' ', s.main_description, s.variant_description, s.publisher, s.writer, s.artist, s.cover_artist, s.comic_id),
        s.main_description, s.search_compact, lower(s.publisher), extract(epoch from s.batch_date) * 1000, s.price, s.in_stock)
    $$;

    -- Whether a kept search list holds (or would hold) this row: searchStock.ts's filters, as kept with the list.
    create function catalogue_list_reaches(l catalogue_lists, s stock_items) returns boolean language sql stable as $$
      select s.in_stock
        and ${listFilters}
    $$;

${stockItemsUpdated(false)}
${stockItemsInserted(null)}
${stockItemsDeleted(null)}
    drop trigger stock_items_deleted on stock_items;
    create trigger stock_items_deleted after delete on stock_items
      referencing old table as old_rows for each statement execute function stock_items_deleted();
    drop trigger stock_items_issue_updated on stock_items;
    drop function stock_items_issue_updated();
    drop trigger stock_items_grading_changed on stock_items;
  `.execute(db);
}
