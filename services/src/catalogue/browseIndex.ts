import { sql, type Kysely, type Selectable } from 'kysely';
import { browseOffset, type BrowseQuery } from '@shop/domain/catalogue/index';
import type { ReadModels } from '@shop/projections/schema';
import {
  heldAt,
  heldOf,
  searchedText,
  ORDERS,
  place,
  thenTitle,
  without,
  type Held,
  type IndexedOrder,
  type IndexPlace,
} from './indexedItem.ts';
import { listedColumnsSql, type ListedRow } from './itemJson.ts';
import { SearchIndex } from './searchIndex.ts';

/** A batch as the homepage reads it: its row of `batches`. */
export type HomeBatch = Selectable<ReadModels['batches']>;

/** One browse mode's items in stock in one order, made the first time a page asks for it and kept in step after. */
interface SortedList {
  holds: (item: Held) => boolean;
  compare: (a: Held, b: Held) => number;
  items: Held[];
}

/** A feed row as the index applies it: the item's live counts and, back in stock or moved, where it is now. */
export interface IndexChange {
  seq: number;
  id: string;
  available: number;
  salesQuantity: number;
  salesValue: string;
  /** Where it is now (back in stock or moved; none once deleted). */
  now: IndexPlace | null;
  moved: boolean;
  /** Added, deleted, or its words (lexemes) changed: the words typos are corrected to may have. */
  wordsMoved: boolean;
}

/** The index's read of the catalogue: what it is in step with. */
interface Loaded {
  structure: string;
  seq: number;
}

/**
 * Browse pages answered from the API process's memory: every item in stock, with its listed row
 * (id, live counts, sort keys), and each browse mode's items in each of its orders, kept in step with
 * the catalogue's change feed that the cache reads (`follow`). A browse miss for a plain mode
 * (no batch, no grade filter, no grade order) then reads no statement at all, its items' JSON being
 * the process's too (`ItemJson`); it waits for no connection, so a rush of sales does not hold it.
 *
 * It answers only while in step with the cache: under the cache's structure version and at its feed
 * position (`answers`). Read once (`load`) and kept in step by every feed read after it; a structure
 * move, a restart of the cache or a gap in the feed makes it read the catalogue again, and browse
 * reads the database until it has.
 */
export class BrowseIndex {
  private readonly held = new Map<string, Held>();
  private readonly lists = new Map<string, SortedList>();
  /** The batches not hidden from the homepage, read with the items (only a structure move changes them). */
  homeBatches: readonly HomeBatch[] = [];
  /** Each batch's items in stock in a homepage row's order (title as sorted, order added), made the first time a row asks. */
  private byBatch: Map<string, Held[]> | null = null;
  private loaded: Loaded | null = null;
  private loading: Promise<void> | null = null;
  /** The feed reads made while a load was under way, applied once it is done. */
  private whileLoading: { structure: string; changes: readonly IndexChange[] }[] = [];
  /** Bumped whenever what was loaded is let go: a load begun before does not count. */
  private generation = 0;
  /** How many times it has read the whole catalogue. */
  reads = 0;
  /** Search over the same items, made the first time a search asks. */
  readonly search = new SearchIndex(
    () => this.held.values(),
    (item) => this.held.get(item.row.stock_item_id) === item,
    (order) => this.listFor({ mode: 'all' }, order).items,
  );

  constructor(private readonly db: Kysely<ReadModels>) {}

  /** How many items in stock it holds (GET /api/status). */
  get size(): number {
    return this.held.size;
  }

  /** The ids of at most `limit` items it holds, the most recently added first when it holds more. */
  newestIds(limit: number): string[] {
    const held = [...this.held.values()];
    if (held.length > limit) held.sort((a, b) => Number(b.row.added_position) - Number(a.row.added_position));
    return held.slice(0, limit).map((h) => h.row.stock_item_id);
  }

  /** Whether it holds a read of the catalogue, or one is under way. */
  get loadedOrLoading(): boolean {
    return this.loaded !== null || this.loading !== null;
  }

  /** Whether it can answer a page at this structure version and feed position. */
  inStep(structure: string, seq: number): boolean {
    return this.loaded !== null && this.loaded.structure === structure && this.loaded.seq === seq;
  }

  /** Whether the index keeps this query's order and filters. */
  static answers(query: BrowseQuery): boolean {
    return (
      query.batchId === null &&
      query.gradeMin === undefined &&
      query.gradeMax === undefined &&
      query.graded === undefined &&
      query.sort !== 'grade-desc'
    );
  }

  /** Everything held goes (the structure moved, or the cache started again); the next `load` reads it all. */
  clear(): void {
    this.held.clear();
    this.lists.clear();
    this.byBatch = null;
    this.search.clear();
    this.homeBatches = [];
    this.loaded = null;
    this.loading = null;
    this.whileLoading = [];
    this.generation++;
  }

  /**
   * Reads every item in stock, with the structure version and the feed position it is at, in one
   * statement (one snapshot). Several callers share one read under way.
   */
  load(): Promise<void> {
    if (!this.loading) {
      this.whileLoading = [];
      this.loading = this.read().finally(() => (this.loading = null));
    }
    return this.loading;
  }

  private async read(): Promise<void> {
    const generation = this.generation;
    const { rows } = await sql<ListedRow & IndexedRow>`
      with v as (
        select (select structure::text from catalogue_versions where id = 1) as structure,
          (select coalesce(max(seq), 0)::text from stock_availability_feed) as last)
      select v.structure, v.last, s.item_type, s.period_type, s.key, ${listedColumnsSql('s')},
        tsvector_to_array(s.search_vector) as lexemes, tsvector_to_array(ts_filter(s.search_vector, '{a}')) as title_lexemes,
        s.search_compact as compact, lower(s.publisher) as publisher, s.grade::text as grade, s.graded
      from v left join stock_items s on s.in_stock`.execute(this.db);
    // Read after the structure version, so never older than it: a batch saved since moves the
    // structure, and the next feed read lets this go.
    const batches = await this.db.selectFrom('batches').selectAll().where('hide_home_page', '=', false).execute();
    if (generation !== this.generation || rows.length === 0) return;
    this.reads++;
    this.homeBatches = batches;
    this.held.clear();
    this.lists.clear();
    this.byBatch = null;
    this.search.clear();
    for (const r of rows) {
      if (r.stock_item_id === null || r.item_type === null) continue;
      const row: ListedRow = {
        stock_item_id: r.stock_item_id,
        available: r.available,
        sales_quantity: r.sales_quantity,
        sales_value: r.sales_value,
        batch_id: r.batch_id,
        batch_time: r.batch_time,
        price: r.price,
        sort_title: r.sort_title,
        added_position: String(r.added_position),
      };
      const searched = searchedText(r.lexemes, r.title_lexemes, r.compact, r.publisher, r.grade, r.graded);
      this.held.set(row.stock_item_id, heldOf(row, r.item_type, r.period_type, r.key ?? false, searched));
    }
    const structure = rows[0]!.structure;
    let seq = Number(rows[0]!.last);
    // The feed reads since the load began cover every row after the position the cache was at then,
    // which the load's snapshot has reached: those past the snapshot are applied.
    for (const read of this.whileLoading) {
      if (read.structure !== structure) return this.clear();
      for (const change of read.changes) {
        if (change.seq > seq) {
          this.apply(change);
          seq = change.seq;
        }
      }
    }
    this.whileLoading = [];
    this.loaded = { structure, seq };
  }

  /**
   * The cache read the feed from `after` to `seq` under `structure`: applies the rows it has not
   * (a load may have read past `after`). One it cannot follow (a gap, another structure) it lets go.
   */
  follow(structure: string, after: number, seq: number, changes: readonly IndexChange[]): void {
    const at = this.loaded;
    if (!at) {
      if (this.loading) this.whileLoading.push({ structure, changes });
      return;
    }
    if (at.structure !== structure || at.seq < after) return this.clear();
    if (at.seq >= seq) return;
    for (const change of changes) if (change.seq > at.seq) this.apply(change);
    this.loaded = { structure, seq };
  }

  private apply(change: IndexChange): void {
    const was = this.held.get(change.id);
    const counts = { available: change.available, sales_quantity: change.salesQuantity, sales_value: change.salesValue };
    if (change.wordsMoved) this.search.wordsMoved();
    if (change.moved || change.available <= 0) {
      if (was) this.remove(was);
      if (change.available > 0 && change.now) this.insert(heldAt(change.id, change.now, counts));
      return;
    }
    if (was) {
      // Counts only: it sorts where it did. A new row, so a page already handed out keeps its own.
      was.row = { ...was.row, ...counts };
      return;
    }
    // Back in stock (a row with no place: deleted since, which a later row says).
    if (change.now) this.insert(heldAt(change.id, change.now, counts));
  }

  private insert(item: Held): void {
    this.held.set(item.row.stock_item_id, item);
    this.search.add(item);
    for (const list of this.lists.values()) {
      if (list.holds(item)) list.items.splice(place(list.items, list.compare, item), 0, item);
    }
    const batchId = item.row.batch_id;
    if (this.byBatch && batchId !== null) {
      const row = this.byBatch.get(batchId) ?? [];
      row.splice(place(row, thenTitle, item), 0, item);
      this.byBatch.set(batchId, row);
    }
  }

  private remove(item: Held): void {
    this.held.delete(item.row.stock_item_id);
    this.search.remove(item);
    for (const list of this.lists.values()) {
      if (list.holds(item)) without(list.items, list.compare, item);
    }
    const row = this.byBatch && item.row.batch_id !== null ? this.byBatch.get(item.row.batch_id) : undefined;
    if (row) without(row, thenTitle, item);
  }

  /** A page of a plain browse mode (`answers`), as browseStock's statement reads it: the rows and the last one's sort key. */
  page(query: BrowseQuery): { rows: ListedRow[]; lastKey: { sortTitle: string; addedPosition: string } | null } {
    const list = this.listFor(query, query.sort === 'price-asc' || query.sort === 'price-desc' ? query.sort : 'newest');
    const offset = browseOffset(query.page, query.limit);
    const rows = list.items.slice(offset, offset + query.limit).map((item) => item.row);
    const last = rows.at(-1);
    return { rows, lastKey: last ? { sortTitle: last.sort_title, addedPosition: String(last.added_position) } : null };
  }

  /**
   * A homepage row's items: the batch's items in stock of these types, by title as sorted then
   * order added, from `offset`, at most `limit` (homepageStock's and moreHomepageStock's statements).
   */
  batchRow(batchId: string, types: readonly string[], offset: number, limit: number): ListedRow[] {
    const rows: ListedRow[] = [];
    let skipped = 0;
    for (const item of this.batches().get(batchId) ?? []) {
      if (!types.includes(item.itemType)) continue;
      if (skipped < offset) skipped++;
      else if (rows.push(item.row) === limit) break;
    }
    return rows;
  }

  private batches(): Map<string, Held[]> {
    if (!this.byBatch) {
      const byBatch = new Map<string, Held[]>();
      for (const item of this.held.values()) {
        if (item.row.batch_id === null) continue;
        const row = byBatch.get(item.row.batch_id);
        if (row) row.push(item);
        else byBatch.set(item.row.batch_id, [item]);
      }
      for (const row of byBatch.values()) row.sort(thenTitle);
      this.byBatch = byBatch;
    }
    return this.byBatch;
  }

  /** A browse mode's items (or every item, for search) in one of the orders kept. */
  private listFor(query: BrowseQuery | { mode: 'all' }, order: IndexedOrder): SortedList {
    const mode = query.mode === 'all' ? 'all' : query.mode === 'key-comics' ? 'key' : `${query.itemType}/${query.periodType ?? ''}`;
    const name = `${mode}|${order}`;
    let list = this.lists.get(name);
    if (!list) {
      const holds =
        query.mode === 'all'
          ? () => true
          : query.mode === 'key-comics'
            ? (item: Held) => item.key && item.itemType === 'comic'
            : (item: Held) => item.itemType === query.itemType && (!query.periodType || item.periodType === query.periodType);
      const compare = ORDERS[order];
      list = { holds, compare, items: [...this.held.values()].filter(holds).sort(compare) };
      this.lists.set(name, list);
    }
    return list;
  }
}

/** What the index's read adds to a listed row: the structure and feed position, where the item sorts and what a search matches. */
interface IndexedRow {
  structure: string;
  last: string;
  item_type: string | null;
  period_type: string | null;
  key: boolean | null;
  lexemes: string[] | null;
  title_lexemes: string[] | null;
  compact: string | null;
  publisher: string | null;
  grade: string | null;
  graded: boolean | null;
}
