import { sql, type Kysely } from 'kysely';
import { feedPruning, stockMovementReports } from './0202_catalogue_changes.ts';

/**
 * A hold, release or sale no longer reads the kept search lists unless it sold an item out.
 *
 * 0202's update trigger ran `delete from catalogue_lists where ids && (the items sold out)` on every
 * statement that moved stock, even when nothing sold out, and the planner chose a sequential scan
 * (the lists' ids live in TOAST, which its costs do not count): every kept list's ids were read for
 * every projected checkout, 27-40 ms of the database with 2,000 lists, growing with them. Now the
 * items sold out are gathered first; only when there are some are the lists naming them found, through
 * the GIN index on `ids` (`catalogue_lists_drop_naming`, its sequential scan turned off for that statement).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function catalogue_lists_drop_naming(sold_out text[]) returns void language sql
      set enable_seqscan = off as $$
      delete from catalogue_lists where ids && sold_out;
    $$;

    create or replace function stock_items_updated() returns trigger language plpgsql as $$
    declare
      sold_out text[];
    begin
${stockMovementReports}
      select array_agg(n.stock_item_id) into sold_out
        from new_rows n join old_rows o using (stock_item_id)
        where n.available <= 0 and o.available > 0;
      if sold_out is not null then
        perform catalogue_lists_drop_naming(sold_out);
      end if;
${feedPruning}
      return null;
    end $$;
  `.execute(db);
}
