import { sql, type Kysely } from 'kysely';
import {
  browseOffset,
  homepageOffset,
  homepageRowsOffset,
  HOMEPAGE_PAGE_SIZE,
  HOMEPAGE_ROWS_PER_PAGE,
  type BrowseQuery,
  type SearchQuery,
} from '@shop/domain/catalogue/index';
import type { SiteSettings } from '@shop/domain/settings/siteSettings';
import type { ReadModels } from '@shop/projections/schema';
import { batchView, COMIC_COLUMNS, comicView, type ComicView } from './comicView.ts';
import { normaliseSearchTerm } from './searchTerms.ts';

type Db = Kysely<ReadModels>;

/** Item types shoppers may see: games and accessories only while the site settings show them. */
export function visibleItemTypes(settings: Pick<SiteSettings, 'hideGames' | 'hideAccessories'>): string[] {
  return ['comic', ...(settings.hideGames ? [] : ['game']), ...(settings.hideAccessories ? [] : ['accessory'])];
}

/**
 * PUT /api/stock/: one browse mode, in stock, newest batch first, then title (numbers in order).
 * The page's ids come from the browse index alone (it includes the id), then only those rows are read.
 */
export async function browseStock(db: Db, query: BrowseQuery, settings: SiteSettings): Promise<ComicView[]> {
  if (!visibleItemTypes(settings).includes(query.itemType)) return [];
  const rows = await db
    .with('page', (w) => {
      let q = w.selectFrom('stock_items').select(['stock_item_id']).where('in_stock', '=', true);
      if (query.mode === 'key-comics') {
        q = q.where('key', '=', true).where('item_type', '=', 'comic');
      } else {
        q = q.where('item_type', '=', query.itemType);
        if (query.periodType) q = q.where('period_type', '=', query.periodType);
      }
      if (query.batchId) q = q.where('batch_id', '=', query.batchId);
      if (query.gradeMin !== undefined) q = q.where('grade', '>=', String(query.gradeMin));
      if (query.gradeMax !== undefined) q = q.where('grade', '<=', String(query.gradeMax));
      if (query.graded !== undefined) q = q.where('graded', '=', query.graded);
      return q
        .select(sql<number>`row_number() over (order by ${BROWSE_ORDER[query.sort]})`.as('place'))
        .orderBy(BROWSE_ORDER[query.sort])
        .offset(browseOffset(query.page, query.limit))
        .limit(query.limit);
    })
    .selectFrom('page')
    .innerJoin('stock_items as s', 's.stock_item_id', 'page.stock_item_id')
    .select(COMIC_COLUMNS.map((c) => `s.${c}` as const))
    .orderBy('page.place')
    .execute();
  return rows.map((r) => comicView(r));
}

export interface SearchPage {
  comics: ComicView[];
  /** Every match, not only this page's. */
  total: number;
}

/**
 * Search: an item matches when every word of the term is a prefix of a word of its title, variant,
 * publisher, creators or comic id (full text, GIN index), or when the words run together occur in
 * its title run together ("spiderman" in "amazingspiderman12", trigram index). A term with no match
 * is corrected word by word against the catalogue's words (trigram similarity: "spidr" → "spider")
 * and searched again. Relevance ranks by cheap tiers (title starts with the term, title contains it,
 * every word in the title, elsewhere), then browse order, so ranking never computes a score per
 * match: only the page asked for is read in full.
 */
export async function searchStock(db: Db, term: string, query: SearchQuery, settings: SiteSettings): Promise<SearchPage> {
  const t = normaliseSearchTerm(term);
  if (t.words.length === 0) return { comics: [], total: 0 };
  const exact = await searchPage(db, t.words, query, settings);
  if (exact.total > 0) return exact;
  const corrected = await correctedWords(db, t.words);
  return corrected ? searchPage(db, corrected, query, settings) : exact;
}

const SEARCH_ORDER = {
  relevance: sql`tier, batch_date desc, sort_title, added_position`,
  newest: sql`batch_date desc, sort_title, added_position`,
  'price-asc': sql`price, sort_title, added_position`,
  'price-desc': sql`price desc, sort_title, added_position`,
  'grade-desc': sql`grade desc nulls last, sort_title, added_position`,
} satisfies Record<SearchQuery['sort'], unknown>;

/** Browse's orders: relevance is the browse order (newest batch first, then title, then order added). */
const BROWSE_ORDER = {
  relevance: sql`batch_date desc, sort_title, added_position`,
  newest: sql`batch_date desc, sort_title, added_position`,
  'price-asc': sql`price, sort_title, added_position`,
  'price-desc': sql`price desc, sort_title, added_position`,
  'grade-desc': sql`grade desc nulls last, sort_title, added_position`,
} satisfies Record<BrowseQuery['sort'], unknown>;

/** A search's matches are kept in order up to this many (page 40 x 30 of the storefront is item 1,230). */
export const SEARCH_LIST_MAX = 2000;

async function searchPage(db: Db, words: readonly string[], query: SearchQuery, settings: SiteSettings): Promise<SearchPage> {
  const tsquery = words.map((w) => `${w}:*`).join(' & ');
  const titleQuery = words.map((w) => `${w}:*A`).join(' & ');
  const compact = words.join('');
  const starts = compact.length >= 3 ? `${compact}%` : null;
  const contains = compact.length >= 3 ? `%${compact}%` : null;
  const types = visibleItemTypes(settings);
  const publisher = query.publisher ? query.publisher.toLowerCase() : null;
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
  const order = SEARCH_ORDER[query.sort];
  const offset = browseOffset(query.page, query.limit);
  if (offset + query.limit > SEARCH_LIST_MAX) return searchPageDirect(db, matches, order, query, offset);

  // The list of matches, read and kept in one statement (one snapshot: the structure it is stamped
  // with is the one it was read at), or the kept one.
  const key = [
    words.join(' '),
    query.sort,
    publisher ?? '',
    types.join(','),
    query.gradeMin ?? '',
    query.gradeMax ?? '',
    query.graded ?? '',
  ].join('|');
  const kept = await sql<{ total: number; ids: string[] }>`
    select l.total, l.ids[${offset + 1}:${offset + query.limit}] as ids
    from catalogue_lists l join catalogue_versions v on v.id = 1 and v.structure = l.structure
    where l.key = ${key}`.execute(db);
  const list =
    kept.rows[0] ??
    (
      await sql<{ total: number; ids: string[] }>`
        with m as materialized (${matches}),
        listed as (
          insert into catalogue_lists (key, structure, total, ids)
          select ${key}, v.structure, (select count(*) from m),
            coalesce((select array_agg(stock_item_id) from (select stock_item_id from m order by ${order} limit ${SEARCH_LIST_MAX}) o), '{}')
          from catalogue_versions v where v.id = 1
          on conflict (key) do update set structure = excluded.structure, total = excluded.total, ids = excluded.ids
          returning total, ids
        )
        select total, ids[${offset + 1}:${offset + query.limit}] as ids from listed`
        .execute(db)
        .catch(nullOnReadOnly)
    )?.rows[0];
  // On a read replica (DATABASE_READ_URL) the list cannot be kept: the primary's kept lists are
  // read above once they replicate, and a list not kept yet is read directly.
  if (!list) return searchPageDirect(db, matches, order, query, offset);
  if (list.ids.length === 0) return { comics: [], total: list.total };
  const { rows } = await sql<Parameters<typeof comicView>[0]>`
    select ${sql.join(COMIC_COLUMNS.map((c) => sql.ref(`s.${c}`)))}
    from unnest(${list.ids}::text[]) with ordinality as u(id, i) join stock_items s on s.stock_item_id = u.id
    where s.in_stock
    order by u.i`.execute(db);
  return { comics: rows.map((r) => comicView(r)), total: list.total };
}

/** PostgreSQL's "cannot execute ... in a read-only transaction" (a hot standby) as null. */
function nullOnReadOnly(e: unknown): null {
  if ((e as { code?: string }).code === '25006') return null;
  throw e;
}

/** A page past the kept list: counted and ordered from the matches themselves. */
async function searchPageDirect(
  db: Db,
  matches: ReturnType<typeof sql>,
  order: ReturnType<typeof sql>,
  query: SearchQuery,
  offset: number,
): Promise<SearchPage> {
  const { rows } = await sql<Parameters<typeof comicView>[0] & { total: string }>`
    with matches as materialized (${matches}),
    page as (
      select *, count(*) over () as total, row_number() over (order by ${order}) as place
      from matches order by ${order} limit ${query.limit} offset ${offset}
    )
    select page.total, ${sql.join(COMIC_COLUMNS.map((c) => sql.ref(`s.${c}`)))}
    from page join stock_items s using (stock_item_id)
    order by page.place`.execute(db);
  if (rows.length > 0) return { comics: rows.map((r) => comicView(r)), total: Number(rows[0]!.total) };
  const count = await sql<{ n: string }>`with matches as (${matches}) select count(*) as n from matches`.execute(db);
  return { comics: [], total: Number(count.rows[0]!.n) };
}

/**
 * The term's words with each one the catalogue does not know (no word starts with it) replaced by
 * the most similar word it does know; null when nothing could be corrected.
 */
async function correctedWords(db: Db, words: readonly string[]): Promise<string[] | null> {
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

export async function allBatches(db: Db) {
  const rows = await db.selectFrom('batches').selectAll().orderBy('publish_date', 'desc').orderBy('created_position', 'desc').execute();
  return rows.map(batchView);
}

function rowItems(db: Db, batchId: string, settings: SiteSettings) {
  return db
    .selectFrom('stock_items')
    .select(COMIC_COLUMNS)
    .where('batch_id', '=', batchId)
    .where('in_stock', '=', true)
    .where('item_type', 'in', visibleItemTypes(settings))
    .orderBy('sort_title')
    .orderBy('added_position');
}

/**
 * GET /api/homepage-stock[?page=N]: 8 rows a page of batches not hidden from the homepage that have
 * stock: the default batches first, then those already published, newest first, then those still
 * to come, soonest first; each row with its first 10 items. `now` decides what is published.
 */
export async function homepageStock(db: Db, settings: SiteSettings, page: number, now: Date) {
  const types = visibleItemTypes(settings);
  const batches = await db
    .selectFrom('batches as b')
    .selectAll()
    .where('b.hide_home_page', '=', false)
    .where('b.item_type', 'in', types)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('stock_items as s')
          .select(sql`1`.as('one'))
          .whereRef('s.batch_id', '=', 'b.batch_id')
          .where('s.in_stock', '=', true)
          .where('s.item_type', 'in', types),
      ),
    )
    .orderBy('b.is_default', 'desc')
    .orderBy(sql`b.publish_date > ${now} is true`)
    .orderBy(sql`case when b.publish_date > ${now} then null else b.publish_date end desc nulls last`)
    .orderBy('b.publish_date')
    .orderBy('b.created_position', 'desc')
    .offset(homepageRowsOffset(page))
    .limit(HOMEPAGE_ROWS_PER_PAGE)
    .execute();
  if (batches.length === 0) return { batches: [], comics: [] };
  const { rows } = await sql<Parameters<typeof comicView>[0]>`
    select r.* from unnest(${batches.map((b) => b.batch_id)}::text[]) with ordinality as b(id, i)
    cross join lateral (
      select ${sql.join(COMIC_COLUMNS.map((c) => sql.ref(c)))} from stock_items
      where batch_id = b.id and in_stock and item_type = any(${types}::text[])
      order by sort_title, added_position limit ${HOMEPAGE_PAGE_SIZE}
    ) r
    order by b.i, r.sort_title, r.added_position`.execute(db);
  return { batches: batches.map(batchView), comics: rows.map((r) => comicView(r)) };
}

/** GET /api/more-homepage-stock/{batchId}/{page}: page 1 came with the homepage. */
export async function moreHomepageStock(db: Db, batchId: string, page: number, settings: SiteSettings) {
  const rows = await rowItems(db, batchId, settings).offset(homepageOffset(page)).limit(HOMEPAGE_PAGE_SIZE).execute();
  return rows.map((r) => comicView(r));
}

/** GET /api/stock-for-pre/{batchId}[/{limit}]: a pre-order batch's items, in stock or not (the condensed order list). */
export async function stockForPreOrder(db: Db, batchId: string, limit: number) {
  const rows = await db
    .selectFrom('stock_items')
    .select(COMIC_COLUMNS)
    .where('batch_id', '=', batchId)
    .orderBy('sort_title')
    .orderBy('added_position')
    .limit(limit)
    .execute();
  return rows.map((r) => comicView(r));
}
