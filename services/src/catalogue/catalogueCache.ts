import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '@shop/projections/schema';
import type { ComicView } from './comicView.ts';
import { liveFields, staticPrefix, type LiveCounts } from './comicFragments.ts';
import { searchWords } from './searchTerms.ts';

/** What a catalogue call answers: its comics (laid over with live counts) and its other fields. */
export interface CatalogueAnswer {
  /** Fields of the answer other than the comics, serialised as they are. */
  fields?: Record<string, unknown>;
  comics?: {
    /** The answer's field that holds them ('comics', 'moreComics'). */
    field: string;
    items: readonly ComicView[];
    /** The answer lists only items in stock: once one of them sells out, the answer is computed again. */
    inStockOnly: boolean;
    /** The items it could list (an answer of items in stock): one of them back in stock computes it again. Everything when not said. */
    reach?: Reach;
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

  constructor(
    text: string,
    private readonly layOutAgain: () => string,
  ) {
    this.text = text;
    this.length = text.length;
  }

  json(): string {
    return this.text ?? this.layOutAgain();
  }

  /** Keeps the compressed form and lets the text go. */
  compressed(encoding: 'br' | 'gzip', compress: (json: string) => Buffer): Buffer {
    const kept = this[encoding] ?? (this[encoding] = compress(this.json()));
    this.text = null;
    return kept;
  }
}

/** A laid-out body, with the feed position it was laid out at and the newest feed row it shows. */
interface LaidOut {
  body: CachedBody;
  seq: number;
  newest: number;
}

interface Item {
  id: string;
  prefix: string;
  live: LiveCounts;
}

/** Where an item sits in the catalogue: what an answer's `reach` asks of an item that came back in stock. */
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
  /** Lower-cased, as a search's publisher filter is. */
  publisher: string;
}

/**
 * Whether an answer listing only items in stock could list this item: when it comes back in stock,
 * the answers it could join are computed again and the rest kept. Saying yes wrongly costs a read;
 * saying no wrongly hides the item, so a reach errs towards yes.
 */
export type Reach = (item: StockPlace) => boolean;

const REACHES_ALL: Reach = () => true;

/** An item back in stock, from the feed row at `seq`. */
interface BackInStock {
  seq: number;
  place: StockPlace;
}

interface Entry {
  structure: string;
  reach: Reach;
  /** The last change feed row applied when the answer was read: newer rows are laid over it. */
  computedSeq: number;
  head: string;
  items: Item[];
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
  entries: number;
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
 * Catalogue answers, kept in the API process and laid over with live stock counts.
 *
 * An answer is kept under the catalogue's *structure* version (catalogue_versions, moved by triggers
 * when an item or batch is added, edited, deleted or repriced, or the site settings are saved).
 * Holds, releases and sales do not move it: they arrive as rows of `stock_availability_feed`, read
 * every `ttlMs`, and their counts are laid over the kept answers when served. An answer listing only
 * items in stock is computed again once one of its items sells out, or once an item within its
 * `reach` comes back in stock, so a shopper never sees a sold-out item as available nor misses one
 * back in stock (once the projector has caught up, plus at most `ttlMs`), nor an old price or title.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  /** Computations under way, with the feed position each began at (for which items back in stock it may have missed). */
  private readonly computing = new Map<string, { entry: Promise<Entry>; since: number }>();
  /** Items back in stock since the oldest computation under way began. */
  private backs: BackInStock[] = [];
  /** Counts changed since the structure last moved, by stock item id. */
  private live = new Map<string, Live>();
  /** Each item's serialised static part, shared by the answers of one structure version. */
  private prefixes = new Map<string, string>();
  private state: { structure: string; seq: number; at: number } | null = null;
  private polling: Promise<void> | null = null;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly db: Kysely<ReadModels>,
    private readonly options: { ttlMs?: number; maxEntries: number; enabled?: boolean },
  ) {}

  stats(): CatalogueCacheStats {
    return {
      hits: this.hits,
      misses: this.misses,
      entries: this.entries.size,
      structure: this.state?.structure ?? '',
      feedSeq: this.state?.seq ?? 0,
    };
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
    }
    this.misses++;
    const { structure, seq } = state;
    const computingKey = `${structure}\n${key}`;
    let pending = this.computing.get(computingKey)?.entry;
    if (!pending) {
      pending = compute()
        .then((answer) => {
          const computed = this.entryOf(answer, structure, seq);
          // An item back in stock since it began may be missing from it: served to its callers, not kept.
          if (this.state?.structure === structure && !this.backs.some((b) => reaches(computed, b))) {
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
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  private entryOf(answer: CatalogueAnswer, structure: string, seq: number): Entry {
    const fields = answer.fields ?? {};
    const rest = JSON.stringify(fields).slice(1, -1);
    const comics = answer.comics;
    const items: Item[] = (comics?.items ?? []).map((view) => {
      let prefix = this.prefixes.get(view._id);
      if (prefix === undefined) {
        prefix = staticPrefix(view);
        if (structure !== '') this.prefixes.set(view._id, prefix);
      }
      return { id: view._id, prefix, live: { available: view.available, salesQuantity: view.salesQuantity, salesValue: view.salesValue } };
    });
    const head = comics ? `{${JSON.stringify(comics.field)}:[` : `{${rest}`;
    const tail = comics ? `]${rest ? `,${rest}` : ''}}` : '}';
    const entry = {
      structure,
      reach: comics?.reach ?? REACHES_ALL,
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
    this.backs = [];
    this.entries.clear();
    this.live.clear();
    this.prefixes.clear();
  }

  private async poll(): Promise<void> {
    const after = this.state?.seq ?? null;
    const { rows } = await sql<{ structure: string; feed: FeedRow[]; last: string }>`
      select
        (select structure::text from catalogue_versions where id = 1) as structure,
        (select coalesce(max(seq), 0)::text from stock_availability_feed) as last,
        case when ${after}::bigint is null then '[]'::json else coalesce((
          select json_agg(json_build_array(f.seq::text, f.stock_item_id, f.available, f.sales_quantity, f.sales_value::text,
            case when f.back_in_stock and s.stock_item_id is not null then json_build_array(s.item_type, s.period_type, s.key, s.batch_id,
              concat_ws(' ', s.main_description, s.variant_description, s.publisher, s.writer, s.artist, s.cover_artist, s.comic_id),
              s.main_description, s.search_compact, lower(s.publisher), extract(epoch from s.batch_date) * 1000, s.price) end) order by f.seq)
          from (select * from stock_availability_feed where seq > ${after}::bigint order by seq limit ${MAX_FEED_ROWS + 1}) f
          -- An item deleted since has no place: its deletion moved the structure, every answer goes.
          left join stock_items s on f.back_in_stock and s.stock_item_id = f.stock_item_id
        ), '[]'::json) end as feed`.execute(this.db);
    const row = rows[0]!;
    const structure = row.structure;
    if (row.feed.length > MAX_FEED_ROWS || (after !== null && Number(row.last) < after)) this.restart();
    if (this.state && this.state.structure !== structure) {
      // Answers of the old structure are never served again: their live counts and prefixes go too.
      this.entries.clear();
      this.live.clear();
      this.prefixes.clear();
      this.backs = [];
    }
    let seq = this.state?.seq ?? Number(row.last);
    if (this.state) {
      const backs: BackInStock[] = [];
      for (const [s, id, available, salesQuantity, salesValue, place] of row.feed) {
        seq = Number(s);
        this.live.set(id, { seq, available, salesQuantity, salesValue: Number(salesValue) });
        if (place) backs.push({ seq, place: stockPlace(place) });
      }
      if (backs.length > 0) this.forgetAnswersJoinedBy(backs);
    }
    this.state = { structure, seq, at: Date.now() };
  }

  /** Answers that items now back in stock could join go; computations under way will not keep theirs (`body`). */
  private forgetAnswersJoinedBy(backs: readonly BackInStock[]): void {
    for (const [key, entry] of this.entries) {
      if (backs.some((b) => reaches(entry, b))) this.entries.delete(key);
    }
    const oldest = Math.min(...[...this.computing.values()].map((c) => c.since));
    this.backs = [...this.backs, ...backs].filter((b) => b.seq > oldest);
  }
}

/** Where an item back in stock sits: type, period, key, batch, its searched text, title, title run together, publisher, batch date (ms), price. */
export type PlaceRow = [string, string, boolean, string | null, string, string, string, string, number | null, number];
/** A feed row: seq, item, available, sales quantity and value, and where the item sits when it came back in stock. */
type FeedRow = [string, string, number, number, string, PlaceRow | null];

/** The place of an item back in stock, from the feed read's row. */
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
]: PlaceRow): StockPlace {
  const words = [...new Set(searchWords(text))];
  const titlesRunTogether = [titleRunTogether, searchWords(title).join('')];
  return { itemType, periodType, key, batchId, batchTime, price, words, titlesRunTogether, publisher };
}

/** Whether an item back in stock could be missing from this answer. */
function reaches(entry: Entry, back: BackInStock): boolean {
  return entry.inStockOnly && back.seq > entry.computedSeq && entry.reach(back.place);
}

/** The answer's body with these counts for its items, in order (kept, so it can be laid out again the same). */
function laidOutBody(entry: Pick<Entry, 'head' | 'items' | 'tail'>, counts: readonly LiveCounts[]): CachedBody {
  const layOut = () => entry.head + entry.items.map((item, i) => item.prefix + liveFields(counts[i]!)).join(',') + entry.tail;
  return new CachedBody(layOut(), layOut);
}
