import { sql, type Kysely } from 'kysely';
import { differ, listFilters, LISTED_COLUMNS, stockItemsUpdated } from './0225_item_changes_scoped.ts';
import { listTier } from './0229_kept_lists_counted_past_their_end.ts';
import { listsKnowTheirGone } from './0230_kept_lists_know_their_gone.ts';

/**
 * An edit drops a kept search list only when it could move the item within the list: when the item
 * joins or leaves the list's matches, or its sort key under the list's order changes. Until now any
 * change of a listed column dropped every list the item matched, so repricing one comic dropped the
 * list of every common word in its title or publisher ("comics", "marvel": 50,000 matches, read whole
 * again by the next search). A price is not in a relevance or newest order, so an admin repricing
 * stock now leaves those lists kept; the page read takes every shown column from the stock itself.
 *
 * A list of an unknown order (kept before 0229) is dropped as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- What a kept list matches, in stock or not (0225's catalogue_list_reaches: and in stock).
    create function catalogue_list_matches(l catalogue_lists, s stock_items) returns boolean language sql stable as $$
      select ${listFilters}
    $$;

    -- Whether an edit (o: before, n: after) could move the item within the list: it joins or leaves the
    -- list's matches, or its sort key under the list's order (searchStock.ts's SEARCH_ORDER) changes.
    -- Yes for an order not known.
    create function catalogue_list_moves(l catalogue_lists, n stock_items, o stock_items) returns boolean language sql stable as $$
      select catalogue_list_matches(l, n) is distinct from catalogue_list_matches(l, o)
        or coalesce(case
          when l.sort = 'relevance' then (${listTier('n')}, n.batch_date, n.sort_title, n.added_position)
            is distinct from (${listTier('o')}, o.batch_date, o.sort_title, o.added_position)
          when l.sort = 'newest' then (n.batch_date, n.sort_title, n.added_position) is distinct from (o.batch_date, o.sort_title, o.added_position)
          when l.sort in ('price-asc', 'price-desc') then (n.price, n.sort_title, n.added_position) is distinct from (o.price, o.sort_title, o.added_position)
          when l.sort = 'grade-desc' then (n.grade, n.sort_title, n.added_position) is distinct from (o.grade, o.sort_title, o.added_position)
        end, true)
    $$;
  `.execute(db);
  // An edit that leaves the item in its place changes nothing of the list unless the same row also
  // moved it in or out of stock, which the rest of 0230's cases count.
  await stockItemsUpdated(listsKnowTheirGone(editsInPlaceKept)).execute(db);
}

/** A row's change to a list when its listed columns changed: dropped only if it could move within the list. */
export const editsInPlaceKept = sql`when ${differ(LISTED_COLUMNS)} and catalogue_list_moves(k, n, o) then 'drop'
                 when n.in_stock = o.in_stock then null`;
