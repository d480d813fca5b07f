import type { Selectable } from 'kysely';
import type { CatalogueTables } from '@shop/projections/catalogue/tables';

type StockRow = Selectable<Omit<CatalogueTables['stock_items'], 'search_vector' | 'search_title' | 'search_compact' | 'in_stock'>>;

/** The columns every comic answer needs (never the search columns). */
export const COMIC_COLUMNS = [
  'stock_item_id',
  'comic_id',
  'item_type',
  'period_type',
  'supplier_type',
  'publisher',
  'main_description',
  'variant_description',
  'writer',
  'artist',
  'cover_artist',
  'selected',
  'srp',
  'price_override',
  'number',
  'available',
  'initial_quantity',
  'sales_quantity',
  'sales_value',
  'release_month',
  'release_year',
  'images',
  'has_image',
  'pnp',
  'key',
  'ebay_sku',
  'ebay_listing_id',
  'batch_id',
  'batch_name',
  'batch_date',
  'series_id',
  'series_title',
  'issue_number',
  'cover',
  'printing',
  'foc_date',
  'release_date',
  'order_by',
  'upc',
  'price',
  'sort_title',
  'added_position',
] as const;

/**
 * A stock item as the spec's "Stock item" (storefront §3), plus `price`, the shopper's price in
 * cents. For shoppers `number` is what they can buy (copies held by checkouts in progress are not);
 * the admin sees copies in the shop as `number` and `available` beside it.
 */
export function comicView(row: StockRow, audience: 'shopper' | 'admin' = 'shopper') {
  return {
    _id: row.stock_item_id,
    comicId: row.comic_id,
    itemType: row.item_type,
    periodType: row.period_type,
    supplierType: row.supplier_type,
    publisher: row.publisher,
    mainDescription: row.main_description,
    variantDescription: row.variant_description,
    writer: row.writer,
    artist: row.artist,
    coverArtist: row.cover_artist,
    selected: row.selected,
    srp: row.srp,
    priceOverride: row.price_override,
    price: row.price,
    number: audience === 'admin' ? row.number : Math.max(0, row.available),
    available: Math.max(0, row.available),
    initialQuantity: row.initial_quantity,
    salesQuantity: row.sales_quantity,
    salesValue: Number(row.sales_value),
    releaseMonth: row.release_month,
    releaseYear: row.release_year,
    images: row.images,
    hasImage: row.has_image,
    pnp: row.pnp,
    key: row.key,
    ebaySku: row.ebay_sku,
    ebayListingId: row.ebay_listing_id,
    batch: row.batch_id,
    batchName: row.batch_name,
    batchDate: row.batch_date?.toISOString() ?? null,
    seriesId: row.series_id,
    seriesTitle: row.series_title,
    issueNumber: row.issue_number,
    cover: row.cover,
    printing: row.printing,
    focDate: row.foc_date,
    releaseDate: row.release_date,
    orderBy: row.order_by,
    upc: row.upc,
  };
}
export type ComicView = ReturnType<typeof comicView>;

export function batchView(row: Selectable<CatalogueTables['batches']>) {
  return {
    _id: row.batch_id,
    name: row.name,
    type: row.type,
    itemType: row.item_type,
    periodType: row.period_type,
    supplierType: row.supplier_type,
    publishDate: row.publish_date?.toISOString() ?? null,
    cutOffDate: row.cut_off_date?.toISOString() ?? null,
    discountPercent: row.discount_percent,
    value: Number(row.value),
    hideHomePage: row.hide_home_page,
    default: row.is_default,
  };
}
export type BatchView = ReturnType<typeof batchView>;
