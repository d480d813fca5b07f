import { sql, type Kysely, type RawBuilder } from 'kysely';
import { differ, LISTED_COLUMNS, SCOPED_MOVES_AT_MOST, stockItemsUpdated } from './0225_item_changes_scoped.ts';
import { crossedOrListed, hitDropped, listsReached } from './0229_kept_lists_counted_past_their_end.ts';

/**
 * A kept search list names the items of its ids sold out since it was kept (`gone`), so that reading
 * a page of it needs no look at the stock: the page is its ids without those, cut at the page's
 * bounds, and only the page's own items are read. Until now (0229) a page read every id from the
 * list's start to past the page's end against `stock_items` to pass over the items sold out: three
 * times the rows of a page on the first, more on every later one.
 *
 * The trigger moves an item of a list's ids into `gone` as it sells out and out of it as it comes back
 * (and the total down and up, as 0229 did). Every other change reaches the list as 0229's does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table catalogue_lists add column gone text[] not null default '{}'`.execute(db);
  await stockItemsUpdated(listsKnowTheirGone(sql`when ${differ(LISTED_COLUMNS)} then 'drop'`)).execute(db);
}

/** An item of a list's ids goes to `gone` and back; one past the list's end changes only its total. */
const listedThenPastEnd = sql`when n.stock_item_id = any(k.ids) then case when n.in_stock then 'back' else 'gone' end
                 when catalogue_list_past_end(k, n) then case when n.in_stock then 'more' else 'fewer' end`;

/**
 * One read of the kept lists per statement that moved an item in or out of stock or changed a listed
 * column: what each row does to each list it reaches (was or is in), then the lists dropped, and the
 * totals and `gone` moved (never the same list: a list dropped is not counted). `edited`: the first
 * `when` clauses of a row's change, for a row whose listed columns changed (0231 keeps more lists);
 * `placed`: the clauses telling an item of the ids from one past the end; `reached`: the lists and rows
 * weighed (0234 finds the lists by their words and asks about the end first).
 */
export const listsKnowTheirGone = (edited: RawBuilder<unknown>, placed = listedThenPastEnd, reached = listsReached) => sql`
      if moved_items <= ${sql.lit(SCOPED_MOVES_AT_MOST)} and exists (select 1 from ${crossedOrListed}) then
        with hit as materialized (
          select k.key, n.stock_item_id as id,
            case ${edited}
                 ${placed}
                 when n.in_stock then 'drop'
            end as change
          ${reached}
        ),
        ${hitDropped}
        update catalogue_lists l
        set total = l.total + c.delta,
          gone = array(select g from unnest(l.gone) g where g <> all(c.back)) || c.went
        from (
          select key, sum(case when change in ('more', 'back') then 1 else -1 end)::int as delta,
            coalesce(array_agg(id) filter (where change = 'gone'), '{}') as went,
            coalesce(array_agg(id) filter (where change = 'back'), '{}') as back
          from hit
          where change in ('more', 'fewer', 'back', 'gone') and key not in (select key from hit where change = 'drop')
          group by key
        ) c
        where l.key = c.key;
      end if;`;
