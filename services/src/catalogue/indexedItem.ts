import type { ListedRow } from './itemJson.ts';

/** Where an item sorts and what a search matches of it, as the index needs it of the feed's place (the cache's `catalogue_place` row). */
export interface IndexPlace {
  itemType: string;
  periodType: string | null;
  key: boolean;
  batchId: string | null;
  /** ms since 1970. */
  batchTime: number | null;
  price: number;
  sortTitle: string;
  addedPosition: string;
  searched: SearchedText;
}

/** What a search compares of an item, as PostgreSQL has it (searchStock.ts's statement). */
export interface SearchedText {
  /** The search vector's lexemes (every word of title, comic id, variant, publisher and creators), each after a space (`lexemeText`). */
  lexemes: string;
  /** Its lexemes of weight A (title and comic id), the same way. */
  titleLexemes: string;
  /** `search_compact`: the title lower-cased, all but a-z and 0-9 taken out. */
  compact: string | null;
  /** `lower(publisher)`. */
  publisher: string | null;
  grade: number | null;
  graded: boolean;
}

/** An item in stock as the index holds it: the row a page lists, what its mode and order compare, what a search matches. */
export interface Held {
  row: ListedRow;
  itemType: string;
  periodType: string | null;
  key: boolean;
  /** Its sort title has characters outside the basic plane, where UTF-16 order is not the "C" collation's byte order. */
  astral: boolean;
  searched: SearchedText;
  /** Scratch of the search under way (searchIndex.ts): which search last met it, its relevance tier there, its place in the order. */
  mark: number;
  tier: number;
  rank: number;
}

/** The browse orders the index keeps (relevance is newest); a grade order or filter is read from the database. */
export type IndexedOrder = 'newest' | 'price-asc' | 'price-desc';

export function heldOf(row: ListedRow, itemType: string, periodType: string | null, key: boolean, searched: SearchedText): Held {
  return { row, itemType, periodType, key, astral: /[\uD800-\uDFFF]/.test(row.sort_title), searched, mark: 0, tier: 3, rank: 0 };
}

/** An item back in stock or moved, at its place from the feed, with its counts. */
export function heldAt(id: string, place: IndexPlace, counts: Pick<ListedRow, 'available' | 'sales_quantity' | 'sales_value'>): Held {
  const row: ListedRow = {
    stock_item_id: id,
    ...counts,
    batch_id: place.batchId,
    batch_time: place.batchTime,
    price: place.price,
    sort_title: place.sortTitle,
    added_position: place.addedPosition,
  };
  return heldOf(row, place.itemType, place.periodType, place.key, place.searched);
}

/** Where the item is, or goes, in the sorted items (the orders are total: see thenTitle). */
export function place(items: readonly Held[], compare: (a: Held, b: Held) => number, item: Held): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(items[mid]!, item) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Takes the item out of the sorted items, where it is. */
export function without(items: Held[], compare: (a: Held, b: Held) => number, item: Held): void {
  const at = place(items, compare, item);
  if (items[at] === item) items.splice(at, 1);
}

/** The title as sorted, byte by byte as its "C" collation compares it. */
function compareTitles(a: Held, b: Held): number {
  if (a.astral || b.astral) return Buffer.compare(Buffer.from(a.row.sort_title), Buffer.from(b.row.sort_title));
  return a.row.sort_title < b.row.sort_title ? -1 : a.row.sort_title > b.row.sort_title ? 1 : 0;
}

/** Two whole numbers written out (an order added or made, a bigint as text), compared as numbers. */
export function compareWholeNumbers(a: string | number, b: string | number): number {
  const x = String(a);
  const y = String(b);
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

/**
 * Then the title as sorted and the order added (the global position of the item's StockItemAdded,
 * one an item), and the id should two ever tie: the order stays total, so a binary search finds an
 * item where it is and takes out that one.
 */
export const thenTitle = (a: Held, b: Held) =>
  compareTitles(a, b) ||
  compareWholeNumbers(a.row.added_position, b.row.added_position) ||
  (a.row.stock_item_id < b.row.stock_item_id ? -1 : a.row.stock_item_id > b.row.stock_item_id ? 1 : 0);

/** catalogueQueries' BROWSE_ORDER: a batch's date descending puts no date first, as PostgreSQL does. */
export const ORDERS: Record<IndexedOrder, (a: Held, b: Held) => number> = {
  newest: (a, b) => {
    const x = a.row.batch_time;
    const y = b.row.batch_time;
    if (x !== y) {
      if (x === null) return -1;
      if (y === null) return 1;
      return y - x;
    }
    return thenTitle(a, b);
  },
  'price-asc': (a, b) => a.row.price - b.row.price || thenTitle(a, b),
  'price-desc': (a, b) => b.row.price - a.row.price || thenTitle(a, b),
};

/** Lexemes as an item holds them: one string, each lexeme after a space (PostgreSQL's parser makes none with a space in it). */
const lexemeText = (lexemes: readonly string[] | null | undefined): string => (lexemes?.length ? ` ${lexemes.join(' ')}` : '');

/** What a search compares of an item, from the database's columns as the index's read and `catalogue_place` both give them. */
export function searchedText(
  lexemes: readonly string[] | null | undefined,
  titleLexemes: readonly string[] | null | undefined,
  compact: string | null,
  publisher: string | null,
  grade: string | null | undefined,
  graded: boolean | null | undefined,
): SearchedText {
  return {
    lexemes: lexemeText(lexemes),
    titleLexemes: lexemeText(titleLexemes),
    compact,
    publisher,
    grade: grade === null || grade === undefined ? null : Number(grade),
    graded: graded ?? false,
  };
}
