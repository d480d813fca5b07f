import { sql, type Kysely, type RawBuilder } from 'kysely';
import { browseOffset, type SearchQuery } from '@shop/domain/catalogue/index';
import type { SiteSettings } from '@shop/domain/settings/siteSettings';
import type { ReadModels } from '@shop/projections/schema';
import { listTier } from '@shop/projections/catalogue/0229_kept_lists_counted_past_their_end';
import { PREPARED } from '../db/preparedStatements.ts';
import { BROWSE_ORDER, ordersByPriceOf, visibleItemTypes } from './catalogueQueries.ts';
import type { BrowseSortKey, CatalogueAnswer } from './catalogueCache.ts';
import { listedColumnsSql, type ItemJson, type ListedItem, type ListedRow } from './itemJson.ts';
import type { BrowseIndex } from './browseIndex.ts';
import { plainSearchWord } from './searchIndex.ts';
import { searchReach } from './searchReach.ts';
import { normaliseSearchTerm } from './searchTerms.ts';

type Db = Kysely<ReadModels>;

export interface SearchPage {
  comics: ListedItem[];
  /** Every match, not only this page's. */
  total: number;
}

/** Where a page's last item sorts: its relevance tier (null: not known) and the rest of its sort key. */
interface LastSorted {
  lastTier: number | null;
  lastKey: BrowseSortKey | null;
}

/**
 * A search's page, the words it searched for (the term's, and its correction's when it was
 * corrected) and the words its list ranks by, with where its last item sorts.
 */
export type SearchFound = SearchPage & LastSorted & { searched: string[][]; ranked: string[] };

/** A search's matches are kept in order up to this many (page 40 x 30 of the storefront is item 1,230). */
export const SEARCH_LIST_MAX = 2000;

/** Browse's orders, but relevance: the tier first (title starts with the term, contains it, has every word, elsewhere). */
const SEARCH_ORDER = {
  ...BROWSE_ORDER,
  relevance: sql`tier, batch_date desc, sort_title, added_position`,
} satisfies Record<SearchQuery['sort'], unknown>;

/** One search's SQL: its matches with their relevance tier, their order, its kept list's key and what the list matches. */
interface SearchPlan {
  key: string;
  words: string[];
  matches: RawBuilder<unknown>;
  order: RawBuilder<unknown>;
  /** Kept with the list, so that an item coming back in stock drops only the lists it joins (migration 0224). */
  reach: RawBuilder<unknown>;
  /** Every word a prefix of a word of the item (`matches` without its run-together half). */
  tsquery: string;
}

/** A page, and whether its list is in `catalogue_lists` (read or computed and kept now; not on a replica nor past SEARCH_LIST_MAX). */
type FoundPage = SearchPage &
  LastSorted & {
    kept: boolean;
    /** The words the page's list matched: a typo's kept list is its correction's. */
    words: string[];
  };

/**
 * Search: an item matches when every word of the term is a prefix of a word of its title, variant,
 * publisher, creators or comic id (full text, GIN index), or when the words run together occur in
 * its title run together ("spiderman" in "amazingspiderman12", trigram index). A term with no match
 * is corrected word by word against the catalogue's words (trigram similarity: "spidr" → "spider")
 * and searched again. Relevance ranks by cheap tiers (title starts with the term, title contains it,
 * every word in the title, elsewhere), then browse order, so ranking never computes a score per
 * match: only the page asked for is read, and of its items only their ids, counts and sort keys
 * (their JSON is the process's, `items`).
 *
 * The ordered matches are kept in `catalogue_lists` under the search's key; a corrected term's list
 * is kept under the typo's key too, so a kept search (typo or not) is one statement: its page's
 * items and the number of matches (and one more for the JSON of items the process has not kept).
 */
export async function searchStock(db: Db, term: string, query: SearchQuery, settings: SiteSettings, items: ItemJson): Promise<SearchFound> {
  const t = normaliseSearchTerm(term);
  if (t.words.length === 0) return { comics: [], total: 0, searched: [], ranked: [], lastTier: null, lastKey: null };
  const plan = searchPlan(t.words, query, settings);
  const exact = await findPage(db, plan, query, items);
  if (exact.total > 0) return found(exact, searched(t.words, exact.words));
  // A kept list of no matches is corrected again too: a concurrent search of the same typo may have
  // kept its exact list (none) over the correction's copy.
  const corrected = await correctedWords(db, t.words);
  if (!corrected) return found(exact, [t.words]);
  const fixedPlan = searchPlan(corrected, query, settings);
  const fixed = await findPage(db, fixedPlan, query, items);
  if (exact.kept && fixed.kept && fixed.total > 0) await keepUnder(db, plan, fixedPlan.key);
  return found(fixed, searched(t.words, corrected));
}

/**
 * searchStock's answer from the browse index's search (searchIndex.ts), in step with the feed, instead
 * of statements: only a typo's correction is read from the database, and kept. Null when the index
 * cannot answer: the grade order, a word PostgreSQL parses as more than one, or the index out of step.
 */
export async function indexedSearch(
  index: () => BrowseIndex | null,
  term: string,
  query: SearchQuery,
  settings: SiteSettings,
  correct: (words: readonly string[]) => Promise<string[] | null>,
  listed: (rows: readonly ListedRow[]) => Promise<ListedItem[]>,
): Promise<SearchFound | null> {
  const t = normaliseSearchTerm(term);
  if (t.words.length === 0) return { comics: [], total: 0, searched: [], ranked: [], lastTier: null, lastKey: null };
  if (query.sort === 'grade-desc' || !t.words.every(plainSearchWord)) return null;
  const at = index();
  if (!at?.search.ready()) return null;
  const exact = indexedPage(at, t.words, query, settings);
  if (exact.total > 0) return { ...(await withItems(exact, listed)), searched: [t.words], ranked: t.words };
  let corrected = at.search.correction(t.words);
  if (corrected === undefined) {
    const since = at.search.correctionsAt();
    corrected = await correct(t.words);
    at.search.keepCorrection(t.words, corrected, since);
  }
  if (!corrected) return { ...(await withItems(exact, listed)), searched: [t.words], ranked: t.words };
  // The correction was read from the database: the index may have moved on, or out of step, since.
  const again = index();
  if (!again?.search.ready() || !corrected.every(plainSearchWord)) return null;
  const fixed = indexedPage(again, corrected, query, settings);
  return { ...(await withItems(fixed, listed)), searched: searched(t.words, corrected), ranked: corrected };
}

/** A page of the index's search as a page of rows with where its last row sorts. */
function indexedPage(index: BrowseIndex, words: readonly string[], query: SearchQuery, settings: SiteSettings): PageRows {
  const search = {
    words,
    types: visibleItemTypes(settings),
    publisher: publisherAsked(query),
    gradeMin: query.gradeMin,
    gradeMax: query.gradeMax,
    graded: query.graded,
    sort: query.sort === 'grade-desc' ? 'relevance' : query.sort,
  } as const;
  const { items, total, lastTier } = index.search.page(search, browseOffset(query.page, query.limit), query.limit);
  const last = items.at(-1);
  return { rows: items.map((item) => item.row), total, ...lastSorted(last ? [{ ...last.row, tier: lastTier }] : []) };
}

/** The search call's answer as the catalogue cache keeps it: the page's comics (only items in stock) and `total`. */
export async function searchAnswer(
  db: Db,
  term: string,
  query: SearchQuery,
  settings: SiteSettings,
  items: ItemJson,
): Promise<CatalogueAnswer> {
  return searchAnswerOf(await searchStock(db, term, query, settings, items), query);
}

/** A search's page as the catalogue cache keeps it, with what an item's change reaches. */
export function searchAnswerOf({ comics, total, searched, ranked, lastTier, lastKey }: SearchFound, query: SearchQuery): CatalogueAnswer {
  // An item that sorts after a full page's last joins a later page and changes only `total` here,
  // which may then lag; never on the page where the matches end, so a page's total always says
  // whether more follow it (the web app pages by the last page's total).
  const matchesFollow = total > browseOffset(query.page, query.limit) + query.limit;
  const last = matchesFollow && comics.length === query.limit ? comics.at(-1) : undefined;
  const end = last && lastKey ? { words: ranked, sort: query.sort, last, lastKey, lastTier } : undefined;
  // An answer of no matches may be a typo with nothing yet to correct it to: any item added or
  // renamed may bring the word, so every move reaches it. The words corrections choose from are every
  // item's, in stock or not, so an item back in stock reaches it only by matching what was searched.
  return {
    comics: {
      field: 'comics',
      items: comics,
      inStockOnly: true,
      reach: searchReach(searched, publisherAsked(query), end),
      everyMoveReaches: total === 0,
      ordersByPrice: ordersByPriceOf(query.sort),
    },
    fields: { total },
  };
}

/** The publisher the search is narrowed to, lower-cased as the column is compared, or null. */
const publisherAsked = (query: SearchQuery): string | null => (query.publisher ? query.publisher.toLowerCase() : null);
const found = ({ comics, total, words, lastTier, lastKey }: FoundPage, searchedFor: string[][]): SearchFound => ({
  comics,
  total,
  searched: searchedFor,
  ranked: words,
  lastTier,
  lastKey,
});
/** The term's words, and the words its answer's list matched when they differ (a typo's kept copy of its correction). */
const searched = (words: string[], listed: string[]): string[][] => (words.join(' ') === listed.join(' ') ? [words] : [words, listed]);

function searchPlan(words: readonly string[], query: SearchQuery, settings: SiteSettings): SearchPlan {
  const tsquery = words.map((w) => `${w}:*`).join(' & ');
  const titleQuery = words.map((w) => `${w}:*A`).join(' & ');
  const compact = words.join('');
  const starts = compact.length >= 3 ? `${compact}%` : null;
  const contains = compact.length >= 3 ? `%${compact}%` : null;
  const types = visibleItemTypes(settings);
  const publisher = publisherAsked(query);
  const matches = sql`
    select stock_item_id, batch_date, sort_title, added_position, price, grade,
      case when ${starts}::text is not null and search_compact like ${starts} then 0
           when ${contains}::text is not null and search_compact like ${contains} then 1
           when search_vector @@ to_tsquery('simple', ${titleQuery}) then 2
           else 3 end as tier
    from stock_items
    where in_stock
      and item_type = any(${types}::text[])
      and (${publisher}::text is null or lower(publisher) = ${publisher})
      and (${query.gradeMin ?? null}::numeric is null or grade >= ${query.gradeMin ?? null}::numeric)
      and (${query.gradeMax ?? null}::numeric is null or grade <= ${query.gradeMax ?? null}::numeric)
      and (${query.graded ?? null}::boolean is null or graded = ${query.graded ?? null}::boolean)
      and (search_vector @@ to_tsquery('simple', ${tsquery}) or (${contains}::text is not null and search_compact like ${contains}))`;
  const key = [
    words.join(' '),
    query.sort,
    publisher ?? '',
    types.join(','),
    query.gradeMin ?? '',
    query.gradeMax ?? '',
    query.graded ?? '',
  ].join('|');
  const reach = sql`to_tsquery('simple', ${tsquery}), ${contains}::text, ${types}::text[], ${publisher}::text,
    ${query.gradeMin ?? null}::numeric, ${query.gradeMax ?? null}::numeric, ${query.graded ?? null}::boolean, ${words as string[]}::text[],
    ${query.sort}::text, ${starts}::text, to_tsquery('simple', ${titleQuery})`;
  return { key, words: [...words], matches, order: SEARCH_ORDER[query.sort], reach, tsquery };
}

/**
 * The page from the kept list, else from a list computed and kept now, else (a read replica, or past
 * the kept length) directly; its items' JSON from the process's (`items`).
 */
async function findPage(db: Db, plan: SearchPlan, query: SearchQuery, items: ItemJson): Promise<FoundPage> {
  const offset = browseOffset(query.page, query.limit);
  if (offset + query.limit <= SEARCH_LIST_MAX) {
    const listed = (await keptPage(db, plan.key, offset, query.limit)) ?? (await computedPage(db, plan, offset, query.limit));
    if (listed) return { ...(await withItems(listed, (rows) => items.listed(db, rows))), kept: true };
  }
  return {
    ...(await withItems(await directPage(db, plan, query, offset), (rows) => items.listed(db, rows))),
    kept: false,
    words: plan.words,
  };
}

/** A page of rows as a page of the items they list (`listed`: their JSON). */
async function withItems<P extends { rows: readonly ListedRow[] }>(
  page: P,
  listed: (rows: readonly ListedRow[]) => Promise<ListedItem[]>,
): Promise<Omit<P, 'rows'> & { comics: ListedItem[] }> {
  const { rows, ...rest } = page;
  return { ...rest, comics: await listed(rows) };
}

/**
 * A kept list (`l`: `total`, `ids`, `gone`, `words`) as a page read needs it, computed once in a
 * materialized CTE: an expression over `ids` in the page's select would read the whole array again
 * for every row. `page` is the page's ids, in the list's order: its ids without those sold out since
 * it was kept (`gone`, migration 0230), cut at the page's bounds. No stock is read to find them.
 */
const listForPage = (offset: number, limit: number) => sql`
  l.total, l.words, cardinality(l.ids) as length, cardinality(l.gone) as gone_count, l.starts, l.run_together, l.title_matches,
  case when cardinality(l.gone) = 0 then l.ids[${offset + 1}:${offset + limit}]
    else array(
      select u.id from unnest(l.ids[1:${offset + limit} + cardinality(l.gone)]) with ordinality as u(id, i)
      where u.id <> all(l.gone) order by u.i offset ${offset} limit ${limit})
  end as page`;

/**
 * The page's items of a list (`list` a one-row CTE of `listForPage`), in the list's order, each with
 * whether it is in stock (one sold out that the list does not name as gone, because it sold out
 * while the list was being read, makes the page computed again) and its relevance tier as the list
 * ranks it (migration 0229's `listTier`; not known for a list kept before it).
 */
const listedItems = sql`
  select l.total, l.words as list_words, l.length as list_length, l.gone_count, p.*
  from list l
  left join lateral (
    select v.place as list_place, s.in_stock as listed_in_stock,
      case when l.title_matches is not null then ${listTier('s')} end as tier,
      ${listedColumnsSql('s')}
    from unnest(l.page) with ordinality as v(id, place)
    left join stock_items s on s.stock_item_id = v.id
  ) p on true
  order by p.list_place`;

type KeptListRow = ListedRow & {
  tier: number | null;
  total: number;
  list_words: string[];
  list_length: number;
  gone_count: number;
  list_place: number | null;
  listed_in_stock: boolean | null;
};

/** A search's page as read: its rows, the number of matches and where its last row sorts. */
interface PageRows extends LastSorted {
  rows: ListedRow[];
  total: number;
}

type ListedPage = PageRows & { words: string[] };

/**
 * No row: no list. One row without an item: the list has nothing on this page. Null too when an item
 * on the page is not in stock (sold out while the list was read), or when the page reaches past the
 * ids still in stock of a list that keeps fewer than its matches (the page's last items are past them).
 */
function pageOfList(rows: readonly KeptListRow[], offset: number, limit: number): ListedPage | null {
  const first = rows[0];
  if (!first) return null;
  if (rows.some((r) => r.list_place !== null && r.listed_in_stock !== true)) return null;
  if (first.list_length >= SEARCH_LIST_MAX && offset + limit > first.list_length - first.gone_count) return null;
  const listed = rows.filter((r) => r.list_place !== null);
  return { rows: listed, total: first.total, words: first.list_words, ...lastSorted(listed) };
}

/** Where the last of a page's rows sorts. */
function lastSorted(rows: readonly (ListedRow & { tier: number | null })[]): LastSorted {
  const last = rows.at(-1);
  if (!last) return { lastTier: null, lastKey: null };
  return { lastTier: last.tier, lastKey: { sortTitle: last.sort_title, addedPosition: String(last.added_position) } };
}

/** The kept list of the structure the catalogue has now, unless its page could be wrong (`pageOfList`). Prepared: every miss of a kept search sends it. */
async function keptPage(db: Db, key: string, offset: number, limit: number): Promise<ListedPage | null> {
  const { rows } = await sql<KeptListRow>`${sql.raw(PREPARED)}
    with list as materialized (
      select ${listForPage(offset, limit)}
      from catalogue_lists l join catalogue_versions v on v.id = 1 and v.structure = l.structure
      where l.key = ${key}
    )
    ${listedItems}`.execute(db);
  return pageOfList(rows, offset, limit);
}

/**
 * The list of matches, read and kept in one statement (one snapshot: the structure it is stamped
 * with is the one it was read at). Null on a read replica (`DATABASE_READ_URL`), where nothing can be
 * kept: the primary's kept lists are read there once they replicate.
 */
async function computedPage(db: Db, plan: SearchPlan, offset: number, limit: number): Promise<ListedPage | null> {
  const result = await sql<KeptListRow>`
    with m as materialized (${plan.matches}),
    o as materialized (select * from m order by ${plan.order} limit ${SEARCH_LIST_MAX}),
    total as (select count(*) as n from m),
    -- The sort key of the last item kept, when some matches are not: an item past it changes only the total (0229).
    past as (select o.* from o, total where total.n > ${SEARCH_LIST_MAX} offset ${SEARCH_LIST_MAX - 1}),
    kept as (
      insert into catalogue_lists (key, structure, total, ids, ${LIST_REACH}, ${LAST_KEPT})
      select ${plan.key}, v.structure, (select n from total), coalesce((select array_agg(stock_item_id) from o), '{}'),
        ${plan.reach},
        past.tier, past.batch_date, past.price, past.sort_title, past.added_position
      from catalogue_versions v left join past on true where v.id = 1
      on conflict (key) do update set ${KEPT_AGAIN}
      returning total, ids, gone, words, starts, run_together, title_matches
    ),
    list as materialized (select ${listForPage(offset, limit)} from kept l)
    ${listedItems}`
    .execute(db)
    .catch(nullOnReadOnly);
  return result && pageOfList(result.rows, offset, limit);
}

/** A kept list's columns saying what it matches, in `SearchPlan.reach`'s order. */
const REACH_COLUMNS = [
  'matches',
  'run_together',
  'item_types',
  'publisher',
  'grade_min',
  'grade_max',
  'graded',
  'words',
  'sort',
  'starts',
  'title_matches',
];
const LIST_REACH = sql.raw(REACH_COLUMNS.join(', '));
/** The same but `matches`, which a typo's copy widens with the typo's own words. */
const REACH_BUT_MATCHES = sql.raw(REACH_COLUMNS.filter((c) => c !== 'matches').join(', '));
/** The sort key of the last item a list keeps, when it keeps fewer than its matches (migration 0229). */
const LAST_KEPT_COLUMNS = ['last_tier', 'last_batch_date', 'last_price', 'last_sort_title', 'last_added_position'];
const LAST_KEPT = sql.raw(LAST_KEPT_COLUMNS.join(', '));
const KEPT_AGAIN = sql.raw(
  ['structure', 'total', 'ids', 'gone', ...REACH_COLUMNS, ...LAST_KEPT_COLUMNS].map((c) => `${c} = excluded.${c}`).join(', '),
);

/**
 * A typo's answer is its correction's: kept under the typo's key, its next search is one statement.
 * The copy matches the typo's own words too, so that an item added or renamed with them (the typo
 * is a word of the catalogue now, and the search finds it uncorrected) drops it. An item already in
 * the catalogue never has them: a word some item starts with is never corrected.
 */
async function keepUnder(db: Db, typo: SearchPlan, correctedKey: string): Promise<void> {
  await sql`
    insert into catalogue_lists (key, structure, total, ids, gone, matches, ${REACH_BUT_MATCHES}, ${LAST_KEPT})
    select ${typo.key}, structure, total, ids, gone, matches || to_tsquery('simple', ${typo.tsquery}), ${REACH_BUT_MATCHES}, ${LAST_KEPT}
    from catalogue_lists where key = ${correctedKey}
    on conflict (key) do update set ${KEPT_AGAIN}`
    .execute(db)
    .catch(nullOnReadOnly);
}

/** PostgreSQL's "cannot execute ... in a read-only transaction" (a hot standby) as null. */
function nullOnReadOnly(e: unknown): null {
  if ((e as { code?: string }).code === '25006') return null;
  throw e;
}

/** A page past the kept list (or on a replica): counted and ordered from the matches themselves. */
async function directPage(db: Db, plan: SearchPlan, query: SearchQuery, offset: number): Promise<PageRows> {
  const { rows } = await sql<ListedRow & { total: string; tier: number }>`
    with matches as materialized (${plan.matches}),
    page as (
      select *, count(*) over () as total, row_number() over (order by ${plan.order}) as place
      from matches order by ${plan.order} limit ${query.limit} offset ${offset}
    )
    select page.total, page.tier, ${listedColumnsSql('s')}
    from page join stock_items s using (stock_item_id)
    order by page.place`.execute(db);
  if (rows.length > 0) return { rows, total: Number(rows[0]!.total), ...lastSorted(rows) };
  const count = await sql<{ n: string }>`with matches as (${plan.matches}) select count(*) as n from matches`.execute(db);
  return { rows: [], total: Number(count.rows[0]!.n), lastTier: null, lastKey: null };
}

/**
 * The term's words with each one the catalogue does not know (no word starts with it) replaced by
 * the most similar word it does know; null when nothing could be corrected.
 */
export async function correctedWords(db: Db, words: readonly string[]): Promise<string[] | null> {
  const { rows } = await sql<{ word: string; fix: string | null }>`
    select u.word,
      case when length(u.word) < 3 or u.word ~ '^[0-9]+$'
             or exists (select 1 from search_words k where k.word >= u.word collate "C" and k.word < (u.word || '{') collate "C") then null
           else (select k.word from search_words k where k.word % u.word order by similarity(k.word, u.word) desc, k.word limit 1)
      end as fix
    from unnest(${words as string[]}::text[]) with ordinality as u(word, i)
    order by u.i`.execute(db);
  if (!rows.some((r) => r.fix)) return null;
  return rows.map((r) => r.fix ?? r.word);
}
