import { sql, type Kysely } from 'kysely';
import { feedPruning, stockMovementReports } from './0202_catalogue_changes.ts';

/**
 * A kept search list naming an item that sold out is found when a page of it is read, no longer
 * when the stock moves.
 *
 * 0221 dropped such lists from the stock trigger, finding them through a GIN index on `ids`. That
 * index cost every list written its 2,000 entries: a computed list took 25-45 ms more, a typo's
 * copy of its correction's list 44 ms (median, bench:mixed), and the index's pending entries were
 * merged in whichever statement crossed the limit. The search now reads each page's items with
 * their `in_stock` and computes the list again when one of them sold out (services' searchStock.ts),
 * so a shopper still never sees a short page, and a stock movement touches no list at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function stock_items_updated() returns trigger language plpgsql as $$
    begin
${stockMovementReports}
${feedPruning}
      return null;
    end $$;

    drop function catalogue_lists_drop_naming(text[]);
    drop index catalogue_lists_ids;
  `.execute(db);
}
