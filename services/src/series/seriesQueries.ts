/** The series read model: search, one series with its issues, a series view for the admin. */
import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '@shop/projections/schema';
import { seriesKey, SERIES_NOT_FOUND, SERIES_PAGE_SIZE, type SeriesQuery } from '@shop/domain/series/index';
import type { AdminSeriesView, SeriesView } from '@shop/domain/contract/series';
import { DomainError } from '@shop/domain/shared/decider';
import { COMIC_COLUMNS, comicView, type ComicView } from '../catalogue/comicView.ts';

type Db = Kysely<ReadModels>;

/** The most issues a series page lists (newest first). */
export const SERIES_PAGE_ISSUES = 500;

/** Distinct issue numbers of a series' items (covers and printings of one issue count once; an item without a number counts alone). */
const issueCount = sql<string>`(select count(distinct coalesce(nullif(s.issue_number, ''), s.stock_item_id))
  from stock_items s where s.series_id = series.series_id)`;

interface SeriesRow {
  series_id: string;
  title: string;
  publisher: string;
  volume: number | null;
  shelf_copies: number;
  issue_count: string;
}

const viewOf = (row: SeriesRow): SeriesView => ({
  _id: row.series_id,
  title: row.title,
  publisher: row.publisher,
  volume: row.volume,
  issueCount: Number(row.issue_count),
});
const adminViewOf = (row: SeriesRow): AdminSeriesView => ({ ...viewOf(row), shelfCopies: row.shelf_copies });

/** Live series whose title holds the term (case, punctuation and a leading "The" ignored): titles starting with it first, then by title. */
async function findSeries(db: Db, query: SeriesQuery): Promise<{ rows: SeriesRow[]; total: number }> {
  const key = seriesKey(query.term);
  let q = db.selectFrom('series').where('merged_into', 'is', null);
  if (key) q = q.where('title_key', 'like', `%${key}%`);
  const [rows, count] = await Promise.all([
    q
      .select(['series_id', 'title', 'publisher', 'volume', 'shelf_copies', issueCount.as('issue_count')])
      .orderBy(sql`title_key like ${`${key}%`}`, 'desc')
      .orderBy('title_key')
      .orderBy('volume', (ob) => ob.desc().nullsLast())
      .orderBy('started_position')
      .limit(SERIES_PAGE_SIZE)
      .offset((query.page - 1) * SERIES_PAGE_SIZE)
      .execute(),
    q.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** GET /api/series?term=&page=. */
export async function searchSeries(db: Db, query: SeriesQuery): Promise<{ series: SeriesView[]; total: number }> {
  const { rows, total } = await findSeries(db, query);
  return { series: rows.map(viewOf), total };
}

/** The admin's list: the same search with shelf copies. */
export async function searchAdminSeries(db: Db, query: SeriesQuery): Promise<{ series: AdminSeriesView[]; total: number }> {
  const { rows, total } = await findSeries(db, query);
  return { series: rows.map(adminViewOf), total };
}

/** One series' row, merges followed (a merged id shows the series it joined); 404 when unknown. */
async function seriesRow(db: Db, seriesId: string): Promise<SeriesRow> {
  const row = await db.selectFrom('series').select(['series_id', 'merged_into']).where('series_id', '=', seriesId).executeTakeFirst();
  if (!row) throw new DomainError(SERIES_NOT_FOUND, 'not-found');
  const live = await db
    .selectFrom('series')
    .select(['series_id', 'title', 'publisher', 'volume', 'shelf_copies', issueCount.as('issue_count')])
    .where('series_id', '=', row.merged_into ?? row.series_id)
    .executeTakeFirst();
  if (!live) throw new DomainError(SERIES_NOT_FOUND, 'not-found');
  return live;
}

export async function adminSeriesView(db: Db, seriesId: string): Promise<AdminSeriesView> {
  return adminViewOf(await seriesRow(db, seriesId));
}

/** An issue number's numeric part padded, so "#2" sorts before "#10"; annuals and one-shots after the numbered issues. */
const issueOrder = sql`lpad(coalesce(substring(issue_number from '^[0-9]+'), ''), 8, '0')`;

/** GET /api/series/{id}: the series and its items, newest issue first (then printing, cover). */
export async function seriesPage(
  db: Db,
  seriesId: string,
  audience: 'shopper' | 'admin' = 'shopper',
): Promise<{ series: SeriesView; issues: ComicView[] }> {
  const row = await seriesRow(db, seriesId);
  const items = await db
    .selectFrom('stock_items')
    .select(COMIC_COLUMNS)
    .where('series_id', '=', row.series_id)
    .orderBy(sql`coalesce(release_date, '')`, 'desc')
    .orderBy(issueOrder, 'desc')
    .orderBy('issue_number', 'desc')
    .orderBy('printing', 'desc')
    .orderBy('cover')
    .orderBy('added_position')
    .limit(SERIES_PAGE_ISSUES)
    .execute();
  return { series: viewOf(row), issues: items.map((r) => comicView(r, audience)) };
}
