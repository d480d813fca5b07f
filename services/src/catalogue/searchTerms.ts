/** A shopper's search term as the database queries need it; only letters and digits survive, so nothing in a term is syntax. */
export interface NormalisedTerm {
  /** Words, lower-cased: "spidr man". */
  words: string[];
  /** Words run together: "spidrman", matched inside titles run together ("amazingspiderman"). */
  compact: string;
  /** A prefix tsquery: "spidr:* & man:*", or null when no word survived. */
  tsquery: string | null;
}

/** Text's words as a search term's are made: accents dropped, lower-cased, split at anything but letters and digits. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

export function normaliseSearchTerm(term: string): NormalisedTerm {
  const words = searchWords(term).slice(0, 12);
  return {
    words,
    compact: words.join(''),
    tsquery: words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null,
  };
}
