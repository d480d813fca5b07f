/**
 * Item pages, the sitemap and robots.txt (issue 18): what search engines find. The item comes from
 * the catalogue read model (in stock or sold out, but not a type the site settings hide).
 */
import { sql, type Kysely } from 'kysely';
import type { SiteSettings } from '@shop/domain/settings/siteSettings';
import type { ReadModels } from '@shop/projections/schema';
import { COMIC_COLUMNS, comicView, type ComicView } from './comicView.ts';
import { visibleItemTypes } from './catalogueQueries.ts';

type Db = Kysely<ReadModels>;

/** The item a page shows: any stock item of a type shoppers may see, in stock or not; null otherwise. */
export async function itemForPage(db: Db, stockItemId: string, settings: SiteSettings): Promise<ComicView | null> {
  const row = await db
    .selectFrom('stock_items')
    .select(COMIC_COLUMNS)
    .where('stock_item_id', '=', stockItemId)
    .where('item_type', 'in', visibleItemTypes(settings))
    .executeTakeFirst();
  return row ? comicView(row) : null;
}

/** The most URLs one sitemap file may hold (sitemaps.org); past it /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** The browse pages every sitemap starts with, for the item types shoppers may see. */
export function browsePaths(settings: SiteSettings): string[] {
  return [
    '/',
    '/new-comics',
    '/back-issues',
    '/pre-orders',
    '/key-comics',
    ...(settings.hideGames ? [] : ['/games']),
    ...(settings.hideAccessories ? [] : ['/accessories']),
  ];
}

/** How many shoppable items (in stock, of a visible type) there are. */
export async function shoppableCount(db: Db, settings: SiteSettings): Promise<number> {
  const row = await db
    .selectFrom('stock_items')
    .select(sql<string>`count(*)`.as('n'))
    .where('in_stock', '=', true)
    .where('item_type', 'in', visibleItemTypes(settings))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of shoppable items' paths, in the order they were added. */
export async function shoppablePaths(db: Db, settings: SiteSettings, offset: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('stock_items')
    .select(COMIC_COLUMNS)
    .where('in_stock', '=', true)
    .where('item_type', 'in', visibleItemTypes(settings))
    .orderBy('added_position')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => comicView(r).url);
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function urlSetXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${xmlEscape(origin + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, files: number): string {
  const entries = Array.from(
    { length: files },
    (_, i) => `  <sitemap><loc>${xmlEscape(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/**
 * `/sitemap.xml`: the browse pages and every shoppable item when they fit in one file; past
 * `perFile` URLs, an index of `/sitemap-{n}.xml` files (file 1 starts with the browse pages).
 */
export async function sitemap(db: Db, settings: SiteSettings, origin: string, perFile = SITEMAP_MAX_URLS): Promise<string> {
  const browse = browsePaths(settings);
  const items = await shoppableCount(db, settings);
  if (browse.length + items <= perFile) return urlSetXml(origin, [...browse, ...(await shoppablePaths(db, settings, 0, items))]);
  return sitemapIndexXml(origin, Math.ceil((browse.length + items) / perFile));
}

/** `/sitemap-{n}.xml` of an index: null past the last file. */
export async function sitemapFile(
  db: Db,
  settings: SiteSettings,
  origin: string,
  n: number,
  perFile = SITEMAP_MAX_URLS,
): Promise<string | null> {
  const browse = browsePaths(settings);
  const total = browse.length + (await shoppableCount(db, settings));
  if (n < 1 || (n - 1) * perFile >= total) return null;
  const start = (n - 1) * perFile;
  const pages = browse.slice(start, start + perFile);
  const itemOffset = Math.max(0, start - browse.length);
  const items = await shoppablePaths(db, settings, itemOffset, perFile - pages.length);
  return urlSetXml(origin, [...pages, ...items]);
}

/** `/robots.txt`: everything but the API, the admin and account pages; the sitemap named. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /account',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
