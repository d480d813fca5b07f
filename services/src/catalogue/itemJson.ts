import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '@shop/projections/schema';
import { PREPARED } from '../db/preparedStatements.ts';
import { staticPrefix, type LiveCounts } from './comicFragments.ts';
import { COMIC_COLUMNS, comicView } from './comicView.ts';

/**
 * What a catalogue statement reads of each item it lists: its id, live counts and sort keys, and
 * its batch's date (`listedColumns`). The rest of the item (its 44 columns) is its JSON, which the
 * process keeps (`ItemJson`).
 */
export const LISTED_COLUMNS = [
  'stock_item_id',
  'available',
  'sales_quantity',
  'sales_value',
  'batch_id',
  'price',
  'sort_title',
  'added_position',
] as const;

type ListedFrom = 's' | 'stock_items';

/**
 * An item's batch's date as ms since 1970, as the change feed's places have it: a number, so no Date
 * is made and formatted for each item listed.
 */
const batchTime = (from: ListedFrom) => sql<number | null>`(extract(epoch from ${sql.ref(`${from}.batch_date`)}) * 1000)::float8`;

/** `LISTED_COLUMNS` of the table (or alias) `from`, and `batch_time`, for a query builder's select. */
export function listedColumns<T extends ListedFrom>(from: T) {
  return [...LISTED_COLUMNS.map((c) => `${from}.${c}` as const), batchTime(from).as('batch_time')];
}

/** The same in a statement written as SQL. */
export const listedColumnsSql = (from: ListedFrom) =>
  sql`${sql.join(LISTED_COLUMNS.map((c) => sql.ref(`${from}.${c}`)))}, ${batchTime(from)} as batch_time`;

/**
 * The most items whose JSON a process reads as it warms up (the most recently added first): at
 * 100,000 items some 3 s and 100 MB of its heap, which it would come to hold anyway as shoppers
 * browse; a larger catalogue's older items are read as they are first listed.
 */
export const ITEM_JSON_WARM_MAX = 100_000;

/** How many items' JSON a warming process reads in one statement. */
export const ITEM_JSON_WARM_CHUNK = 5_000;

/** Marks the read of items' JSON (a comment: logs and tests tell it by this). Prepared: its plan, lookups by key, suits every call. */
export const ITEM_JSON_READ = '/* items json */';

/**
 * A row of `listedColumns` as node-postgres gives it: numeric and bigint columns may come as text,
 * which the schema's types do not say, so this is written out rather than picked from them.
 */
export interface ListedRow {
  stock_item_id: string;
  available: number;
  sales_quantity: number;
  sales_value: string | number;
  batch_id: string | null;
  batch_time: number | null;
  price: number;
  sort_title: string;
  added_position: string | number;
}

/** An item as an answer lists it: its JSON without live counts (`prefix`), its live counts, and what a reach compares. */
export interface ListedItem {
  id: string;
  prefix: string;
  live: LiveCounts;
  /** Its batch's date, ms since 1970. */
  batchTime: number | null;
  /** The shopper's price in cents. */
  price: number;
}

/**
 * Each item's JSON without its live counts, kept by the API process under one structure version.
 * A catalogue answer's statement reads only its items' ids, live counts and sort keys; the JSON of
 * items the process has not kept (or that moved since) is read in one statement by id. Reading all
 * 44 columns of every item listed, building its view and its JSON on every miss was most of what a
 * miss cost the API and much of what it cost PostgreSQL (docs/catalogue.md).
 *
 * The catalogue cache tells it what moved (`moved`, from the change feed) and when the structure
 * moves or the cache starts again (`clear`). A JSON read before an item's last move is never kept:
 * `since` is the feed position before the read, and an item moved after it is read again by the next
 * answer listing it; nor one read before a `clear`, which forgets the moves it could be older than.
 */
export class ItemJson {
  private readonly prefixes = new Map<string, string>();
  /** The feed position of each item's last move under this structure. */
  private readonly movedAt = new Map<string, number>();
  /** The newest feed position read since the last clear (null before it: nothing read is kept). */
  private seq: number | null = null;
  /** How many times it was cleared: a read begun before the last time is not kept. */
  private cleared = 0;

  /** The feed was read up to `seq` (under the structure the cache has; it clears what an older one kept). */
  at(seq: number): void {
    this.seq = seq;
  }

  /** The item was added, edited or deleted at feed position `seq`: its JSON is read again. */
  moved(id: string, seq: number): void {
    this.prefixes.delete(id);
    this.movedAt.set(id, seq);
  }

  clear(): void {
    this.prefixes.clear();
    this.movedAt.clear();
    this.seq = null;
    this.cleared++;
  }

  /** How many items' JSON is kept. */
  get size(): number {
    return this.prefixes.size;
  }

  /**
   * The rows as an answer lists them, in their order. The JSON of those not kept is read on `db`
   * (the miss's connection) and kept, unless the item moved since the read began. An item deleted
   * between the rows' statement and this read is left out: the answer is read again at its move.
   */
  async listed(db: Kysely<ReadModels> | (() => Promise<Kysely<ReadModels>>), rows: readonly ListedRow[]): Promise<ListedItem[]> {
    const missing = rows.filter((r) => !this.prefixes.has(r.stock_item_id)).map((r) => r.stock_item_id);
    const read = missing.length > 0 ? await this.read(typeof db === 'function' ? await db() : db, missing) : new Map<string, string>();
    const listed: ListedItem[] = [];
    for (const row of rows) {
      const prefix = this.prefixes.get(row.stock_item_id) ?? read.get(row.stock_item_id);
      if (prefix === undefined) continue;
      listed.push({
        id: row.stock_item_id,
        prefix,
        live: { available: Math.max(0, row.available), salesQuantity: row.sales_quantity, salesValue: Number(row.sales_value) },
        batchTime: row.batch_time,
        price: row.price,
      });
    }
    return listed;
  }

  /**
   * Reads and keeps the JSON of those of `ids` not kept, ITEM_JSON_WARM_CHUNK at a time: a process
   * warming up (CatalogueCache.warm), so that its first shoppers' pages are laid out as a long-running
   * process's are, without a statement each.
   */
  async keepAll(db: Kysely<ReadModels>, ids: readonly string[]): Promise<void> {
    for (let from = 0; from < ids.length; from += ITEM_JSON_WARM_CHUNK) {
      const missing = ids.slice(from, from + ITEM_JSON_WARM_CHUNK).filter((id) => !this.prefixes.has(id));
      if (missing.length > 0) await this.read(db, missing);
    }
  }

  /** The JSON of `ids`, read in one statement; each is kept unless it moved (or all were cleared) since the read began. */
  private async read(db: Kysely<ReadModels>, ids: readonly string[]): Promise<Map<string, string>> {
    const { seq: since, cleared } = this;
    const { rows } = await sql<Parameters<typeof comicView>[0]>`${sql.raw(PREPARED + ITEM_JSON_READ)}
      select ${sql.join(COMIC_COLUMNS.map((c) => sql.ref(c)))} from stock_items where stock_item_id = any(${ids}::text[])`.execute(db);
    const read = new Map<string, string>();
    for (const row of rows) {
      const prefix = staticPrefix(comicView(row));
      read.set(row.stock_item_id, prefix);
      const current = since !== null && cleared === this.cleared && (this.movedAt.get(row.stock_item_id) ?? 0) <= since;
      if (current) this.prefixes.set(row.stock_item_id, prefix);
    }
    return read;
  }
}
