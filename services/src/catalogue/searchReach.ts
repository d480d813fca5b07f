import type { SearchQuery } from '@shop/domain/catalogue/index';
import { sortsAfter, type ListedAt } from './browseReach.ts';
import type { BrowseSortKey, Reach, StockPlace } from './catalogueCache.ts';

/**
 * The end of a full search page: an item that sorts after its last item joins a later page and
 * leaves this one's items as they are. `words` are the words its list ranks by (a typo's
 * correction's); `lastTier` the last item's relevance tier under them, as the database ranked it
 * (null: not known).
 */
export interface SearchPageEnd {
  words: readonly string[];
  sort: SearchQuery['sort'];
  last: ListedAt;
  lastKey: BrowseSortKey;
  lastTier: number | null;
}

/**
 * The items a search answer could list: those the database would match for one of the word lists it
 * searched (the term's, and its correction's), by the same rule (searchStock.ts): every word the
 * start of one of the item's words, or the words run together inside its title run together. The
 * item's words are split at anything but letters and digits, more finely than the database's
 * parser, and its title is taken both as the database runs it together and as a term's words are,
 * so every item the database matches is reached (and, rarely, one it does not: a read). The
 * publisher filter is applied; the grade filters and hidden item types are not (they only narrow).
 *
 * Of a full page (`end`), not an item that surely sorts after its last item, unless it matches a
 * word list other than the one the page is ranked by (a typo's own words: found, the search would
 * no longer be corrected).
 */
export function searchReach(searched: readonly (readonly string[])[], publisher: string | null, end?: SearchPageEnd): Reach {
  // The page's own words (searched: a typo's answer searched its correction's too) are weighed by place.
  const ranked = end?.words.join(' ');
  const placed = end && searched.find((words) => words.join(' ') === ranked);
  const others = searched.filter((words) => words !== placed);
  const reach = (item: StockPlace) => {
    if (publisher !== null && item.publisher !== publisher) return false;
    if (others.some((words) => matches(item, words))) return true;
    if (!end || !placed) return false;
    return matches(item, placed) && !sortsAfterPage(item, end);
  };
  return Object.assign(reach, { byWords: searched });
}

function matches(item: StockPlace, words: readonly string[]): boolean {
  if (words.every((w) => item.words.some((own) => own.startsWith(w)))) return true;
  const runTogether = words.join('');
  return runTogether.length >= 3 && item.titlesRunTogether.some((title) => title.includes(runTogether));
}

/**
 * Whether the item surely sorts after the page's last item. By relevance the tier comes first
 * (searchStock.ts's SEARCH_ORDER), then browse's newest-first order. The item's tier here is never
 * above the database's (`lowestTier`), so a tier above the last's is surely after it; an equal one is
 * after it when the rest of the order says so (were its real tier higher, it would be after it all
 * the more).
 */
function sortsAfterPage(item: StockPlace, end: SearchPageEnd): boolean {
  if (end.sort !== 'relevance') return sortsAfter(item, end.last, end.lastKey, end.sort);
  if (end.lastTier === null) return false;
  const tier = lowestTier(item, end.words);
  if (tier !== end.lastTier) return tier > end.lastTier;
  return sortsAfter(item, end.last, end.lastKey, 'newest');
}

/**
 * The item's relevance tier for these words (searchStock.ts: title run together starts with them 0,
 * contains them 1, every word the start of a word of its title or comic id 2, else 3), or a lower
 * one: its title is run together both ways and its words split more finely than the database's
 * parser; a place without its title's words (a feed row from before migration 0233) takes all its words.
 */
export function lowestTier(item: StockPlace, words: readonly string[]): 0 | 1 | 2 | 3 {
  const runTogether = words.join('');
  if (runTogether.length >= 3) {
    if (item.titlesRunTogether.some((title) => title.startsWith(runTogether))) return 0;
    if (item.titlesRunTogether.some((title) => title.includes(runTogether))) return 1;
  }
  const titleWords = item.titleWords ?? item.words;
  return words.every((w) => titleWords.some((own) => own.startsWith(w))) ? 2 : 3;
}
