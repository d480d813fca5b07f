import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '@shop/projections/schema';
import { asciiJson, liveFields, type LiveCounts } from './comicFragments.ts';
import { BrowseIndex, type IndexChange } from './browseIndex.ts';
import { searchedText, type IndexPlace } from './indexedItem.ts';
import { ITEM_JSON_WARM_MAX, ItemJson, type ListedItem } from './itemJson.ts';
import { searchWords } from './searchTerms.ts';
import { WordIndex, wordIndexKeys } from './wordIndex.ts';

/** What a catalogue call answers: its comics (laid over with live counts) and its other fields. */
export interface CatalogueAnswer {
  /** Fields of the answer other than the comics, serialised as they are. */
  fields?: Record<string, unknown>;
  comics?: {
    /** The answer's field that holds them ('comics', 'moreComics'). */
    field: string;
    items: readonly ListedItem[];
    /** The answer lists only items in stock: once one of them sells out, the answer is computed again. */
    inStockOnly: boolean;
    /** The items it could list (an answer of items in stock): one of them back in stock computes it again. Everything when not said. */
    reach?: Reach;
    /** Any item added, edited or deleted (in stock, for an answer of items in stock) computes it again: `reach` is for items back in stock. */
    everyMoveReaches?: boolean;
    /** Its order uses the price (a price sort), so an item repriced may move within it; unsure when not said. When false, a repricing changes it only if it lists the item. */
    ordersByPrice?: boolean;
  };
}

/**
 * A body ready to send; its ETag and compressed forms made once each. Once compressed, its JSON is
 * let go (a kept answer's text is most of its memory) and laid out again, from the same counts, only
 * for a client that asks for it uncompressed or in the other encoding.
 */
export class CachedBody {
  etag?: string;
  br?: Buffer;
  gzip?: Buffer;
  /** The JSON's length in characters, kept after the text is let go. */
  readonly length: number;
  private text: string | null;
  /** The JSON in UTF-8, made once for both its ETag and its compression. */
  private encoded: Buffer | null = null;

  /** `ascii`: the text is ASCII only (a catalogue answer's, `asciiJson`), so its UTF-8 is a byte a character, copied. */
  constructor(
    text: string,
    private readonly layOutAgain: () => string,
    private readonly ascii = false,
  ) {
    this.text = text;
    this.length = text.length;
  }

  json(): string {
    return this.text ?? this.layOutAgain();
  }

  /** The JSON in UTF-8 (what is hashed and compressed), until the body is compressed. */
  bytes(): Buffer {
    return this.encoded ?? (this.encoded = Buffer.from(this.json(), this.ascii ? 'latin1' : 'utf8'));
  }

  /** Keeps the compressed form and lets the text go. */
  compressed(encoding: 'br' | 'gzip', compress: (json: Buffer) => Buffer): Buffer {
    const kept = this[encoding] ?? (this[encoding] = compress(this.bytes()));
    this.text = null;
    this.encoded = null;
    return kept;
  }
}

/** A laid-out body, with the feed position it was laid out at and the newest feed row it shows. */
interface LaidOut {
  body: CachedBody;
  seq: number;
  newest: number;
}

/** Where an item sits in the catalogue: what an answer's `reach` asks of an item that came back in stock, or moved. */
export interface StockPlace {
  itemType: string;
  periodType: string;
  key: boolean;
  batchId: string | null;
  /** Its batch's date (ms since 1970), for where it sorts in a browse page: newest batch first. */
  batchTime: number | null;
  /** The shopper's price in cents, for where it sorts by price. */
  price: number;
  /** What a search matches: the words of its title, variant, publisher, creators and comic id, made as a term's are. */
  words: readonly string[];
  /** Its title run together, as the database has it and made as a term's words are. */
  titlesRunTogether: readonly string[];
  /** The words of its title and comic id, which a search's relevance ranks first (null: not known). */
  titleWords: readonly string[] | null;
  /** Lower-cased, as a search's publisher filter is. */
  publisher: string;
  /** Whether it is in stock there: only then can an answer of items in stock list it. */
  inStock: boolean;
  /** The rest of the browse order after the batch date or price: its title as sorted and order added (null: not known). */
  sortKey: BrowseSortKey | null;
  /** Its grade (as text) and whether slabbed, for grade filters and the grade order (null: not known). */
  grading: { grade: string | null; graded: boolean } | null;
}

/** An item's title as sorted (`sort_title`, compared byte by byte as its "C" collation does) and order added. */
export interface BrowseSortKey {
  sortTitle: string;
  addedPosition: string;
}

/**
 * Whether an answer could list an item at this place (an answer of items in stock: were it in stock).
 * When an item comes back in stock, or is added, edited or deleted, the answers it could join or
 * leave are computed again and the rest kept. Saying yes wrongly costs a read; saying no wrongly
 * hides the item or shows it changed, so a reach errs towards yes.
 */
export type Reach = ((item: StockPlace) => boolean) & {
  /**
   * The word lists of a search's reach: it reaches an item only when each word of one of them starts
   * one of the item's words, or one's words run together (three letters or more) occur in its title
   * run together. With them the cache finds the answers an item back in stock or edited may reach by
   * its words (`WordIndex`) instead of weighing every answer it keeps.
   */
  byWords?: readonly (readonly string[])[];
};

const REACHES_ALL: Reach = () => true;
/** An answer without comics (all batches) lists no item: only a structure move changes it. */
const REACHES_NONE: Reach = () => false;

/**
 * An item back in stock, or moved (added, edited or deleted), from the feed row at `seq`, with where
 * it now is and, moved, where it was (none for an item added or deleted).
 */
export interface ItemChange {
  seq: number;
  id: string;
  moved: boolean;
  places: StockPlace[];
  /** Too many items moved at once to weigh each against every answer: it reaches them all. */
  everything?: boolean;
  /** Moved in price alone: an answer not ordered by price lists the same items in the same order. */
  repriced?: boolean;
  /**
   * Moved: where it was before (none when added). A kept answer that lists it read it there (a move
   * before drops every answer listing it), so the word index finds those answers by this place.
   */
  listedAt?: StockPlace;
}

interface Entry {
  structure: string;
  reach: Reach;
  /**
   * Where the word index finds it (its reach's `byWords`); none: weighed against every item change.
   * An answer every move reaches (a search of no matches: any edit may bring its word) is not in it.
   */
  indexedBy: readonly string[] | null;
  everyMoveReaches: boolean;
  ordersByPrice: boolean;
  /** The last change feed row applied when the answer was read: newer rows are laid over it. */
  computedSeq: number;
  head: string;
  items: readonly ListedItem[];
  tail: string;
  inStockOnly: boolean;
  laidOut: LaidOut;
}

interface Live extends LiveCounts {
  seq: number;
}

export interface CatalogueCacheStats {
  hits: number;
  misses: number;
  /** Kept answers dropped because an item they list or reach moved or came back in stock. */
  dropped: number;
  /** Kept answers found listing an item sold out since, and so computed again. */
  soldOut: number;
  /** Kept answers served with newer live counts laid over them: a new body, its ETag and compressed forms made again. */
  laidOut: number;
  entries: number;
  /** How many items' JSON the process keeps (`ItemJson`). */
  itemsJson: number;
  /** How many items in stock the browse index holds (`BrowseIndex`). */
  browseIndexItems: number;
  /** Whether its search is made (`SearchIndex.ready`): the first search starts it. */
  searchIndexReady: boolean;
  structure: string;
  feedSeq: number;
}

/** A process that has not read the change feed for this long starts again (the feed keeps 10 minutes). */
const RESTART_AFTER_MS = 5 * 60_000;
/** How old the last read may be and still serve answers while the next read is under way. */
const SERVE_STALE_MS = 1000;
/** More change rows than this in one poll: start again rather than apply them one by one. */
const MAX_FEED_ROWS = 5000;
/**
 * More items back in stock or moved than this in one poll (a supplier file projected in small runs, a
 * batch's items deleted one by one): every answer goes, rather than weighing each item against each.
 */
const SCOPED_CHANGES_AT_MOST = 100;

/**
 * Catalogue answers, kept in the API process and laid over with live stock counts.
 *
 * An answer is kept under the catalogue's *structure* version (catalogue_versions, moved by triggers
 * when a batch is added, edited or deleted, one statement changes more than 100 items, or the site
 * settings are saved). Holds, releases and sales do not move it: they arrive as rows of
 * `stock_availability_feed`, read every `ttlMs`, and their counts are laid over the kept answers when
 * served. An answer listing only items in stock is computed again once one of its items sells out, or
 * once an item within its `reach` comes back in stock; any answer, once an item it lists or reaches
 * is added, edited or deleted (a feed row too). So a shopper never sees a sold-out item as available
 * nor misses one back in stock (once the projector has caught up, plus at most `ttlMs`), nor an old
 * price or title.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  /** The kept answers an item change may reach, by its words (the answers with `indexedBy`). */
  private readonly byWords = new WordIndex();
  /** The kept answers the word index does not hold: every item change is weighed against them. */
  private readonly unindexed = new Set<string>();
  /** Computations under way, with the feed position each began at (for which item changes it may have missed). */
  private readonly computing = new Map<string, { entry: Promise<Entry>; since: number }>();
  /** Items back in stock or moved since the oldest computation under way began. */
  private changes: ItemChange[] = [];
  /** Counts changed since the structure last moved, by stock item id. */
  private live = new Map<string, Live>();
  /** Each item's JSON without its live counts, shared by the answers of one structure version. */
  readonly items = new ItemJson();
  /** Every item in stock in each browse mode's orders, kept in step with the feed (none when turned off). */
  private readonly browseIndex: BrowseIndex | null;
  private state: { structure: string; seq: number; at: number } | null = null;
  private polling: Promise<void> | null = null;
  private hits = 0;
  private misses = 0;
  private dropped = 0;
  private soldOut = 0;
  private laidOutAgain = 0;

  constructor(
    private readonly db: Kysely<ReadModels>,
    private readonly options: { ttlMs?: number; maxEntries: number; enabled?: boolean; browseIndex?: boolean },
  ) {
    this.browseIndex = options.browseIndex === false ? null : new BrowseIndex(db);
  }

  /**
   * Reads the catalogue into the browse index, files its search and reads the items' JSON, as the
   * first browses and searches would, for a process to do before it takes traffic
   * (services/src/main/api.ts): otherwise its first minutes of shoppers are answered from the
   * database while these are made, a slice at a time between their requests. The feed is read
   * first, so the index read after it is never behind the position the cache starts from.
   */
  async warm(): Promise<void> {
    const index = this.browseIndex;
    if (!index) return;
    await this.sync();
    await index.load();
    if (index.size === 0) return;
    // The search is filed in slices while the items' JSON is read: PostgreSQL's part overlaps.
    await Promise.all([index.search.make(), this.items.keepAll(this.db, index.newestIds(ITEM_JSON_WARM_MAX))]);
  }

  /**
   * The browse index, when it is in step with the feed this cache has read (a page read from it is
   * then what the database would answer now); otherwise null, and its read of the catalogue is begun.
   */
  browseIndexInStep(): BrowseIndex | null {
    const index = this.browseIndex;
    const state = this.state;
    if (!index || !state) return null;
    if (index.inStep(state.structure, state.seq)) return index;
    if (!index.loadedOrLoading) index.load().catch(() => undefined);
    return null;
  }

  stats(): CatalogueCacheStats {
    return {
      hits: this.hits,
      misses: this.misses,
      dropped: this.dropped,
      soldOut: this.soldOut,
      laidOut: this.laidOutAgain,
      entries: this.entries.size,
      itemsJson: this.items.size,
      browseIndexItems: this.browseIndex?.size ?? 0,
      searchIndexReady: this.browseIndex?.search.made ?? false,
      structure: this.state?.structure ?? '',
      feedSeq: this.state?.seq ?? 0,
    };
  }

  /** Resolves once the read of the feed under way, if any, is done (a reader that must know what the cache has seen). */
  async feedRead(): Promise<void> {
    await this.polling?.catch(() => undefined);
  }

  /**
   * `read`, remembered while the structure version it was read under is the newest this process
   * has seen in the last second, read again otherwise: for what only a structure move can change
   * (the site settings, whose saving moves it), so a miss does not read it again.
   */
  perStructure<T>(read: () => Promise<T>): () => Promise<T> {
    let kept: { structure: string; value: Promise<T> } | null = null;
    return () => {
      const state = this.state;
      const structure = state && Date.now() - state.at < SERVE_STALE_MS ? state.structure : null;
      if (structure !== null && kept?.structure === structure) return kept.value;
      const value = read();
      if (structure !== null) {
        const mine = { structure, value };
        kept = mine;
        value.catch(() => {
          if (kept === mine) kept = null;
        });
      }
      return value;
    };
  }

  /**
   * The body of `compute()`'s answer for this key, computed again only when its structure moved, one
   * of its items sold out, or (an answer of items in stock) an item within its `reach` came back in stock.
   */
  async body(key: string, compute: () => Promise<CatalogueAnswer>): Promise<CachedBody> {
    await this.sync();
    if (this.options.enabled === false) return this.entryOf(await compute(), '', 0).laidOut.body;
    const state = this.state!;
    const entry = this.entries.get(key);
    if (entry && entry.structure === state.structure) {
      const laidOut = this.layOut(entry, state.seq);
      if (laidOut) {
        this.hits++;
        this.entries.delete(key);
        this.entries.set(key, entry); // most recently used last
        return laidOut.body;
      }
      this.soldOut++;
    }
    this.misses++;
    const { structure, seq } = state;
    const computingKey = `${structure}\n${key}`;
    let pending = this.computing.get(computingKey)?.entry;
    if (!pending) {
      pending = compute()
        .then((answer) => {
          const computed = this.entryOf(answer, structure, seq);
          // An item back in stock or moved since it began may be missing from it or old in it: served to its callers, not kept.
          if (this.state?.structure === structure && !this.changes.some((c) => reaches(computed, c))) {
            this.remember(key, computed);
          }
          return computed;
        })
        .finally(() => this.computing.delete(computingKey));
      this.computing.set(computingKey, { entry: pending, since: seq });
    }
    const computed = await pending;
    return (this.layOut(computed, Math.max(computed.computedSeq, this.state?.seq ?? 0)) ?? computed.laidOut).body;
  }

  private remember(key: string, entry: Entry): void {
    this.forget(key);
    this.entries.set(key, entry);
    if (entry.indexedBy) this.byWords.add(key, entry.indexedBy);
    else this.unindexed.add(key);
    while (this.entries.size > this.options.maxEntries) this.forget(this.entries.keys().next().value!);
  }

  /** Lets a kept answer go, and the index's hold on it. */
  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.indexedBy) this.byWords.remove(key, entry.indexedBy);
    else this.unindexed.delete(key);
  }

  private entryOf(answer: CatalogueAnswer, structure: string, seq: number): Entry {
    const fields = answer.fields ?? {};
    const rest = asciiJson(JSON.stringify(fields)).slice(1, -1);
    const comics = answer.comics;
    const items = comics?.items ?? [];
    const head = comics ? `{${JSON.stringify(comics.field)}:[` : `{${rest}`;
    const tail = comics ? `]${rest ? `,${rest}` : ''}}` : '}';
    const reach = comics ? (comics.reach ?? REACHES_ALL) : REACHES_NONE;
    const entry = {
      structure,
      reach,
      indexedBy: reach.byWords && !comics?.everyMoveReaches ? wordIndexKeys(reach.byWords) : null,
      everyMoveReaches: comics?.everyMoveReaches ?? false,
      ordersByPrice: comics?.ordersByPrice ?? true,
      computedSeq: seq,
      head,
      items,
      tail,
      inStockOnly: comics?.inStockOnly ?? false,
    };
    const counts = items.map((i) => i.live);
    return { ...entry, laidOut: { body: laidOutBody(entry, counts), seq, newest: seq } };
  }

  /** The entry's body with the newest live counts, or null when one of its items sold out since it was read. */
  private layOut(entry: Entry, seq: number): LaidOut | null {
    if (entry.laidOut.seq === seq || entry.items.length === 0) return entry.laidOut;
    let newest = entry.computedSeq;
    for (const item of entry.items) {
      const live = this.live.get(item.id);
      if (!live || live.seq <= entry.computedSeq) continue;
      if (entry.inStockOnly && live.available <= 0) return null;
      if (live.seq > newest) newest = live.seq;
    }
    if (newest === entry.laidOut.newest) {
      entry.laidOut.seq = seq;
      return entry.laidOut;
    }
    const counts = entry.items.map((item) => {
      const live = this.live.get(item.id);
      return live && live.seq > entry.computedSeq ? live : item.live;
    });
    entry.laidOut = { body: laidOutBody(entry, counts), seq, newest };
    this.laidOutAgain++;
    return entry.laidOut;
  }

  /** Reads the structure version and the change feed when the last read is older than `ttlMs`. */
  private async sync(): Promise<void> {
    const ttl = this.options.ttlMs ?? 100;
    const now = Date.now();
    const age = this.state ? now - this.state.at : Infinity;
    if (age < ttl) return;
    if (age > RESTART_AFTER_MS && this.state) this.restart();
    this.polling ??= this.poll().finally(() => {
      this.polling = null;
    });
    // While the database is busy (a sale holds its connections), answers a little older than the
    // poll interval are served at once rather than every request waiting for the read.
    if (age < SERVE_STALE_MS) {
      this.polling.catch(() => undefined);
      return;
    }
    return this.polling;
  }

  private restart(): void {
    this.state = null;
    this.forgetStructure();
  }

  /** Everything kept under a structure version: answers, live counts, prefixes and item changes. */
  private forgetStructure(): void {
    this.entries.clear();
    this.byWords.clear();
    this.unindexed.clear();
    this.live.clear();
    this.items.clear();
    this.browseIndex?.clear();
    this.changes = [];
  }

  private async poll(): Promise<void> {
    const after = this.state?.seq ?? null;
    const { rows } = await sql<{ structure: string; feed: FeedRow[]; last: string }>`
      select
        (select structure::text from catalogue_versions where id = 1) as structure,
        (select coalesce(max(seq), 0)::text from stock_availability_feed) as last,
        case when ${after}::bigint is null then '[]'::json else coalesce((
          select json_agg(json_build_array(f.seq::text, f.stock_item_id, f.available, f.sales_quantity, f.sales_value::text,
            case when s.stock_item_id is not null then catalogue_place(s) end, f.moved_from, f.moved) order by f.seq)
          from (select * from stock_availability_feed where seq > ${after}::bigint order by seq limit ${MAX_FEED_ROWS + 1}) f
          -- An item deleted since has no place now; a later feed row says so.
          left join stock_items s on (f.back_in_stock or f.moved) and s.stock_item_id = f.stock_item_id
        ), '[]'::json) end as feed`.execute(this.db);
    const row = rows[0]!;
    const structure = row.structure;
    if (row.feed.length > MAX_FEED_ROWS || (after !== null && Number(row.last) < after)) this.restart();
    // Answers of the old structure are never served again: their live counts and prefixes go too.
    if (this.state && this.state.structure !== structure) this.forgetStructure();
    let seq = this.state?.seq ?? Number(row.last);
    if (this.state) {
      const after = seq;
      const changes: ItemChange[] = [];
      const indexChanges: IndexChange[] = [];
      for (const [s, id, available, salesQuantity, salesValue, now, from, moved] of row.feed) {
        seq = Number(s);
        if (this.browseIndex) {
          const wordsMoved = moved && (from === null || now === null || JSON.stringify(from[16]) !== JSON.stringify(now[16]));
          indexChanges.push({ seq, id, available, salesQuantity, salesValue, now: now && indexPlace(now), moved, wordsMoved });
        }
        this.live.set(id, { seq, available, salesQuantity, salesValue: Number(salesValue) });
        if (moved) this.items.moved(id, seq);
        const was = from !== null ? stockPlace(from) : null;
        const places = [was, now !== null ? stockPlace(now) : null].filter((p) => p !== null);
        // Moved but where it was (an image, an eBay listing id): only the answers listing it change.
        const butPrice = places.length === 2 && samePlaceButPrice(places[0]!, places[1]!);
        const unmoved = butPrice && places[0]!.price === places[1]!.price;
        const repriced = butPrice && !unmoved;
        if (moved || places.length > 0)
          changes.push({ seq, id, moved, places: unmoved ? [] : places, repriced, ...(moved && was ? { listedAt: was } : {}) });
      }
      if (changes.length > SCOPED_CHANGES_AT_MOST)
        this.forgetAnswersChangedBy([{ seq, id: '', moved: true, places: [], everything: true }]);
      else if (changes.length > 0) this.forgetAnswersChangedBy(changes);
      this.browseIndex?.follow(structure, after, seq, indexChanges);
    }
    this.state = { structure, seq, at: Date.now() };
    this.items.at(seq);
  }

  /**
   * The kept answers to weigh against these changes: every one when everything moved; else those the
   * word index does not hold, and of those it holds, the ones the items' words may reach where they
   * are now or were, and where an item moved was listed (a search lists only the items it reaches).
   */
  private answersChangesMayReach(changes: readonly ItemChange[]): Iterable<string> {
    if (changes.some((c) => c.everything)) return this.entries.keys();
    const keys = new Set(this.unindexed);
    for (const change of changes) {
      for (const place of change.places) this.byWords.mayReach(place.words, place.titlesRunTogether, keys);
      // Where it was is among its places unless it moved nowhere (an eBay listing id): looked up once.
      if (change.listedAt && !change.places.includes(change.listedAt))
        this.byWords.mayReach(change.listedAt.words, change.listedAt.titlesRunTogether, keys);
    }
    return keys;
  }

  /** The kept answers these item changes could alter: of `candidates` (default: those the index finds), those they reach. */
  private answersChangedBy(changes: readonly ItemChange[], candidates = this.answersChangesMayReach(changes)): string[] {
    const changed: string[] = [];
    for (const key of candidates) {
      const entry = this.entries.get(key);
      if (entry && changes.some((c) => reaches(entry, c))) changed.push(key);
    }
    return changed;
  }

  /** Answers these item changes could alter go; computations under way will not keep theirs (`body`). */
  private forgetAnswersChangedBy(changes: readonly ItemChange[]): void {
    for (const key of this.answersChangedBy(changes)) {
      this.forget(key);
      this.dropped++;
    }
    const oldest = Math.min(...[...this.computing.values()].map((c) => c.since));
    this.changes = [...this.changes, ...changes].filter((c) => c.seq > oldest);
  }
}

/**
 * Where an item sits (the database's `catalogue_place`): type, period, key, batch, its searched text,
 * title, title run together, publisher, batch date (ms), price, in stock, title as sorted, order
 * added, grade, slabbed, comic id, and the search vector's lexemes, all and of weight A (rows
 * written before migrations 0226, 0227, 0233 and 0235 end earlier).
 */
export type PlaceRow = [
  string,
  string,
  boolean,
  string | null,
  string,
  string,
  string,
  string,
  number | null,
  number,
  boolean,
  string?,
  string?,
  (string | null)?,
  boolean?,
  string?,
  string[]?,
  string[]?,
];
/**
 * A feed row: seq, item, available, sales quantity and value; for an item back in stock or moved,
 * where it is now (none once deleted); moved, where it was (none when added); and whether it moved.
 */
type FeedRow = [string, string, number, number, string, PlaceRow | null, PlaceRow | null, boolean];

/** The place of an item, from the feed read's row. */
export function stockPlace([
  itemType,
  periodType,
  key,
  batchId,
  text,
  title,
  titleRunTogether,
  publisher,
  batchTime,
  price,
  inStock,
  sortTitle,
  addedPosition,
  grade,
  graded,
  comicId,
]: PlaceRow): StockPlace {
  const words = [...new Set(searchWords(text))];
  const ownTitleWords = searchWords(title);
  const titlesRunTogether = [titleRunTogether, ownTitleWords.join('')];
  const titleWords = comicId === undefined ? null : [...new Set([...ownTitleWords, ...searchWords(comicId)])];
  const sortKey = sortTitle !== undefined && addedPosition !== undefined ? { sortTitle, addedPosition } : null;
  const grading = grade !== undefined && graded !== undefined ? { grade, graded } : null;
  return {
    itemType,
    periodType,
    key,
    batchId,
    batchTime,
    price,
    words,
    titlesRunTogether,
    titleWords,
    publisher,
    inStock,
    sortKey,
    grading,
  };
}

/** What the browse index needs of an item's place: where it sorts in each browse mode and order, what a search matches. */
function indexPlace(row: PlaceRow): IndexPlace {
  const [itemType, periodType, key, batchId, , , compact, publisher, batchTime, price, , sortTitle, addedPosition, grade, graded] = row;
  return {
    itemType,
    periodType,
    key,
    batchId,
    batchTime: batchTime === null ? null : Number(batchTime),
    price,
    sortTitle: sortTitle ?? '',
    addedPosition: addedPosition ?? '0',
    searched: searchedText(row[16], row[17], compact, publisher, grade, graded),
  };
}

/**
 * Whether two places of an item are one: every answer lists it, or not, and in the same order, at
 * either. A place not fully known (a feed row from before 0227) is never the same.
 */
export function samePlace(a: StockPlace, b: StockPlace): boolean {
  const known = (p: StockPlace) => p.sortKey !== null && p.grading !== null;
  // Both made by stockPlace, so their fields come in one order.
  return known(a) && known(b) && JSON.stringify(a) === JSON.stringify(b);
}

/** Whether two places of an item differ at most in price (an admin's repricing): only a price order can move it. */
export function samePlaceButPrice(a: StockPlace, b: StockPlace): boolean {
  return samePlace(a, { ...b, price: a.price });
}

/**
 * Whether a change read after this answer could alter it. An item back in stock: it could be missing
 * from an answer of items in stock it reaches (any other answer lists it already, its counts laid
 * over). One that lists it read it in stock, where it is now (a move since would have dropped the
 * answer): back, the answer is as it was. An item moved: the answer lists it (its prefix, or its
 * place, is old), or it reaches where the item was or is (an answer of items in stock: only where it
 * was or is in stock). An item repriced reaches only the answers ordered by price: the others list
 * the same items in the same order.
 */
function reaches(entry: Entry, change: ItemChange): boolean {
  if (change.seq <= entry.computedSeq) return false;
  if (change.everything) return true;
  // Its items are looked through last: the cheaper tests come first.
  if (!change.moved) return entry.inStockOnly && change.places.some((p) => entry.reach(p)) && !listsItem(entry, change.id);
  if (listsItem(entry, change.id)) return true;
  if (change.repriced && !entry.ordersByPrice) return false;
  return change.places.some((p) => (p.inStock || !entry.inStockOnly) && (entry.everyMoveReaches || entry.reach(p)));
}

function listsItem(entry: Entry, id: string): boolean {
  return entry.items.some((item) => item.id === id);
}

/** The answer's body with these counts for its items, in order (kept, so it can be laid out again the same). */
function laidOutBody(entry: Pick<Entry, 'head' | 'items' | 'tail'>, counts: readonly LiveCounts[]): CachedBody {
  // Every piece is ASCII: the items' prefixes and the other fields are written by asciiJson.
  const layOut = () => entry.head + entry.items.map((item, i) => item.prefix + liveFields(counts[i]!)).join(',') + entry.tail;
  return new CachedBody(layOut(), layOut, true);
}
