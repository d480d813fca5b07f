import { sql, type Kysely, type RawBuilder } from 'kysely';
import { stockItemsDeleted, stockItemsInserted, stockItemsUpdated } from './0225_item_changes_scoped.ts';
import { crossedOrListed } from './0229_kept_lists_counted_past_their_end.ts';
import { listsKnowTheirGone } from './0230_kept_lists_know_their_gone.ts';
import { editsInPlaceKept } from './0231_kept_lists_survive_edits_in_place.ts';

/**
 * A stock change finds the kept search lists it could reach through an index of their words, instead
 * of weighing every kept list. Until now an item selling out, coming back, or added, edited or deleted
 * matched every list against it (`catalogue_list_reaches`), so its cost grew with every distinct
 * search kept since the structure last moved (bench:sell-outs: 4.1 ms at 3,000 lists, 16.1 ms at
 * 30,000), and a comic shop's back issues are mostly single copies, each sale a sell-out.
 *
 * - `reach_keys` (generated from what the list matches): `w:` and each word of its tsquery, and `t:`
 *   and the first five letters of its words run together (all of them when fewer); `*` when neither
 *   can be told (a negation, a run-together term shorter than three letters), which every item reaches.
 * - `catalogue_item_keys`: `*`, `w:` and every prefix of each word of the item's search vector, and
 *   `t:` and every run of three to five letters of its title run together. A list matches an item
 *   only if some word of its query is a prefix of one of the item's words (a query without negation
 *   needs one of its words to match) or its run-together term is inside the item's, so a list
 *   reaching an item always shares a key with it; the index narrows, `catalogue_list_reaches` still
 *   decides.
 * - The kept lists are emptied first, as a new batch empties them: adding a stored column would
 *   otherwise rewrite every list (its ids out of line) under a lock that holds up every search miss
 *   while the migration runs, and the next search of each term computes its list again anyway. (An
 *   index on the expression instead rewrites nothing, but recomputing each candidate's keys made a
 *   sell-out half as slow again.)
 * - The index has no pending list (`fastupdate = off`): a list writes its few keys into it at once,
 *   where a pending list is read whole by every lookup until it is merged (0222's lesson, on `ids`).
 * - A list's ids are looked through only when the item does not sort past the list's end, which says
 *   it is not among them without reading them (a common term's list keeps 2,000 ids, read out of line).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function catalogue_list_keys(matches tsquery, run_together text) returns text[]
    language sql immutable parallel safe as $$
      select case when position('!' in q.text) > 0 or position(E'\\\\' in q.text) > 0 or cardinality(k.keys) = 0 then array['*'] else k.keys end
      from (select matches::text as text) q,
        lateral (select array(
            select distinct 'w:' || replace(m[1], '''''', '''')
            from regexp_matches(q.text, '''((?:[^'']|'''')*)''', 'g') m)
          || case when run_together is null then '{}'::text[]
                  when run_together ~ '^%[a-z0-9]{3,}%$' then array['t:' || substr(run_together, 2, least(length(run_together) - 2, 5))]
                  else array['*'] end as keys) k
    $$;

    create function catalogue_item_keys(v tsvector, compact text) returns text[]
    language sql immutable parallel safe as $$
      select array['*']
        || array(select distinct 'w:' || left(w, i) from unnest(tsvector_to_array(v)) w, generate_series(1, length(w)) i)
        || array(select distinct 't:' || substr(compact, i, n) from generate_series(3, 5) n, generate_series(1, length(compact) - n + 1) i)
    $$;

    truncate catalogue_lists;
    alter table catalogue_lists add column reach_keys text[] generated always as (catalogue_list_keys(matches, run_together)) stored;
    create index catalogue_lists_reach_keys on catalogue_lists using gin (reach_keys) with (fastupdate = off);
  `.execute(db);
  await stockItemsUpdated(listsKnowTheirGone(editsInPlaceKept, pastEndThenListed, listsReachedByKeys)).execute(db);
  await stockItemsInserted(sql`l.reach_keys && ${keysOver(sql`from new_rows n`, itemKeys('n'))}`).execute(db);
  await stockItemsDeleted(sql`l.reach_keys && ${keysOver(sql`from old_rows o`, itemKeys('o'))}`).execute(db);
}

/** The keys of the stock row `alias` (0234's catalogue_item_keys). */
const itemKeys = (alias: string) => sql.raw(`catalogue_item_keys(${alias}.search_vector, ${alias}.search_compact)`);

/** Every key of `keys` over the rows `from`, as one array: read once for the statement (an InitPlan). */
const keysOver = (from: RawBuilder<unknown>, keys: RawBuilder<unknown>) =>
  sql`(select array_agg(distinct w) from (select ${keys} as keys ${from}) r, unnest(r.keys) w)`;

/** 0230's cases in the other order: an item past the list's end is not among its ids, so they need not be read. */
const pastEndThenListed = sql`when catalogue_list_past_end(k, n) then case when n.in_stock then 'more' else 'fewer' end
                 when n.stock_item_id = any(k.ids) then case when n.in_stock then 'back' else 'gone' end`;

/** 0229's lists reached, found by the keys of the rows that moved in or out of stock or changed a listed column. */
const listsReachedByKeys = sql`from catalogue_lists k, ${crossedOrListed}
            and k.reach_keys && ${keysOver(sql`from ${crossedOrListed}`, sql`${itemKeys('n')} || ${itemKeys('o')}`)}
            and (catalogue_list_reaches(k, n) or catalogue_list_reaches(k, o))`;
