import { sql, type Kysely } from 'kysely';
import {
  browseOffset,
  homepageOffset,
  homepageRowsOffset,
  HOMEPAGE_PAGE_SIZE,
  HOMEPAGE_ROWS_PER_PAGE,
  type BrowseQuery,
} from '@shop/domain/catalogue/index';
import type { SiteSettings } from '@shop/domain/settings/siteSettings';
import type { ReadModels } from '@shop/projections/schema';
import type { BrowseIndex, HomeBatch } from './browseIndex.ts';
import { compareWholeNumbers } from './indexedItem.ts';
import type { BrowsePage } from './browseReach.ts';
import type { BrowseSortKey } from './catalogueCache.ts';
import { batchView } from './comicView.ts';
import { listedColumns, listedColumnsSql, type ItemJson, type ListedItem, type ListedRow } from './itemJson.ts';

type Db = Kysely<ReadModels>;

/** Item types shoppers may see: games and accessories only while the site settings show them. */
export function visibleItemTypes(settings: Pick<SiteSettings, 'hideGames' | 'hideAccessories'>): string[] {
  return ['comic', ...(settings.hideGames ? [] : ['game']), ...(settings.hideAccessories ? [] : ['accessory'])];
}

/** Browse's orders: relevance is the browse order (newest batch first, then title, then order added). */
export const BROWSE_ORDER = {
  relevance: sql`batch_date desc, sort_title, added_position`,
  newest: sql`batch_date desc, sort_title, added_position`,
  'price-asc': sql`price, sort_title, added_position`,
  'price-desc': sql`price desc, sort_title, added_position`,
  'grade-desc': sql`grade desc nulls last, sort_title, added_position`,
} satisfies Record<BrowseQuery['sort'], unknown>;

/** Whether an order (browse's or search's) uses the price: only there can a repricing move an item. */
export function ordersByPriceOf(sort: BrowseQuery['sort']): boolean {
  return sort === 'price-asc' || sort === 'price-desc';
}

/**
 * PUT /api/stock/: one browse mode, in stock, newest batch first, then title (numbers in order).
 * The page's ids come from the browse index alone (it includes the id), then only those rows are
 * read, and of them only the ids, live counts and sort keys: the items' JSON is the process's (`items`).
 */
export async function browseStock(db: Db, query: BrowseQuery, settings: SiteSettings, items: ItemJson): Promise<BrowsePage> {
  if (!visibleItemTypes(settings).includes(query.itemType)) return { items: [], lastKey: null };
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
    .select(listedColumns('s'))
    .orderBy('page.place')
    .execute();
  return { items: await items.listed(db, rows), lastKey: lastKeyOf(rows) };
}

/** browseStock's page of a plain mode, from the process's browse index (in step with the feed) instead of a statement. */
export async function indexedBrowse(
  index: BrowseIndex,
  query: BrowseQuery,
  settings: SiteSettings,
  listed: (rows: readonly ListedRow[]) => Promise<ListedItem[]>,
): Promise<BrowsePage> {
  if (!visibleItemTypes(settings).includes(query.itemType)) return { items: [], lastKey: null };
  const { rows, lastKey } = index.page(query);
  return { items: await listed(rows), lastKey };
}

export async function allBatches(db: Db) {
  const rows = await db.selectFrom('batches').selectAll().orderBy('publish_date', 'desc').orderBy('created_position', 'desc').execute();
  return rows.map(batchView);
}

function rowItems(db: Db, batchId: string, settings: SiteSettings) {
  return db
    .selectFrom('stock_items')
    .select(listedColumns('stock_items'))
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
 * For the answer's reach: `rowBatchIds`, the batches with a row on any page; `homeBatchIds`, those
 * that could have one (not hidden from the homepage, of an item type shown); `fullRowEnds`, the
 * sort key of the last item of each full row on the page.
 */
export async function homepageStock(db: Db, settings: SiteSettings, page: number, now: Date, items: ItemJson) {
  const types = visibleItemTypes(settings);
  // Every batch that could have a row, a few hundred at most: the page's offset had to order them all anyway.
  const homeBatches = await db
    .selectFrom('batches as b')
    .selectAll()
    .select(({ exists, selectFrom }) =>
      exists(
        selectFrom('stock_items as s')
          .select(sql`1`.as('one'))
          .whereRef('s.batch_id', '=', 'b.batch_id')
          .where('s.in_stock', '=', true)
          .where('s.item_type', 'in', types),
      ).as('has_stock'),
    )
    .where('b.hide_home_page', '=', false)
    .where('b.item_type', 'in', types)
    .orderBy('b.is_default', 'desc')
    .orderBy(sql`b.publish_date > ${now} is true`)
    .orderBy(sql`case when b.publish_date > ${now} then null else b.publish_date end desc nulls last`)
    .orderBy('b.publish_date')
    .orderBy('b.created_position', 'desc')
    .execute();
  return homepagePage(homeBatches, page, async (batches) => {
    const { rows } = await sql<ListedRow>`
      select r.* from unnest(${batches.map((b) => b.batch_id)}::text[]) with ordinality as b(id, i)
      cross join lateral (
        select ${listedColumnsSql('stock_items')} from stock_items
        where batch_id = b.id and in_stock and item_type = any(${types}::text[])
        order by sort_title, added_position limit ${HOMEPAGE_PAGE_SIZE}
      ) r
      order by b.i, r.sort_title, r.added_position`.execute(db);
    return items.listed(db, rows).then((comics) => ({ rows, comics }));
  });
}

/**
 * homepageStock's page from the process's browse index (in step with the feed): the batches it read
 * with the items, ordered here as the statement orders them, and each row's items from the index.
 */
export async function indexedHomepage(
  index: BrowseIndex,
  settings: SiteSettings,
  page: number,
  now: Date,
  listed: (rows: readonly ListedRow[]) => Promise<ListedItem[]>,
) {
  const types = visibleItemTypes(settings);
  const homeBatches = index.homeBatches
    .filter((b) => types.includes(b.item_type))
    .sort(homeBatchOrder(now))
    .map((b) => ({ ...b, has_stock: index.batchRow(b.batch_id, types, 0, 1).length > 0 }));
  return homepagePage(homeBatches, page, async (onPage) => {
    const rows = onPage.flatMap((b) => index.batchRow(b.batch_id, types, 0, HOMEPAGE_PAGE_SIZE));
    return { rows, comics: await listed(rows) };
  });
}

/**
 * homepageStock's order of batches: the default ones first, then those published by `now`, newest
 * first (no date last), then those still to come, soonest first; then the newest made.
 */
export function homeBatchOrder(now: Date): (a: HomeBatch, b: HomeBatch) => number {
  const at = now.getTime();
  const time = (b: HomeBatch) => (b.publish_date === null ? null : new Date(b.publish_date).getTime());
  const toCome = (b: HomeBatch) => {
    const t = time(b);
    return t !== null && t > at;
  };
  return (a, b) => {
    if (a.is_default !== b.is_default) return a.is_default ? -1 : 1;
    if (toCome(a) !== toCome(b)) return toCome(a) ? 1 : -1;
    const [ta, tb] = [time(a), time(b)];
    if (!toCome(a) && ta !== tb) {
      if (ta === null) return 1;
      if (tb === null) return -1;
      return tb - ta;
    }
    if (ta !== tb) {
      if (ta === null) return 1;
      if (tb === null) return -1;
      return ta - tb;
    }
    return compareWholeNumbers(b.created_position, a.created_position);
  };
}

/**
 * A homepage page from its batches in order (each saying whether it has stock) and the rows of the
 * page's batches: 8 rows a page; for the answer's reach, `rowBatchIds`, the batches with a row on any
 * page, `homeBatchIds`, those that could have one, and `fullRowEnds`, the sort key of the last item
 * of each full row on the page.
 */
async function homepagePage<B extends HomeBatch & { has_stock: unknown }>(
  homeBatches: readonly B[],
  page: number,
  rowsOf: (batches: readonly B[]) => Promise<{ rows: readonly ListedRow[]; comics: ListedItem[] }>,
) {
  const homeBatchIds = homeBatches.map((b) => b.batch_id);
  const rowBatches = homeBatches.filter((b) => b.has_stock);
  const rowBatchIds = rowBatches.map((b) => b.batch_id);
  const batches = rowBatches.slice(homepageRowsOffset(page), homepageRowsOffset(page) + HOMEPAGE_ROWS_PER_PAGE);
  if (batches.length === 0) return { batches: [], comics: [], rowBatchIds, homeBatchIds, fullRowEnds: new Map<string, BrowseSortKey>() };
  const { rows, comics } = await rowsOf(batches);
  const fullRowEnds = new Map<string, BrowseSortKey>();
  for (const batch of batches) {
    const row = rows.filter((r) => r.batch_id === batch.batch_id);
    const end = row.length === HOMEPAGE_PAGE_SIZE ? lastKeyOf(row) : null;
    if (end) fullRowEnds.set(batch.batch_id, end);
  }
  return { batches: batches.map(batchView), comics, rowBatchIds, homeBatchIds, fullRowEnds };
}

/** The sort key of the last of these rows (title as sorted, order added), for where an item sorts against it. */
function lastKeyOf(rows: readonly Pick<ListedRow, 'sort_title' | 'added_position'>[]): BrowseSortKey | null {
  const last = rows.at(-1);
  return last ? { sortTitle: last.sort_title, addedPosition: String(last.added_position) } : null;
}

/** GET /api/more-homepage-stock/{batchId}/{page}: page 1 came with the homepage. `fullPageEnd`: the last item's sort key, when the page is full. */
export async function moreHomepageStock(db: Db, batchId: string, page: number, settings: SiteSettings, items: ItemJson) {
  const rows = await rowItems(db, batchId, settings).offset(homepageOffset(page)).limit(HOMEPAGE_PAGE_SIZE).execute();
  return { items: await items.listed(db, rows), fullPageEnd: rows.length === HOMEPAGE_PAGE_SIZE ? lastKeyOf(rows) : null };
}

/** moreHomepageStock's page from the process's browse index (in step with the feed). */
export async function indexedMoreHomepage(
  index: BrowseIndex,
  batchId: string,
  page: number,
  settings: SiteSettings,
  listed: (rows: readonly ListedRow[]) => Promise<ListedItem[]>,
) {
  const rows = index.batchRow(batchId, visibleItemTypes(settings), homepageOffset(page), HOMEPAGE_PAGE_SIZE);
  return { items: await listed(rows), fullPageEnd: rows.length === HOMEPAGE_PAGE_SIZE ? lastKeyOf(rows) : null };
}

/** GET /api/stock-for-pre/{batchId}[/{limit}]: a pre-order batch's items, in stock or not (the condensed order list). */
export async function stockForPreOrder(db: Db, batchId: string, limit: number, items: ItemJson): Promise<ListedItem[]> {
  const rows = await db
    .selectFrom('stock_items')
    .select(listedColumns('stock_items'))
    .where('batch_id', '=', batchId)
    .orderBy('sort_title')
    .orderBy('added_position')
    .limit(limit)
    .execute();
  return items.listed(db, rows);
}
