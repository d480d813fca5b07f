import { sql, type Kysely } from 'kysely';
import { differ, LISTED_COLUMNS, SCOPED_MOVES_AT_MOST, stockItemsUpdated } from './0225_item_changes_scoped.ts';

/**
 * A kept search list survives its items selling out and coming back: only its `total` moves, by one.
 * Until now a last copy held by a checkout made the next read of every list naming it on the page
 * read compute the list again (0223), and the copy released dropped every list it matched; each was
 * then read whole again (beside checkouts, the database's largest cost: a publisher's list is 30,000
 * matches).
 *
 * - An item of a list's ids sold out stays in them; a page read passes over it (searchStock.ts reads
 *   a few ids past the page's end to fill it), and the total counts one fewer. Back in stock, it is
 *   in its place again and counted again.
 * - An item past the list's end (a list keeps at most 2,000 ids; a common term's item lands past them
 *   far more often than not) changes only the total. A list kept past its end records its order
 *   (`sort`), how it ranks an item (`starts`: the title run together starts with the term, tier 0;
 *   `run_together`, tier 1; `title_matches`, tier 2) and the sort key of its last kept item
 *   (`last_*`). `catalogue_list_past_end` says whether an item sorts after that; a grade order, a
 *   list of all its matches or an unknown key never does.
 * - Anything else that reaches a list drops it, as before: an item back in stock that lands within
 *   the ids (it was sold out when the list was kept), or an edit of a listed column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table catalogue_lists
      add column sort text,
      add column starts text,
      add column title_matches tsquery,
      add column last_tier int,
      add column last_batch_date timestamptz,
      add column last_price int,
      add column last_sort_title text collate "C",
      add column last_added_position bigint;

    -- Whether the item sorts after the last item a list keeps (searchStock.ts's SEARCH_ORDER), so that
    -- joining or leaving it changes none of the list's ids. No when not known.
    create function catalogue_list_past_end(l catalogue_lists, s stock_items) returns boolean language sql stable as $$
      select coalesce(case l.sort
        when 'relevance' then
          (${listTier('s')},
           l.last_batch_date, s.sort_title, s.added_position)
          > (l.last_tier, s.batch_date, l.last_sort_title, l.last_added_position)
        when 'newest' then (l.last_batch_date, s.sort_title, s.added_position) > (s.batch_date, l.last_sort_title, l.last_added_position)
        when 'price-asc' then (s.price, s.sort_title, s.added_position) > (l.last_price, l.last_sort_title, l.last_added_position)
        when 'price-desc' then (l.last_price, s.sort_title, s.added_position) > (s.price, l.last_sort_title, l.last_added_position)
      end, false)
    $$;
  `.execute(db);
  await stockItemsUpdated(listsCountedPastTheirEnd).execute(db);
}

/**
 * The relevance tier under kept list `l` of the stock row `row` (searchStock.ts's searchPlan): its
 * title run together starts with the term, contains it, has every word in the title, elsewhere.
 */
export const listTier = (row: string) =>
  sql.raw(`case when l.starts is not null and ${row}.search_compact like l.starts then 0
                when l.run_together is not null and ${row}.search_compact like l.run_together then 1
                when ${row}.search_vector @@ l.title_matches then 2 else 3 end`);

/** The rows of the update that moved in or out of stock or changed a listed column. */
export const crossedOrListed = sql`new_rows n join old_rows o using (stock_item_id)
          where (n.in_stock <> o.in_stock or ${differ(LISTED_COLUMNS)})`;

/** Each kept list with each row of the update that it matched before or matches now. */
export const listsReached = sql`from catalogue_lists k, ${crossedOrListed}
            and (catalogue_list_reaches(k, n) or catalogue_list_reaches(k, o))`;

/** The lists a `hit` CTE (key, change) drops. */
export const hitDropped = sql`dropped as (
          delete from catalogue_lists l where l.key in (select key from hit where change = 'drop') returning l.key
        )`;

/**
 * One read of the kept lists per statement that moved an item in or out of stock or changed a listed
 * column: what each row does to each list it reaches (was or is in), then the lists dropped and the
 * totals moved (never the same list: a list dropped is not counted).
 */
const listsCountedPastTheirEnd = sql`
      if moved_items <= ${sql.lit(SCOPED_MOVES_AT_MOST)} and exists (select 1 from ${crossedOrListed}) then
        with hit as materialized (
          select k.key,
            case when ${differ(LISTED_COLUMNS)} then 'drop'
                 when n.stock_item_id = any(k.ids) or catalogue_list_past_end(k, n) then case when n.in_stock then 'more' else 'fewer' end
                 when n.in_stock then 'drop'
            end as change
          ${listsReached}
        ),
        ${hitDropped}
        update catalogue_lists l set total = l.total + c.delta
        from (
          select key, sum(case change when 'more' then 1 else -1 end)::int as delta from hit
          where change in ('more', 'fewer') and key not in (select key from hit where change = 'drop')
          group by key
        ) c
        where l.key = c.key;
      end if;`;
