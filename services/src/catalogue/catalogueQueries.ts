import { sql, type Kysely } from 'kysely';
import { browseOffset, homepageOffset, HOMEPAGE_PAGE_SIZE, SEARCH_RESULT_LIMIT, type BrowseQuery } from '@shop/domain/catalogue/index';
import type { SiteSettings } from '@shop/domain/settings/siteSettings';
import type { ReadModels } from '@shop/projections/schema';
import { batchView, COMIC_COLUMNS, comicView, type ComicView } from './comicView.ts';
import { normaliseSearchTerm } from './searchTerms.ts';

type Db = Kysely<ReadModels>;

/** Item types shoppers may see: games and accessories only while the site settings show them. */
export function visibleItemTypes(settings: Pick<SiteSettings, 'hideGames' | 'hideAccessories'>): string[] {
  return ['comic', ...(settings.hideGames ? [] : ['game']), ...(settings.hideAccessories ? [] : ['accessory'])];
}

/** PUT /api/stock/: one browse mode, in stock, newest batch first, then title (numbers in order). */
export async function browseStock(db: Db, query: BrowseQuery, settings: SiteSettings): Promise<ComicView[]> {
  if (!visibleItemTypes(settings).includes(query.itemType)) return [];
  let q = db.selectFrom('stock_items').select(COMIC_COLUMNS).where('in_stock', '=', true);
  if (query.mode === 'key-comics') {
    q = q.where('key', '=', true).where('item_type', '=', 'comic');
  } else {
    q = q.where('item_type', '=', query.itemType);
    if (query.periodType) q = q.where('period_type', '=', query.periodType);
  }
  if (query.batchId) q = q.where('batch_id', '=', query.batchId);
  const rows = await q
    .orderBy('batch_date', 'desc')
    .orderBy('sort_title')
    .orderBy('added_position')
    .offset(browseOffset(query.page, query.limit))
    .limit(query.limit)
    .execute();
  return rows.map((r) => comicView(r));
}

/**
 * Search: full text over description, variant, publisher, creators and comic id (word prefixes),
 * plus trigram similarity on the title (typos: "Spidr-Man") and the title run together
 * ("spiderman"). Best match first; ties in browse order.
 */
export async function searchStock(db: Db, term: string, settings: SiteSettings): Promise<ComicView[]> {
  const t = normaliseSearchTerm(term);
  if (!t.tsquery) return [];
  const words = t.words.join(' ');
  const compactPattern = t.compact.length >= 3 ? `%${t.compact}%` : null;
  const { rows } = await sql<Parameters<typeof comicView>[0]>`
    select ${sql.join(COMIC_COLUMNS.map((c) => sql.ref(c)))}
    from (
      select s.*,
        ts_rank(search_vector, to_tsquery('simple', ${t.tsquery}))
        + word_similarity(${words}, search_title)
        + case when ${compactPattern}::text is not null and search_compact like ${compactPattern} then 0.5 else 0 end as score
      from stock_items s
      where in_stock
        and item_type = any(${visibleItemTypes(settings)}::text[])
        and (
          search_vector @@ to_tsquery('simple', ${t.tsquery})
          or (${compactPattern}::text is not null and search_compact like ${compactPattern})
          or ${words} <% search_title
        )
    ) ranked
    order by score desc, sort_title, added_position
    limit ${SEARCH_RESULT_LIMIT}`.execute(db);
  return rows.map((r) => comicView(r));
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

/** GET /api/homepage-stock: batches not hidden from the homepage that have stock, newest first, each with its first 10 items. */
export async function homepageStock(db: Db, settings: SiteSettings) {
  const batches = await db
    .selectFrom('batches')
    .selectAll()
    .where('hide_home_page', '=', false)
    .where('item_type', 'in', visibleItemTypes(settings))
    .orderBy('publish_date', 'desc')
    .orderBy('created_position', 'desc')
    .execute();
  const rows = await Promise.all(batches.map((b) => rowItems(db, b.batch_id, settings).limit(HOMEPAGE_PAGE_SIZE).execute()));
  const shown = batches.filter((_, i) => rows[i]!.length > 0);
  return { batches: shown.map(batchView), comics: rows.flat().map((r) => comicView(r)) };
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
