import { sql, type Kysely } from 'kysely';
import { changedWordsKept, feedPruning, STATIC_COLUMNS } from './0202_catalogue_changes.ts';

/**
 * An item coming back in stock no longer moves the structure version: only the answers it could
 * join are computed again.
 *
 * Until now a last copy coming back (a checkout undone: a declined card, a charge that failed; a
 * pull-list reservation let go; an admin's stock count) moved the structure, and every kept search
 * list and every answer every API process held went with it. A comic shop's back issues are mostly
 * single copies, so on a busy evening that was the whole catalogue cache, again and again.
 *
 * - The feed row of such a change says so (`back_in_stock`); the API reads the item's mode and batch
 *   with it and drops only the answers that could list it (services' catalogueCache.ts).
 * - Each kept search list holds what it matches (`matches` and the filters it was read with), so the
 *   lists the item joins go, and the rest stay: one tsquery per kept list against the changed rows.
 *   Lists kept before this migration do not know what they match and go now.
 */
export const backInStockRows = sql`
        from new_rows n join old_rows o using (stock_item_id)
        where n.available > 0 and o.available <= 0`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table stock_availability_feed add column back_in_stock boolean not null default false;

    delete from catalogue_lists;
    alter table catalogue_lists
      add column matches tsquery not null,
      add column run_together text,
      add column item_types text[] not null,
      add column publisher text,
      add column grade_min numeric,
      add column grade_max numeric,
      add column graded boolean,
      -- The words it matched (a typo's copy: its correction's), for the API's reach of its answers.
      add column words text[] not null;

    create or replace function stock_items_updated() returns trigger language plpgsql as $$
    begin
      insert into stock_availability_feed (stock_item_id, available, sales_quantity, sales_value, back_in_stock)
        select n.stock_item_id, n.available, n.sales_quantity, n.sales_value, n.available > 0 and o.available <= 0
        from new_rows n join old_rows o using (stock_item_id)
        where (n.available, n.sales_quantity, n.sales_value) is distinct from (o.available, o.sales_quantity, o.sales_value)
        order by n.stock_item_id;
      if exists (
        select 1 from new_rows n join old_rows o using (stock_item_id)
        where (${sql.raw(STATIC_COLUMNS.map((c) => `n.${c}`).join(', '))}) is distinct from (${sql.raw(STATIC_COLUMNS.map((c) => `o.${c}`).join(', '))})
      ) then
        perform catalogue_bump();
${changedWordsKept}
      elsif exists (select 1 ${backInStockRows}) then
        delete from catalogue_lists l where exists (
          select 1 ${backInStockRows}
            and n.item_type = any(l.item_types)
            and (l.publisher is null or lower(n.publisher) = l.publisher)
            and (l.grade_min is null or n.grade >= l.grade_min)
            and (l.grade_max is null or n.grade <= l.grade_max)
            and (l.graded is null or n.graded = l.graded)
            and (n.search_vector @@ l.matches or (l.run_together is not null and n.search_compact like l.run_together)));
      end if;
${feedPruning}
      return null;
    end $$;
  `.execute(db);
}
