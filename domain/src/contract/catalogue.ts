import { z } from 'zod';
import { browseQuerySchema, homepageQuerySchema, searchQuerySchema } from '../catalogue/schemas.ts';
import { itemTypeView, periodTypeView, refusals, supplierTypeView } from './shared.ts';

/**
 * A stock item as the catalogue calls answer it (storefront §3) and the admin lists. For shoppers
 * `number` is what they can buy; the admin sees copies in the shop as `number`, `available` beside it.
 * Money in integer cents.
 */
export const imageRefView = z.object({ imageId: z.string() });
export type ImageRefView = z.infer<typeof imageRefView>;

export const comicView = z.object({
  _id: z.string(),
  comicId: z.string(),
  itemType: itemTypeView,
  periodType: periodTypeView.nullable(),
  supplierType: supplierTypeView.nullable(),
  publisher: z.string(),
  mainDescription: z.string(),
  variantDescription: z.string(),
  writer: z.string(),
  artist: z.string(),
  coverArtist: z.string(),
  selected: z.boolean(),
  srp: z.number().int(),
  priceOverride: z.number().int(),
  price: z.number().int(),
  number: z.number().int(),
  available: z.number().int(),
  initialQuantity: z.number().int(),
  salesQuantity: z.number().int(),
  salesValue: z.number().int(),
  releaseMonth: z.number().int(),
  releaseYear: z.number().int(),
  images: z.array(imageRefView),
  hasImage: z.boolean(),
  pnp: z.number().int(),
  key: z.boolean(),
  ebaySku: z.string().nullable(),
  ebayListingId: z.string().nullable(),
  /** The batch id. */
  batch: z.string().nullable(),
  batchName: z.string().nullable(),
  batchDate: z.string().nullable(),
  /** The series (merges followed) and its current title; null and '' for none. */
  seriesId: z.string().nullable(),
  seriesTitle: z.string(),
  /** '12', '0', '1.1', 'Annual 1', 'One-Shot'; '' for none. */
  issueNumber: z.string(),
  /** 'A', 'B', 'VAR' (an unlettered regular variant), '1:25' (a ratio incentive), '' for the only cover. */
  cover: z.string(),
  printing: z.number().int(),
  /** Final order cut-off day, 'YYYY-MM-DD' (Australia/Sydney); null when the file gave none. */
  focDate: z.string().nullable(),
  /** On-sale day, 'YYYY-MM-DD'; null when unknown. */
  releaseDate: z.string().nullable(),
  /**
   * A pre-order's FOC date, 'YYYY-MM-DD': its focDate, else its batch's cut-off day (Australia/Sydney);
   * null for other items. The tile says "Order by {date}" until the end of that day; after it the item
   * cannot be added to an order.
   */
  orderBy: z.string().nullable(),
  /** UPC (comics) or ISBN (books) digits; '' when unknown. */
  upc: z.string(),
});
export type ComicView = z.infer<typeof comicView>;

/** Batch types as the API spells them; accessory batches use 'game' and are told apart by itemType. */
export const batchTypeView = z.enum(['diamond', 'back', 'pre', 'game']);
export type BatchType = z.infer<typeof batchTypeView>;

export const batchView = z.object({
  _id: z.string(),
  name: z.string(),
  type: batchTypeView,
  itemType: itemTypeView,
  periodType: periodTypeView.nullable(),
  supplierType: supplierTypeView.nullable(),
  publishDate: z.string().nullable(),
  cutOffDate: z.string().nullable(),
  discountPercent: z.number(),
  /** Purchase value, cents. */
  value: z.number(),
  hideHomePage: z.boolean(),
  default: z.boolean(),
});
export type BatchView = z.infer<typeof batchView>;

export const comicsAnswer = z.object({ comics: z.array(comicView) });
export type ComicsAnswer = z.infer<typeof comicsAnswer>;

/** GET|POST /search-stock/{term}?page=&limit=&sort=: one page of matches and the number of all. */
export const searchStockAnswer = z.object({ comics: z.array(comicView), total: z.number().int() });
export type SearchStockAnswer = z.infer<typeof searchStockAnswer>;

/** GET /homepage-stock[?page=n]: batch rows and the first items of each. */
export const homepageStockAnswer = z.object({ batches: z.array(batchView), comics: z.array(comicView) });
export type HomepageStockAnswer = z.infer<typeof homepageStockAnswer>;

export const moreHomepageStockAnswer = z.object({ moreComics: z.array(comicView) });
export const allBatchesAnswer = z.object({ batches: z.array(batchView) });

/** The storefront's catalogue calls. Their answers come from the catalogue cache as prepared JSON. */
export const catalogueCalls = {
  browse: { body: browseQuerySchema, response: { 200: comicsAnswer, ...refusals } },
  search: {
    params: z.object({ term: z.string() }),
    querystring: searchQuerySchema,
    response: { 200: searchStockAnswer, ...refusals },
  },
  allBatches: { response: { 200: allBatchesAnswer, ...refusals } },
  homepage: { querystring: homepageQuerySchema, response: { 200: homepageStockAnswer, ...refusals } },
  moreHomepage: { params: z.object({ batchId: z.string(), page: z.string() }), response: { 200: moreHomepageStockAnswer, ...refusals } },
  stockForPre: { params: z.object({ batchId: z.string(), limit: z.string().optional() }), response: { 200: comicsAnswer, ...refusals } },
} as const;
