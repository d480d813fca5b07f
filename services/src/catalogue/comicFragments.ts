import type { ComicView } from './comicView.ts';

/** The counts of a stock item that holds, releases and sales change, laid over cached answers. */
export interface LiveCounts {
  available: number;
  salesQuantity: number;
  salesValue: number;
}

/** What a comic's JSON holds besides its live counts. */
type StaticFields = Omit<ComicView, 'number' | 'available' | 'salesQuantity' | 'salesValue'>;

/**
 * A comic's JSON without its live counts and closing brace: `{"_id":…,"price":…`. The fields are
 * named one by one (the type asks for every one): a copy made by leaving fields out (`...rest`) is
 * a slow object to build and to stringify, and a miss writes one for each item whose JSON the
 * process has not kept (itemJson.ts).
 */
export function staticPrefix(view: ComicView): string {
  const fields: StaticFields = {
    _id: view._id,
    comicId: view.comicId,
    itemType: view.itemType,
    periodType: view.periodType,
    supplierType: view.supplierType,
    publisher: view.publisher,
    mainDescription: view.mainDescription,
    variantDescription: view.variantDescription,
    writer: view.writer,
    artist: view.artist,
    coverArtist: view.coverArtist,
    selected: view.selected,
    srp: view.srp,
    priceOverride: view.priceOverride,
    price: view.price,
    initialQuantity: view.initialQuantity,
    releaseMonth: view.releaseMonth,
    releaseYear: view.releaseYear,
    images: view.images,
    hasImage: view.hasImage,
    pnp: view.pnp,
    key: view.key,
    condition: view.condition,
    keyNotes: view.keyNotes,
    url: view.url,
    ebaySku: view.ebaySku,
    ebayListingId: view.ebayListingId,
    batch: view.batch,
    batchName: view.batchName,
    batchDate: view.batchDate,
    seriesId: view.seriesId,
    seriesTitle: view.seriesTitle,
    issueNumber: view.issueNumber,
    cover: view.cover,
    printing: view.printing,
    focDate: view.focDate,
    releaseDate: view.releaseDate,
    orderBy: view.orderBy,
    upc: view.upc,
  };
  return asciiJson(JSON.stringify(fields).slice(0, -1));
}

/**
 * JSON text with every character past ASCII written as its escape (`é` as `\u00e9`): the same JSON
 * to a parser. An answer laid out of such pieces is ASCII, which V8 holds one byte a character and
 * Node encodes to UTF-8 (for its ETag and compression) by a copy rather than character by character.
 */
export function asciiJson(json: string): string {
  return NOT_ASCII.test(json) ? json.replace(NOT_ASCII_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}
const NOT_ASCII = /[^\x00-\x7f]/;
const NOT_ASCII_ALL = /[^\x00-\x7f]/g;

/** The rest of a comic's JSON: its live counts (a shopper's `number` is what they can buy) and the closing brace. */
export function liveFields(live: LiveCounts): string {
  const available = Math.max(0, live.available);
  return `,"number":${available},"available":${available},"salesQuantity":${live.salesQuantity},"salesValue":${live.salesValue}}`;
}
