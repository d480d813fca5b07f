/**
 * The columns of the distributors' product data files, in one place (docs/pull-lists.md, "Formats
 * read"). Each field lists the header names it is read from, first found wins; names are compared
 * without case, spaces, '-' and '_'. Where a column's meaning is our reading rather than the
 * distributor's documentation, the field says so (`guess`).
 *
 * Lunar: the weekly product data file (lunardistribution.com, Home > Product Data File, one per FOC
 * week; an .xlsx the shop saves as CSV). PRH: "FOC Title Data (.csv)" from the PRH self-service
 * portal's catalogue download. Neither carries a quantity: each line gets the upload's quantity
 * unless a Qty/Quantity column is there (Lunar's and PRH's invoices have one).
 */

export type SupplierFileKind = 'lunar' | 'prh';

export type SupplierField =
  | 'comicId'
  | 'title'
  | 'publisher'
  | 'srp'
  | 'focDate'
  | 'releaseDate'
  | 'upc'
  | 'isbn'
  | 'writer'
  | 'artist'
  | 'coverArtist'
  | 'quantity'
  | 'ratio';

export interface ColumnReading {
  headers: readonly string[];
  /** Our reading of a column the distributor does not document publicly. */
  guess?: string;
}

export const SUPPLIER_COLUMNS: Readonly<Record<SupplierFileKind, Partial<Record<SupplierField, ColumnReading>>>> = {
  lunar: {
    comicId: { headers: ['ProductCode', 'Code', 'Item Code'] },
    title: { headers: ['Title', 'Description'] },
    publisher: { headers: ['Publisher', 'Vendor'] },
    srp: { headers: ['RetailCost', 'Retail', 'Retail Price', 'SRP'], guess: 'RetailCost is the US cover price (SRP), not the shop cost' },
    focDate: { headers: ['FinalOrderCutoff', 'FOC Date', 'FOC'] },
    releaseDate: { headers: ['InstoreDate', 'In-Store Date', 'In Store Date', 'Release Date'] },
    upc: { headers: ['UPC'] },
    isbn: { headers: ['ISBN'] },
    writer: { headers: ['Writer'] },
    artist: { headers: ['Artist'] },
    coverArtist: {
      headers: ['CoverArtist', 'Cover Artist'],
      guess: 'a cover artist column may be absent; the title names the cover artist',
    },
    quantity: { headers: ['Qty', 'Quantity'] },
  },
  prh: {
    comicId: { headers: ['MainIdentifier', 'ISBN/UPC', 'UPC', 'ISBN'] },
    title: { headers: ['Title'] },
    publisher: { headers: ['PublisherName', 'Publisher', 'ImprintName'] },
    srp: { headers: ['PriceUSD', 'Retail Price (US)', 'Price'] },
    focDate: { headers: ['FOCDate', 'FOC Date'] },
    releaseDate: { headers: ['OnSaleDate', 'On-Sale Date', 'On Sale Date'] },
    upc: { headers: ['UPC'] },
    isbn: { headers: ['ISBN'] },
    writer: { headers: ['Writer', 'Author'] },
    artist: { headers: ['Artist'] },
    coverArtist: { headers: ['CoverArtist', 'Cover Artist'] },
    quantity: { headers: ['Qty', 'Quantity'] },
    ratio: {
      headers: ['OrderRequirement'],
      guess: '"1:25" in OrderRequirement marks a ratio incentive cover (the title may not say so)',
    },
  },
};

/** The fields a line cannot do without. */
export const REQUIRED_FIELDS: readonly SupplierField[] = ['comicId', 'title', 'srp'];

const squash = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

/** Where each field sits in a header row; null when the row lacks a required field. */
export function columnsOf(kind: SupplierFileKind, header: readonly string[]): Partial<Record<SupplierField, number>> | null {
  const at = new Map(header.map((h, i) => [squash(h), i] as const));
  const found: Partial<Record<SupplierField, number>> = {};
  for (const [field, reading] of Object.entries(SUPPLIER_COLUMNS[kind]) as [SupplierField, ColumnReading][]) {
    const index = reading.headers.map((h) => at.get(squash(h))).find((i) => i !== undefined);
    if (index !== undefined) found[field] = index;
  }
  return REQUIRED_FIELDS.every((f) => found[f] !== undefined) ? found : null;
}

/** The header names a file of this kind needs, for the message when none is found. */
export function requiredHeaders(kind: SupplierFileKind): string {
  return REQUIRED_FIELDS.map((f) => SUPPLIER_COLUMNS[kind][f]!.headers[0]).join(', ');
}
