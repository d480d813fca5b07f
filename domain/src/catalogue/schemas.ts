/**
 * zod schemas of the catalogue's HTTP contract (storefront §3, §7; admin §3, §7). Types are
 * inferred from these schemas. Every message names the field and the rule it broke.
 */
import { z } from 'zod';
import {
  BATCH_TYPES,
  BROWSE_FIRST_PAGE_SIZE,
  BROWSE_MODES,
  findBrowseMode,
  ITEM_TYPES,
  normaliseBatchType,
  normalisePeriodType,
  normaliseSupplierType,
  PERIOD_TYPES,
  SUPPLIER_TYPES,
  type BatchType,
  type ItemType,
  type PeriodType,
  type SupplierType,
} from './knownLists.ts';
import { normaliseCover } from '../series/covers.ts';

// ---- Building blocks ----

/** Whole numbers may arrive as digit strings from form fields ("parsed as an integer"). */
function digitsToNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
}

export function wholeNumberSchema(label: string, min: number, max: number) {
  return z.preprocess(
    digitsToNumber,
    z
      .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );
}

/** Upper bound for any single price in cents: $100,000. */
export const MAX_PRICE_CENTS = 10_000_000;
/** Upper bound for money totals in cents (sales value, batch purchase value): $10,000,000. */
export const MAX_TOTAL_CENTS = 1_000_000_000;
/** Upper bound for a stock quantity. */
export const MAX_QUANTITY = 100_000;

export function centsSchema(label: string, max = MAX_PRICE_CENTS) {
  return z.preprocess(
    digitsToNumber,
    z
      .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number of cents` })
      .int(`${label} must be a whole number of cents`)
      .min(0, `${label} must not be negative`)
      .max(max, `${label} must be at most ${max} cents`),
  );
}

export function textSchema(label: string, max: number) {
  return z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} can be at most ${max} characters`);
}

export function requiredTextSchema(label: string, max: number) {
  return z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`);
}

function booleanSchema(label: string) {
  return z.boolean({ invalid_type_error: `${label} must be true or false` });
}

/** An optional identifier: '' and null both mean none. */
function optionalCodeSchema(label: string, max: number) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), textSchema(label, max).nullable());
}

/** Ids of our own entities (stock items, batches): letters, digits, '-' and '_', at most 64. */
export const entityIdSchema = z
  .string({ required_error: 'An id is required', invalid_type_error: 'An id must be text' })
  .trim()
  .min(1, 'An id is required')
  .max(64, 'An id can be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]*$/, "An id may contain only letters, digits, '-' and '_'");

/**
 * comicId, "also the image id": images load as {comicId}.webp, so it must be a safe file name:
 * letters, digits, '.', '-' and '_', starting with a letter or digit, at most 64 characters.
 */
export const imageIdSchema = z
  .string({ required_error: 'Image id is required', invalid_type_error: 'Image id must be text' })
  .trim()
  .min(1, 'Image id is required')
  .max(64, 'Image id can be at most 64 characters')
  .regex(
    /^(?:[A-Za-z0-9][A-Za-z0-9._-]*)?$/,
    "Image id may contain only letters, digits, '.', '-' and '_', and must start with a letter or digit",
  );

function enumSchema<T extends string>(label: string, values: readonly [T, ...T[]], normalise: (text: string) => T | null = () => null) {
  const message = `${label} must be one of ${values.join(', ')}`;
  return z.preprocess(
    (v) => (typeof v === 'string' ? (normalise(v) ?? v) : v),
    z.enum(values as [T, ...T[]], { errorMap: () => ({ message }) }),
  );
}

export const itemTypeSchema = enumSchema<ItemType>('Item type', ITEM_TYPES, (t) => t.trim().toLowerCase() as ItemType);
export const periodTypeSchema = enumSchema<PeriodType>('Period type', PERIOD_TYPES, normalisePeriodType);
export const supplierTypeSchema = enumSchema<SupplierType>('Supplier type', SUPPLIER_TYPES, normaliseSupplierType);
export const batchTypeSchema = enumSchema<BatchType>('Batch type', BATCH_TYPES, normaliseBatchType);

export const imageRefSchema = z.object({ imageId: imageIdSchema });

/** A release year: 0 when unknown, else 1900..2100. */
export const releaseYearSchema = wholeNumberSchema('Release year', 0, 2100).refine(
  (year) => year === 0 || year >= 1900,
  'Release year must be 0 (unknown) or from 1900',
);

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date or date-time ('2026-11-21' or ISO 8601), 1990..2100, normalised to an ISO instant. */
export function dateSchema(label: string) {
  return z
    .union([z.string().trim(), z.date()], {
      errorMap: () => ({ message: `${label} must be a date like 2026-11-21` }),
    })
    .transform((value, ctx) => {
      const date = value instanceof Date ? value : DATE_PATTERN.test(value) ? new Date(value) : null;
      const year = date?.getUTCFullYear() ?? Number.NaN;
      if (!date || Number.isNaN(date.getTime()) || year < 1990 || year > 2100) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be a date like 2026-11-21` });
        return z.NEVER;
      }
      return date.toISOString();
    });
}

/** A calendar date 'YYYY-MM-DD' (1990..2100), or null ('' and null both mean none). */
export function calendarDateSchema(label: string) {
  const message = `${label} must be a date like 2026-11-21`;
  return z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ invalid_type_error: message })
      .trim()
      .refine((value) => {
        const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
        if (!match) return false;
        const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
        const date = new Date(Date.UTC(year, month - 1, day));
        return year >= 1990 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
      }, message)
      .nullable(),
  );
}

/** An issue's number as publishers write it: '12', '0', '1.1', '1.MU', 'Annual 1', 'One-Shot'; '' for none. */
export const issueNumberSchema = textSchema('Issue number', 20);
/** 'A', 'B', 'VAR', '1:25' (a ratio incentive), '' for the only cover; stored as normaliseCover spells it. */
export const coverSchema = textSchema('Cover', 20).transform(normaliseCover);

// ---- Stock item (add and edit) ----

const stockItemFields = {
  comicId: imageIdSchema,
  itemType: itemTypeSchema,
  periodType: periodTypeSchema,
  supplierType: supplierTypeSchema,
  mainDescription: requiredTextSchema('Description', 200),
  variantDescription: textSchema('Variant description', 200),
  publisher: textSchema('Publisher', 100),
  srp: centsSchema('SRP'),
  /** 0 means no override. */
  priceOverride: centsSchema('Price override'),
  /** "number (quantity available)". */
  number: wholeNumberSchema('Quantity', 0, MAX_QUANTITY),
  initialQuantity: wholeNumberSchema('Initial quantity', 0, MAX_QUANTITY),
  salesQuantity: wholeNumberSchema('Sold quantity', 0, MAX_QUANTITY),
  salesValue: centsSchema('Sales value', MAX_TOTAL_CENTS),
  /** 1..12, 0 when unknown. */
  releaseMonth: wholeNumberSchema('Release month', 0, 12),
  releaseYear: releaseYearSchema,
  writer: textSchema('Writer', 200),
  artist: textSchema('Artist', 200),
  coverArtist: textSchema('Cover artist', 200),
  selected: booleanSchema('Selected'),
  images: z.array(imageRefSchema, { invalid_type_error: 'Images must be a list' }).max(20, 'At most 20 extra images'),
  hasImage: booleanSchema('Has image'),
  /** Item-specific postage, cents; 0 means the item counts in the postage table. */
  pnp: centsSchema('Postage'),
  /** null (or '') when the item is in no batch. */
  batchId: z.preprocess((v) => (v === '' ? null : v), entityIdSchema.nullable()),
  /** A key issue (first appearance, famous cover): listed on /key-comics. */
  key: booleanSchema('Key'),
  ebaySku: optionalCodeSchema('Marketplace SKU', 50),
  ebayListingId: optionalCodeSchema('Marketplace listing id', 50),
  /** The item's series; null (or '') for none. Wins over seriesTitle when both are sent. */
  seriesId: z.preprocess((v) => (v === '' ? null : v), entityIdSchema.nullable()),
  /** A series by its title: an unknown title starts a series ('' for none). Resolved to seriesId by the server. */
  seriesTitle: textSchema('Series title', 120).refine(
    (title) => title === '' || /[\p{L}\p{N}]/u.test(title),
    'Series title must have a letter or a digit',
  ),
  issueNumber: issueNumberSchema,
  cover: coverSchema,
  printing: wholeNumberSchema('Printing', 1, 99),
  /** Final order cut-off: the last day the shop can order the item from its distributor. */
  focDate: calendarDateSchema('FOC date'),
  /** The day the item reaches shops (on sale date). */
  releaseDate: calendarDateSchema('Release date'),
  /** The item's barcode: a UPC (comics, 12 digits and a 5-digit supplement) or an ISBN (books); '' for none. */
  upc: textSchema('UPC/ISBN', 20).refine((v) => /^[0-9X]*$/i.test(v), 'UPC/ISBN may contain only digits (and X)'),
};

/** POST /add-stock body: a stock item; fields not sent take their defaults. */
export const stockItemInputSchema = z.object({
  ...stockItemFields,
  periodType: stockItemFields.periodType.default('new'),
  supplierType: stockItemFields.supplierType.default('diamond'),
  variantDescription: stockItemFields.variantDescription.default(''),
  publisher: stockItemFields.publisher.default(''),
  srp: stockItemFields.srp.default(0),
  priceOverride: stockItemFields.priceOverride.default(0),
  number: stockItemFields.number.default(1),
  /** "initialQuantity (default 1)". */
  initialQuantity: stockItemFields.initialQuantity.default(1),
  salesQuantity: stockItemFields.salesQuantity.default(0),
  salesValue: stockItemFields.salesValue.default(0),
  releaseMonth: stockItemFields.releaseMonth.default(0),
  releaseYear: stockItemFields.releaseYear.default(0),
  writer: stockItemFields.writer.default(''),
  artist: stockItemFields.artist.default(''),
  coverArtist: stockItemFields.coverArtist.default(''),
  selected: stockItemFields.selected.default(false),
  images: stockItemFields.images.default([]),
  hasImage: stockItemFields.hasImage.default(false),
  pnp: stockItemFields.pnp.default(0),
  batchId: stockItemFields.batchId.default(null),
  key: stockItemFields.key.default(false),
  ebaySku: stockItemFields.ebaySku.default(null),
  ebayListingId: stockItemFields.ebayListingId.default(null),
  seriesId: stockItemFields.seriesId.default(null),
  seriesTitle: stockItemFields.seriesTitle.default(''),
  issueNumber: stockItemFields.issueNumber.default(''),
  cover: stockItemFields.cover.default(''),
  printing: stockItemFields.printing.default(1),
  focDate: stockItemFields.focDate.default(null),
  releaseDate: stockItemFields.releaseDate.default(null),
  upc: stockItemFields.upc.default(''),
});
export type StockItemInput = z.output<typeof stockItemInputSchema>;

/** PUT /edit-stock/{id} body: any subset of the fields; unknown fields (e.g. _id) are ignored. */
export const stockItemEditSchema = z.object(stockItemFields).partial();
export type StockItemEdit = z.output<typeof stockItemEditSchema>;

// ---- Batch ----

/** "publishDate (default 21 days ahead)". */
export const DEFAULT_PUBLISH_DAYS_AHEAD = 21;
const DAY_MS = 24 * 60 * 60 * 1000;

export function defaultPublishDate(now: Date): string {
  return new Date(now.getTime() + DEFAULT_PUBLISH_DAYS_AHEAD * DAY_MS).toISOString();
}

/** The item type, period and supplier a batch type implies, used when the admin leaves them out. */
export const BATCH_TYPE_DEFAULTS: Readonly<Record<BatchType, { itemType: ItemType; periodType: PeriodType; supplierType: SupplierType }>> =
  {
    diamond: { itemType: 'comic', periodType: 'new', supplierType: 'diamond' },
    back: { itemType: 'comic', periodType: 'back-issue', supplierType: 'local_person' },
    pre: { itemType: 'comic', periodType: 'pre-order', supplierType: 'diamond' },
    game: { itemType: 'game', periodType: 'new', supplierType: 'lpg' },
  };

const batchFields = {
  name: requiredTextSchema('Batch name', 60),
  type: batchTypeSchema,
  itemType: itemTypeSchema,
  periodType: periodTypeSchema,
  supplierType: supplierTypeSchema,
  publishDate: dateSchema('Publish date'),
  /** Last day to order (pre-order batches); null when none. */
  cutOffDate: z.preprocess((v) => (v === '' ? null : v), dateSchema('Cut-off date').nullable()),
  /** Whole percent taken off every item of the batch. */
  discountPercent: wholeNumberSchema('Discount percent', 0, 100),
  /** Purchase value of the batch, cents. */
  value: centsSchema('Purchase value', MAX_TOTAL_CENTS),
  hideHomePage: booleanSchema('Hide from home page'),
  default: booleanSchema('Default'),
};

/**
 * POST /add-batch body. `now` sets the default publish date ("21 days ahead"); item type, period
 * and supplier default from the batch type (BATCH_TYPE_DEFAULTS).
 */
export function batchInputSchema(now: Date) {
  return z
    .object({
      ...batchFields,
      itemType: batchFields.itemType.optional(),
      periodType: batchFields.periodType.optional(),
      supplierType: batchFields.supplierType.optional(),
      publishDate: batchFields.publishDate.optional(),
      cutOffDate: batchFields.cutOffDate.default(null),
      discountPercent: batchFields.discountPercent.default(0),
      value: batchFields.value.default(0),
      hideHomePage: batchFields.hideHomePage.default(false),
      default: batchFields.default.default(false),
    })
    .transform((batch) => {
      const implied = BATCH_TYPE_DEFAULTS[batch.type];
      return {
        ...batch,
        itemType: batch.itemType ?? implied.itemType,
        periodType: batch.periodType ?? implied.periodType,
        supplierType: batch.supplierType ?? implied.supplierType,
        publishDate: batch.publishDate ?? defaultPublishDate(now),
      };
    });
}
export type BatchInput = z.output<ReturnType<typeof batchInputSchema>>;

/** PUT /edit-batch/{id} body: any subset of the fields. */
export const batchEditSchema = z.object(batchFields).partial();
export type BatchEdit = z.output<typeof batchEditSchema>;

// ---- Browse and search ----

/** "Admin stock lists fetch up to 2000 items (filtered lists)." */
export const BROWSE_MAX_LIMIT = 2000;
export const BROWSE_MAX_PAGE = 10_000;

const knownModes = BROWSE_MODES.map(
  (m) => `${m.heading} (itemType ${m.itemType}, periodType ${m.periodType ?? 'none'}, key ${m.key})`,
).join('; ');

/**
 * PUT /stock/ body: itemType, periodType, batchId, limit, page, key. The combination must be one of
 * the browse modes; the parsed value carries the mode's id. An empty, null or 'all' batchId means
 * every batch.
 */
export const browseQuerySchema = z
  .object({
    itemType: itemTypeSchema.default('comic'),
    periodType: z.preprocess((v) => (v === '' || v === undefined ? null : v), periodTypeSchema.nullable()),
    batchId: z.preprocess((v) => (v === '' || v === undefined || v === 'all' ? null : v), entityIdSchema.nullable()),
    limit: wholeNumberSchema('Limit', 1, BROWSE_MAX_LIMIT).default(BROWSE_FIRST_PAGE_SIZE),
    page: wholeNumberSchema('Page', 1, BROWSE_MAX_PAGE).default(1),
    key: booleanSchema('Key').default(false),
  })
  .transform((query, ctx) => {
    const mode = findBrowseMode(query);
    if (!mode) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['itemType'],
        message:
          `Unknown browse mode: itemType ${query.itemType}, periodType ${query.periodType ?? 'none'}, ` +
          `key ${query.key}. Known modes: ${knownModes}`,
      });
      return z.NEVER;
    }
    return { ...query, mode: mode.id };
  });
export type BrowseQuery = z.output<typeof browseQuerySchema>;

/** The orders a search can be answered in: relevance (best match first) is the default. */
export const SEARCH_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * /search-stock/{term} query string: `page` and `limit` exactly as browse pages (page p of limit
 * starts at (p - 1) x limit; the storefront asks page 1 x 60, then 3, 4, ... x 30), `sort`, and
 * `publisher` (only that publisher's items, any case).
 */
export const searchQuerySchema = z.object({
  page: wholeNumberSchema('Page', 1, BROWSE_MAX_PAGE).default(1),
  limit: wholeNumberSchema('Limit', 1, BROWSE_MAX_LIMIT).default(BROWSE_FIRST_PAGE_SIZE),
  sort: z.enum(SEARCH_SORTS, { errorMap: () => ({ message: `Sort must be one of ${SEARCH_SORTS.join(', ')}` }) }).default('relevance'),
  publisher: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ invalid_type_error: 'Publisher must be text' }).trim().max(100, 'Publisher can be at most 100 characters').optional(),
  ),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** GET /homepage-stock query string: `page` of rows (8 a page). */
export const homepageQuerySchema = z.object({ page: wholeNumberSchema('Page', 1, 1000).default(1) });

export const SEARCH_TERM_MAX_LENGTH = 200;

/** /search-stock/{term}: trimmed, 1..200 characters. */
export const searchTermSchema = z
  .string({ required_error: 'Enter a search term', invalid_type_error: 'The search term must be text' })
  .trim()
  .min(1, 'Enter a search term')
  .max(SEARCH_TERM_MAX_LENGTH, `A search term can be at most ${SEARCH_TERM_MAX_LENGTH} characters`);
export type SearchTerm = z.output<typeof searchTermSchema>;
