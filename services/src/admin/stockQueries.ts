import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  browseOffset,
  entityIdSchema,
  itemTypeSchema,
  KNOWN_PUBLISHERS,
  periodTypeSchema,
  SUGGESTED_SEARCH_TERMS,
  SUPPLIER_TYPE_LABELS,
  SUPPLIER_TYPES,
  wholeNumberSchema,
  ITEM_TYPES,
} from '@shop/domain/catalogue/index';
import type { ReadModels } from '@shop/projections/schema';
import { COMIC_COLUMNS, comicView, type ComicView } from '../catalogue/comicView.ts';
import { normaliseSearchTerm } from '../catalogue/searchTerms.ts';

type Db = Kysely<ReadModels>;

/** "all-comics up to 9999; zero-stock 9999" (admin §9). */
export const ADMIN_MAX_LIMIT = 9999;
export const ADMIN_SEARCH_LIMIT = 200;

/**
 * PUT /api/admin-stock/ body. `zero` (admin §7: "1 when batch is all, else 2") says which list the
 * screen shows: 1 every batch, 2 one batch. Both list items with no copies left too (the admin lists
 * count sold-out items in their totals); 0 (ours) lists only items with copies left.
 */
export const adminStockQuerySchema = z.object({
  itemType: itemTypeSchema.default('comic'),
  periodType: z.preprocess((v) => (v === '' || v === undefined || v === 'all' ? null : v), periodTypeSchema.nullable()),
  batchId: z.preprocess((v) => (v === '' || v === undefined || v === 'all' ? null : v), entityIdSchema.nullable()),
  limit: wholeNumberSchema('Limit', 1, ADMIN_MAX_LIMIT).default(60),
  page: wholeNumberSchema('Page', 1, 10_000).default(1),
  zero: wholeNumberSchema('Zero', 0, 2).default(1),
  key: z.boolean({ invalid_type_error: 'Key must be true or false' }).optional(),
});
export type AdminStockQuery = z.output<typeof adminStockQuerySchema>;

/** The All Stock figures over the whole list (not just the page); money in cents. */
export interface AdminStockTotals {
  items: number;
  uploaded: number;
  toGo: number;
  initial: number;
  sold: number;
  left: number;
  salesValue: number;
  valueLeft: number;
  purchaseValue: number;
}

function filtered(db: Db, query: AdminStockQuery) {
  let q = db.selectFrom('stock_items').where('item_type', '=', query.itemType);
  if (query.periodType) q = q.where('period_type', '=', query.periodType);
  if (query.batchId) q = q.where('batch_id', '=', query.batchId);
  if (query.key) q = q.where('key', '=', true);
  if (query.zero === 0) q = q.where('number', '>', 0);
  return q;
}

export async function adminStock(db: Db, query: AdminStockQuery): Promise<{ comics: ComicView[]; totals: AdminStockTotals }> {
  const [rows, sums, purchase] = await Promise.all([
    filtered(db, query)
      .select(COMIC_COLUMNS)
      .orderBy('batch_date', (ob) => ob.desc().nullsLast())
      .orderBy('sort_title')
      .orderBy('added_position')
      .offset(browseOffset(query.page, query.limit))
      .limit(query.limit)
      .execute(),
    filtered(db, query)
      .select([
        sql<string>`count(*)`.as('items'),
        sql<string>`count(*) filter (where ebay_listing_id is not null)`.as('uploaded'),
        sql<string>`count(*) filter (where ebay_listing_id is null and number > 0)`.as('to_go'),
        sql<string>`coalesce(sum(initial_quantity), 0)`.as('initial'),
        sql<string>`coalesce(sum(sales_quantity), 0)`.as('sold'),
        sql<string>`coalesce(sum(greatest(number, 0)), 0)`.as('left'),
        sql<string>`coalesce(sum(sales_value), 0)`.as('sales_value'),
        sql<string>`coalesce(sum(greatest(number, 0)::bigint * price), 0)`.as('value_left'),
      ])
      .executeTakeFirstOrThrow(),
    // What the batches cost: the chosen batch, or every batch the listed items are in.
    db
      .selectFrom('batches')
      .select(sql<string>`coalesce(sum(value), 0)`.as('value'))
      .where(
        'batch_id',
        'in',
        query.batchId ? [query.batchId] : (filtered(db, query).select('batch_id').where('batch_id', 'is not', null).distinct() as never),
      )
      .executeTakeFirstOrThrow(),
  ]);
  const purchaseValue = Number(purchase.value);
  return {
    comics: rows.map((r) => comicView(r, 'admin')),
    totals: {
      items: Number(sums.items),
      uploaded: Number(sums.uploaded),
      toGo: Number(sums.to_go),
      initial: Number(sums.initial),
      sold: Number(sums.sold),
      left: Number(sums.left),
      salesValue: Number(sums.sales_value),
      valueLeft: Number(sums.value_left),
      purchaseValue,
    },
  };
}

/** GET /api/zero-stock/{limit}: items of every type with no copies left in the shop, newest batch first. */
export async function zeroStock(db: Db, limit: number): Promise<ComicView[]> {
  const rows = await db
    .selectFrom('stock_items')
    .select(COMIC_COLUMNS)
    .where('number', '<=', 0)
    .orderBy('batch_date', (ob) => ob.desc().nullsLast())
    .orderBy('sort_title')
    .orderBy('added_position')
    .limit(limit)
    .execute();
  return rows.map((r) => comicView(r, 'admin'));
}

/**
 * The admin's stock search: the storefront's matching (full text, run together, typos) plus an
 * exact comic id, over every item whatever its stock or type (hidden games too).
 */
export async function adminSearchStock(db: Db, term: string): Promise<ComicView[]> {
  const t = normaliseSearchTerm(term);
  const exactId = term.trim().toUpperCase();
  if (!t.tsquery) {
    const rows = await db
      .selectFrom('stock_items')
      .select(COMIC_COLUMNS)
      .where(sql`upper(comic_id)`, '=', exactId)
      .limit(ADMIN_SEARCH_LIMIT)
      .execute();
    return rows.map((r) => comicView(r, 'admin'));
  }
  const words = t.words.join(' ');
  const compactPattern = t.compact.length >= 3 ? `%${t.compact}%` : null;
  const { rows } = await sql<Parameters<typeof comicView>[0]>`
    select ${sql.join(COMIC_COLUMNS.map((c) => sql.ref(c)))}
    from (
      select s.*,
        case when upper(comic_id) = ${exactId} then 10 else 0 end
        + ts_rank(search_vector, to_tsquery('simple', ${t.tsquery}))
        + word_similarity(${words}, search_title)
        + case when ${compactPattern}::text is not null and search_compact like ${compactPattern} then 0.5 else 0 end as score
      from stock_items s
      where upper(comic_id) = ${exactId}
        or search_vector @@ to_tsquery('simple', ${t.tsquery})
        or (${compactPattern}::text is not null and search_compact like ${compactPattern})
        or ${words} <% search_title
    ) ranked
    order by score desc, sort_title, added_position
    limit ${ADMIN_SEARCH_LIMIT}`.execute(db);
  return rows.map((r) => comicView(r, 'admin'));
}

/** PUT /api/add-stock-check body. */
export const stockClashSchema = z.object({
  savedId: z.preprocess((v) => (v === '' || v === undefined ? null : v), entityIdSchema.nullable()),
  comicId: z.string({ invalid_type_error: 'comicId must be text' }).trim().max(64, 'Image id can be at most 64 characters').default(''),
  mainDescription: z
    .string({ invalid_type_error: 'mainDescription must be text' })
    .trim()
    .max(200, 'Description can be at most 200 characters')
    .default(''),
  variantDescription: z.string({ invalid_type_error: 'variantDescription must be text' }).trim().max(200).default(''),
  images: z
    .array(z.union([z.object({ imageId: z.string().trim().max(64) }), z.string().trim().max(64)]), {
      invalid_type_error: 'images must be a list',
    })
    .max(50, 'At most 50 images')
    .default([]),
});
export type StockClashQuery = z.output<typeof stockClashSchema>;

/**
 * The duplicate check of the stock form: another item (not savedId) with the same comic id (which
 * is also its image name), the same description and variant, or using one of these image ids.
 */
export async function findStockClash(db: Db, query: StockClashQuery): Promise<ComicView | null> {
  const imageIds = query.images.map((i) => (typeof i === 'string' ? i : i.imageId)).filter((i) => i !== '');
  const comicId = query.comicId;
  const description = query.mainDescription;
  if (!comicId && !description && imageIds.length === 0) return null;
  let q = db.selectFrom('stock_items').select(COMIC_COLUMNS);
  if (query.savedId) q = q.where('stock_item_id', '<>', query.savedId);
  const row = await q
    .where((eb) =>
      eb.or([
        ...(comicId ? [eb(sql`upper(comic_id)`, '=', comicId.toUpperCase())] : []),
        ...(description
          ? [
              eb.and([
                eb(sql`lower(main_description)`, '=', description.toLowerCase()),
                eb(sql`lower(variant_description)`, '=', query.variantDescription.toLowerCase()),
              ]),
            ]
          : []),
        ...(imageIds.length > 0
          ? [
              eb('comic_id', 'in', imageIds),
              eb(sql`images`, '@>', sql`any(${imageIds.map((id) => JSON.stringify([{ imageId: id }]))}::jsonb[])`),
            ]
          : []),
      ]),
    )
    .orderBy('added_position')
    .limit(1)
    .executeTakeFirst();
  return row ? comicView(row, 'admin') : null;
}

/** GET /api/admin-lists: the stock form's suggestions (known lists plus the publishers in stock). */
export async function adminLists(db: Db) {
  const rows = await db
    .selectFrom('stock_items')
    .select(['item_type', 'publisher'])
    .select(sql<string>`count(*)`.as('n'))
    .where('publisher', '<>', '')
    .groupBy(['item_type', 'publisher'])
    .orderBy(sql`count(*)`, 'desc')
    .limit(500)
    .execute();
  const publishers = Object.fromEntries(
    ITEM_TYPES.map((type) => {
      const known: string[] = [...KNOWN_PUBLISHERS[type]];
      const seen = new Set(known.map((p) => p.toLowerCase()));
      for (const row of rows) {
        if (row.item_type !== type || seen.has(row.publisher.toLowerCase())) continue;
        seen.add(row.publisher.toLowerCase());
        known.push(row.publisher);
      }
      return [type, known];
    }),
  ) as Record<(typeof ITEM_TYPES)[number], string[]>;
  const variants = await db
    .selectFrom('stock_items')
    .select('variant_description')
    .where('variant_description', '<>', '')
    .groupBy('variant_description')
    .orderBy(sql`count(*)`, 'desc')
    .limit(50)
    .execute();
  return {
    publishers,
    /** Variant descriptions in stock, most used first (the form keeps its own list of common ones). */
    variantsInStock: variants.map((v) => v.variant_description),
    suggestedSearchTerms: [...SUGGESTED_SEARCH_TERMS],
    supplierTypes: SUPPLIER_TYPES.map((value) => ({ value, label: SUPPLIER_TYPE_LABELS[value] })),
  };
}
