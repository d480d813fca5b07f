import { ORDERS, place, without, type Held, type IndexedOrder } from './indexedItem.ts';
import { WordIndex, wordIndexKeys } from './wordIndex.ts';

/** A search as the index answers it: searchStock.ts's statement's words, filters and order (not the grade's). */
export interface IndexedSearch {
  words: readonly string[];
  types: readonly string[];
  /** Lower-cased, as the statement compares `lower(publisher)`. */
  publisher: string | null;
  gradeMin?: number;
  gradeMax?: number;
  graded?: boolean;
  sort: 'relevance' | IndexedOrder;
}

/** A page of a search's matches, in its order: the items, how many match in all, and the last one's relevance tier. */
export interface IndexedSearchPage {
  items: Held[];
  total: number;
  lastTier: number | null;
}

/** A search's matches in order, as far as they were ordered. */
interface Ordered {
  items: Held[];
  total: number;
}

/** A kept order, with the search it is of: an item that comes or goes and matches it is put in or taken out. */
interface KeptOrder extends Ordered {
  search: Prepared;
}

/**
 * A search with what its comparisons need worked out once: its words run together, and each word
 * after a space (an item's lexemes are one string, each after a space: a word starts one of them
 * where the string holds it after a space).
 */
interface Prepared extends IndexedSearch {
  compact: string;
  spaced: string[];
  /** No publisher or grade filter: only the item types are weighed. */
  typesOnly: boolean;
}

const prepared = (search: IndexedSearch): Prepared => ({
  ...search,
  compact: search.words.join(''),
  spaced: search.words.map((w) => ` ${w}`),
  typesOnly: search.publisher === null && search.gradeMin === undefined && search.gradeMax === undefined && search.graded === undefined,
});

/** Whether the text holds every one of the strings (an item's lexemes every word, after a space). */
function holdsEvery(text: string, strings: readonly string[]): boolean {
  for (const s of strings) if (!text.includes(s)) return false;
  return true;
}

/** How many searches' orders are kept (the least recently read goes first). */
const KEPT_ORDERS_MAX = 5000;
/** And at most this many items in all the kept orders (a reference each: 8 MB). */
const KEPT_ITEMS_MAX = 1_000_000;
/** Items filed at a time while the index is made, the event loop let go between (other requests answered meanwhile). */
const FILED_AT_A_TIME = 2000;

/**
 * Whether PostgreSQL's parser reads a search word (letters a-z and digits) as the one lexeme the
 * statement's `word:*` means: all but a number in exponent form with more after it ("1e5x" is "1e5"
 * then "x"), which the database is left to search.
 */
export function plainSearchWord(word: string): boolean {
  return /^[a-z0-9]+$/.test(word) && !/^[0-9]+e[0-9]+[a-z]/.test(word);
}

/**
 * Search over the browse index's items in stock, as searchStock.ts's statement searches
 * `stock_items`: an item matches when every word is the start of one of its lexemes (the search
 * vector's, read from the database), or when the words run together occur in its title run together;
 * relevance ranks by the same tiers, then the newest order. Lexemes are found by a sorted list of
 * them (a word's lexemes are one range), titles run together by their runs of three characters (the
 * items of the term's rarest run are the only ones looked through).
 *
 * Made the first time a search asks (`ready`), FILED_AT_A_TIME items at a time so that other requests
 * are answered meanwhile (searches read the database until it is done), then kept in step with the
 * browse index's items. A search's order is kept (its first SearchIndex.keptOrderMax items) until an item it
 * matches comes or goes; counts moving change no order. Corrections of typos, read from the
 * database's words, are kept until an item's words change.
 */
export class SearchIndex {
  /** How matches are put in order: sorted when few, else by slots of the whole order (`either`); a test makes it one or the other. */
  static ordering: 'either' | 'sort' | 'slots' = 'either';
  /** A search's matches are kept in order up to this many, as the database keeps its lists (page 40 x 30 is item 1,230); a test keeps fewer. */
  static keptOrderMax = 2000;
  /**
   * How many typos' corrections are kept, the least recently asked going first: a busy day's long
   * tail of typos (some 200 bytes each, 4 MB in all). At 1,000, dropped all at once when full,
   * bench:mixed's 4,050 typos read one from the database in every few of their searches.
   */
  static correctionsMax = 20_000;
  /** Each lexeme's items. Filled while the index is made; items that come meanwhile are filed at once. */
  private postings: Map<string, Held[]> | null = null;
  /** The lexemes in order, a word's lexemes being one range; made once every item is filed. */
  private sortedWords: string[] | null = null;
  private building: Promise<void> | null = null;
  /** Each run of three characters of the titles run together, and the items whose title has it. */
  private runs: Map<string, Held[]> | null = null;
  /** Reused by every search that orders many matches: one slot a place in the order. */
  private slots = new Int32Array(0);
  /** The order whose places the items' `rank` says, and at what version. */
  private ranked: { order: IndexedOrder; version: number } | null = null;
  private readonly kept = new Map<string, KeptOrder>();
  /** The kept orders by their searches' words: an item that comes or goes is weighed against those it may match, not every one. */
  private readonly keptByWords = new WordIndex();
  /** How many items the kept orders hold in all. */
  private keptItems = 0;
  private readonly corrections = new Map<string, string[] | null>();
  /** Moved on whenever the kept corrections go: one read from the database before is not kept. */
  private correctionsVersion = 0;
  /** Moved on by every item that comes or goes: the items' places (`rank`) of another version are not used. */
  private version = 0;
  private stamp = 0;

  constructor(
    private readonly all: () => Iterable<Held>,
    private readonly isHeld: (item: Held) => boolean,
    private readonly inOrder: (order: IndexedOrder) => readonly Held[],
  ) {}

  clear(): void {
    this.postings = null;
    this.sortedWords = null;
    this.building = null;
    this.runs = null;
    this.ranked = null;
    this.kept.clear();
    this.keptByWords.clear();
    this.keptItems = 0;
    this.wordsMoved();
    this.version++;
  }

  add(item: Held): void {
    this.version++;
    this.keepOrdersInStep(item, true);
    if (this.postings) this.post(item);
  }

  remove(item: Held): void {
    this.version++;
    this.keepOrdersInStep(item, false);
    const { postings, runs } = this;
    if (!postings || !runs) return;
    for (const word of lexemesOf(item)) {
      if (unfiled(postings, word, item) && this.sortedWords) this.sortedWords.splice(lowerBound(this.sortedWords, word), 1);
    }
    for (const run of runsOf(item)) unfiled(runs, run, item);
  }

  /**
   * The item comes into (or leaves) the kept orders of the searches it matches, where it sorts (a
   * binary search by the order itself), and their totals move by one: an order kept only so far
   * gains it only when it sorts within what is kept. The others stand as they are.
   */
  private keepOrdersInStep(item: Held, comes: boolean): void {
    if (this.kept.size === 0) return;
    const mayMatch = new Set<string>();
    this.keptByWords.mayReach(lexemesOf(item), item.searched.compact ? [item.searched.compact] : [], mayMatch);
    for (const key of mayMatch) {
      const kept = this.kept.get(key)!;
      if (!matches(item, kept.search)) continue;
      const order = orderOf(kept.search);
      if (comes) {
        const at = place(kept.items, order, item);
        if (at < kept.items.length || kept.items.length === kept.total) {
          kept.items.splice(at, 0, item);
          this.keptItems++;
        }
        kept.total++;
      } else {
        const before = kept.items.length;
        without(kept.items, order, item);
        this.keptItems -= before - kept.items.length;
        kept.total--;
      }
    }
  }

  /** Whether every item is filed (unlike `ready`, starts nothing). */
  get made(): boolean {
    return this.sortedWords !== null;
  }

  /** Files every item held now (as the first search would), resolving once all are: a process warming up. */
  async make(): Promise<void> {
    if (!this.sortedWords) await this.startMaking();
  }

  /** Whether it can answer: every item filed. The first call starts filing them. */
  ready(): boolean {
    if (this.sortedWords) return true;
    void this.startMaking();
    return false;
  }

  /** The filing under way, started if none is. */
  private startMaking(): Promise<void> {
    return (this.building ??= this.build());
  }

  /**
   * Files every item held now, a slice at a time; items that come meanwhile are filed as they come
   * (`add`), those that go meanwhile are not filed. Let go of when the index is cleared.
   */
  private async build(): Promise<void> {
    const postings = new Map<string, Held[]>();
    this.postings = postings;
    this.runs = new Map();
    const items = [...this.all()];
    for (let from = 0; from < items.length; from += FILED_AT_A_TIME) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.postings !== postings) return;
      for (const item of items.slice(from, from + FILED_AT_A_TIME)) if (this.isHeld(item)) this.post(item);
    }
    await new Promise((resolve) => setImmediate(resolve));
    if (this.postings !== postings) return;
    this.sortedWords = [...postings.keys()].sort();
  }

  /** An item's words changed, or an item was added: a word of it may now be one corrections choose from. */
  wordsMoved(): void {
    this.corrections.clear();
    this.correctionsVersion++;
  }

  /** Where the corrections are now: a correction read from the database after this is kept only if none has gone since. */
  correctionsAt(): number {
    return this.correctionsVersion;
  }

  /** A typo's correction, when one is kept (undefined: not known); asked, it is kept as the most recent. */
  correction(words: readonly string[]): string[] | null | undefined {
    const key = words.join(' ');
    const kept = this.corrections.get(key);
    if (kept !== undefined) {
      // A Map keeps its keys in the order set: set again, the key goes last.
      this.corrections.delete(key);
      this.corrections.set(key, kept);
    }
    return kept;
  }

  keepCorrection(words: readonly string[], corrected: string[] | null, since: number): void {
    if (since !== this.correctionsVersion) return;
    const key = words.join(' ');
    this.corrections.delete(key);
    if (this.corrections.size >= SearchIndex.correctionsMax) this.corrections.delete(this.corrections.keys().next().value!);
    this.corrections.set(key, corrected);
  }

  /** The page from `offset`, at most `limit` items, of the search's matches in its order (once `ready`). */
  page(search: IndexedSearch, offset: number, limit: number): IndexedSearchPage {
    const end = offset + limit;
    const asked = prepared(search);
    const ordered = this.ordered(asked, end);
    const items = ordered.items.slice(offset, end);
    const last = items.at(-1);
    return { items, total: ordered.total, lastTier: last ? tierOf(last, asked) : null };
  }

  /** The matches in order, at least the first `end` of them (all when fewer). */
  private ordered(search: Prepared, end: number): Ordered {
    const key = searchKey(search);
    const kept = this.kept.get(key);
    if (kept && (end <= kept.items.length || kept.items.length === kept.total)) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    if (end > SearchIndex.keptOrderMax) return this.order(search, end);
    const ordered = this.order(search, SearchIndex.keptOrderMax);
    this.keep(key, { ...ordered, search });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= KEPT_ORDERS_MAX && this.keptItems <= KEPT_ITEMS_MAX) break;
      this.forget(oldest);
    }
    return ordered;
  }

  /** Keeps a search's order (in place of one kept before, shorter by the items gone since), filed by its words. */
  private keep(key: string, order: KeptOrder): void {
    this.forget(key);
    this.kept.set(key, order);
    this.keptItems += order.items.length;
    this.keptByWords.add(key, wordIndexKeys([order.search.words]));
  }

  private forget(key: string): void {
    const order = this.kept.get(key);
    if (!order) return;
    this.kept.delete(key);
    this.keptItems -= order.items.length;
    this.keptByWords.remove(key, wordIndexKeys([order.search.words]));
  }

  /**
   * The first `end` matches in order: few are sorted by their places in the index's order (`rank`),
   * many are put in slots by their places and the slots read in order (tier by tier for relevance).
   */
  private order(search: Prepared, end: number): Ordered {
    const hit = this.match(search);
    const total = hit.items.length;
    const relevance = search.sort === 'relevance';
    const order: IndexedOrder = relevance ? 'newest' : (search.sort as IndexedOrder);
    const all = this.inOrder(order);
    this.rank(order, all);
    const few = total * Math.log2(total + 1) * 4 < all.length;
    if (SearchIndex.ordering === 'sort' || (SearchIndex.ordering === 'either' && few)) {
      return { items: hit.items.sort(relevance ? byTierThenRank : byRank).slice(0, end), total };
    }
    // Many: each in the slot of its place, then the slots read in order (tier by tier for relevance).
    if (this.slots.length < all.length) this.slots = new Int32Array(all.length * 2);
    const slots = this.slots;
    hit.items.forEach((item, i) => (slots[item.rank] = i + 1));
    const tiers: Held[][] = [[], [], [], []];
    for (let place = 0; place < all.length; place++) {
      const at = slots[place]!;
      if (at === 0) continue;
      slots[place] = 0;
      const item = hit.items[at - 1]!;
      tiers[relevance ? item.tier : 0]!.push(item);
    }
    return { items: tiers.flat().slice(0, end), total };
  }

  /**
   * The items matching, each marked with the search's mark and its relevance tier (searchStock.ts's
   * `matches`): first those whose title run together holds the words run together (tiers 0 and 1),
   * then those whose lexemes the words start (2 when the title's do, else 3).
   */
  private match(search: Prepared): { items: Held[]; mark: number } {
    const seen = (this.stamp += 2);
    const mark = seen + 1;
    const items: Held[] = [];
    const { compact, spaced } = search;
    if (compact.length >= 3) {
      for (const item of this.rarestRun(compact)) {
        if (item.mark === mark || !item.searched.compact!.includes(compact) || !filtered(item, search)) continue;
        item.mark = mark;
        item.tier = runTier(item.searched.compact!, compact);
        items.push(item);
      }
    }
    const rarest = this.rarest(search.words);
    const others = spaced.filter((w) => w !== ` ${rarest}`);
    const ranked = search.sort === 'relevance';
    for (const posting of this.lexemesStarting(rarest)) {
      for (const item of posting) {
        if (item.mark === mark || item.mark === seen) continue;
        item.mark = seen;
        if (!filtered(item, search) || (others.length > 0 && !holdsEvery(item.searched.lexemes, others))) continue;
        item.mark = mark;
        if (ranked) item.tier = wordsTier(item, spaced);
        items.push(item);
      }
    }
    return { items, mark };
  }

  /** The items of the term's run of three characters that the fewest titles have: every title holding the term is among them. */
  private rarestRun(compact: string): readonly Held[] {
    let rarest: readonly Held[] = [];
    for (let at = 0; at + 3 <= compact.length; at++) {
      const items = this.runs!.get(compact.slice(at, at + 3));
      if (!items) return [];
      if (at === 0 || items.length < rarest.length) rarest = items;
    }
    return rarest;
  }

  /** Each item's place in the order, in its `rank`, unless already so since the last item came or went. */
  private rank(order: IndexedOrder, all: readonly Held[]): void {
    if (this.ranked?.order === order && this.ranked.version === this.version) return;
    for (let i = 0; i < all.length; i++) all[i]!.rank = i;
    this.ranked = { order, version: this.version };
  }

  /** The word whose lexemes hold the fewest items: its items are the ones the others are tried on. */
  private rarest(words: readonly string[]): string {
    let rarest = words[0]!;
    let fewest = Infinity;
    for (const word of words) {
      let count = 0;
      for (const items of this.lexemesStarting(word)) count += items.length;
      if (count < fewest) [rarest, fewest] = [word, count];
    }
    return rarest;
  }

  /** The items of each lexeme starting with `word`: one range of the sorted lexemes. */
  private *lexemesStarting(word: string): Generator<readonly Held[]> {
    const sorted = this.sortedWords!;
    for (let i = lowerBound(sorted, word); i < sorted.length && sorted[i]!.startsWith(word); i++) {
      yield this.postings!.get(sorted[i]!)!;
    }
  }

  /** Files the item under each of its lexemes and each run of three characters of its title run together. */
  private post(item: Held): void {
    for (const word of lexemesOf(item)) {
      if (filed(this.postings!, word, item) && this.sortedWords) this.sortedWords.splice(lowerBound(this.sortedWords, word), 0, word);
    }
    for (const run of runsOf(item)) filed(this.runs!, run, item);
  }
}

/** Files the item under the key; true when the key is new. */
function filed(map: Map<string, Held[]>, key: string, item: Held): boolean {
  const items = map.get(key);
  if (items) items.push(item);
  else map.set(key, [item]);
  return !items;
}

/** Takes the item from under the key; true when the key then has none. */
function unfiled(map: Map<string, Held[]>, key: string, item: Held): boolean {
  const items = map.get(key);
  if (!items) return false;
  const at = items.indexOf(item);
  if (at >= 0) items.splice(at, 1);
  if (items.length > 0) return false;
  map.delete(key);
  return true;
}

/** The distinct runs of three characters of the item's title run together. */
function runsOf(item: Held): Set<string> {
  const title = item.searched.compact ?? '';
  const runs = new Set<string>();
  for (let at = 0; at + 3 <= title.length; at++) runs.add(title.slice(at, at + 3));
  return runs;
}

/** Whether the item is one of the search's matches (`match`, for one item). */
function matches(item: Held, search: Prepared): boolean {
  if (!filtered(item, search)) return false;
  if (holdsEvery(item.searched.lexemes, search.spaced)) return true;
  return search.compact.length >= 3 && (item.searched.compact?.includes(search.compact) ?? false);
}

/** The statement's filters: item types shown, publisher, grade. */
function filtered(item: Held, search: Prepared): boolean {
  if (!search.types.includes(item.itemType)) return false;
  if (search.typesOnly) return true;
  const s = item.searched;
  return (
    (search.publisher === null || s.publisher === search.publisher) &&
    (search.gradeMin === undefined || (s.grade !== null && s.grade >= search.gradeMin)) &&
    (search.gradeMax === undefined || (s.grade !== null && s.grade <= search.gradeMax)) &&
    (search.graded === undefined || s.graded === search.graded)
  );
}

/** Relevance's tiers (searchStock.ts): 0 the title run together starts with the words run together, 1 holds them, 2 every word starts a word of title or comic id, 3 elsewhere. */
function tierOf(item: Held, { compact, spaced }: Prepared): number {
  const title = item.searched.compact;
  if (compact.length >= 3 && title?.includes(compact)) return runTier(title, compact);
  return wordsTier(item, spaced);
}

/** Tiers 0 and 1, of an item whose title run together holds the words run together. */
const runTier = (title: string, compact: string): number => (title.startsWith(compact) ? 0 : 1);

/** Tiers 2 and 3, of an item whose title run together does not hold them. */
const wordsTier = (item: Held, spaced: readonly string[]): number => (holdsEvery(item.searched.titleLexemes, spaced) ? 2 : 3);

/** An item's lexemes, one by one. */
const lexemesOf = (item: Held): string[] => (item.searched.lexemes ? item.searched.lexemes.slice(1).split(' ') : []);

/** The search's order, compared by the items' own keys (their tiers computed again): the kept orders' order. */
function orderOf(search: Prepared): (a: Held, b: Held) => number {
  if (search.sort !== 'relevance') return ORDERS[search.sort];
  return (a, b) => tierOf(a, search) - tierOf(b, search) || ORDERS.newest(a, b);
}

const byRank = (a: Held, b: Held) => a.rank - b.rank;
const byTierThenRank = (a: Held, b: Held) => a.tier - b.tier || a.rank - b.rank;

const searchKey = (s: IndexedSearch) =>
  [s.words.join(' '), s.sort, s.types.join(','), s.publisher ?? '', s.gradeMin ?? '', s.gradeMax ?? '', s.graded ?? ''].join('|');

/** The first place in the sorted words not before `word`. */
function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < word) low = mid + 1;
    else high = mid;
  }
  return low;
}
