import type { Reach, StockPlace } from './catalogueCache.ts';

/**
 * The items a search answer could list: those the database would match for one of the word lists it
 * searched (the term's, and its correction's), by the same rule (searchStock.ts): every word the
 * start of one of the item's words, or the words run together inside its title run together. The
 * item's words are split at anything but letters and digits, more finely than the database's
 * parser, and its title is taken both as the database runs it together and as a term's words are,
 * so every item the database matches is reached (and, rarely, one it does not: a read). The
 * publisher filter is applied; the grade filters and hidden item types are not (they only narrow).
 */
export function searchReach(searched: readonly (readonly string[])[], publisher: string | null): Reach {
  return (item) => (publisher === null || item.publisher === publisher) && searched.some((words) => matches(item, words));
}

function matches(item: StockPlace, words: readonly string[]): boolean {
  if (words.every((w) => item.words.some((own) => own.startsWith(w)))) return true;
  const runTogether = words.join('');
  return runTogether.length >= 3 && item.titlesRunTogether.some((title) => title.includes(runTogether));
}
