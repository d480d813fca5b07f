import type pg from 'pg';
import { typoOfTerm } from './typos.ts';
import { createPrng, ZipfChoice, type Prng } from './zipf.ts';

/** Words no shopper searches for alone (and that break a two-word term). */
const STOP_WORDS = new Set(
  (
    'the and for with from into onto over under about after before this that these those are was were ' +
    'has have had not but all any its his her him she they them their our your you who whom what when where ' +
    'which why how one two three vol volume part issue edition cover variant per off out via of'
  ).split(' '),
);

/** A word a shopper might search for: letters only, at least 3 of them, not a stop word. */
export function searchableWord(word: string): boolean {
  return word.length >= 3 && /^\p{L}+$/u.test(word) && !STOP_WORDS.has(word);
}

/**
 * The runs of words in one field, lower-cased: a run ends at punctuation other than a hyphen or an
 * apostrophe, at a number and at a stop word, so "Amazing Spider-Man #12" gives [amazing, spider, man]
 * and "Tom King, Jorge Jiménez" gives [tom, king] and [jorge, jiménez].
 */
export function wordRuns(text: string): string[][] {
  const runs: string[][] = [];
  for (const segment of text.toLowerCase().split(/[^\p{L}\s'’-]+/u)) {
    let run: string[] = [];
    for (const raw of segment.split(/[\s-]+/u)) {
      const word = raw.replace(/['’]/g, '');
      if (searchableWord(word)) {
        run.push(word);
      } else if (run.length > 0) {
        runs.push(run);
        run = [];
      }
    }
    if (run.length > 0) runs.push(run);
  }
  return runs;
}

export interface RankedTerms {
  /** Single words, the most frequent in the catalogue first. */
  words: string[];
  /** Two adjacent words of one field ("spider man", "absolute batman", "tom king"), most frequent first. */
  pairs: string[];
}

/** The words and two-word terms of the catalogue's text fields, ranked by how many fields hold them. */
export function rankTerms(fields: Iterable<string>, limits: { words: number; pairs: number }): RankedTerms {
  const words = new Map<string, number>();
  const pairs = new Map<string, number>();
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const field of fields) {
    for (const run of wordRuns(field)) {
      for (let i = 0; i < run.length; i++) {
        count(words, run[i]!);
        if (i + 1 < run.length) count(pairs, `${run[i]} ${run[i + 1]}`);
      }
    }
  }
  const ranked = (map: Map<string, number>, limit: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([term]) => term);
  return { words: ranked(words, limits.words), pairs: ranked(pairs, limits.pairs) };
}

/** Reads the text shoppers search (title, variant, writer, artist, cover artist, publisher, series) from the read model. */
export async function readCatalogueTerms(pool: pg.Pool, limits = { words: 2000, pairs: 1000 }): Promise<RankedTerms> {
  const { rows } = await pool.query<{
    main_description: string;
    variant_description: string;
    writer: string;
    artist: string;
    cover_artist: string;
    publisher: string;
    series_title: string;
  }>('select main_description, variant_description, writer, artist, cover_artist, publisher, series_title from stock_items');
  function* fields() {
    for (const r of rows)
      yield* [r.main_description, r.variant_description, r.writer, r.artist, r.cover_artist, r.publisher, r.series_title];
  }
  return rankTerms(fields(), limits);
}

export type TermKind = 'word' | 'pair' | 'typo';

/**
 * Search terms as shoppers type them: mostly single words, some two-word terms, some typos of
 * either, each list drawn by Zipf's law (popular terms again and again, a long tail). Each term has
 * a few fixed typos, so a popular typo ("spidr") comes back like the term itself does.
 */
export class SearchTermPicker {
  private readonly words: ZipfChoice<string>;
  private readonly pairs: ZipfChoice<string>;
  private readonly typos = new Map<string, string[]>();

  constructor(
    terms: RankedTerms,
    private readonly mix = { word: 0.6, pair: 0.2, typo: 0.2 },
    typosPerTerm = 3,
    seed = 'bench:mixed typos',
  ) {
    if (terms.words.length === 0 || terms.pairs.length === 0) throw new Error('no search terms');
    this.words = new ZipfChoice(terms.words);
    this.pairs = new ZipfChoice(terms.pairs);
    const random = createPrng(seed);
    for (const term of [...terms.words, ...terms.pairs]) {
      const made = new Set<string>();
      for (let i = 0; i < typosPerTerm * 3 && made.size < typosPerTerm; i++) {
        const t = typoOfTerm(term, random);
        if (t !== null && t !== term) made.add(t);
      }
      if (made.size > 0) this.typos.set(term, [...made]);
    }
  }

  /** How many distinct terms this picker can send. */
  get distinct(): { words: number; pairs: number; typos: number } {
    let typos = 0;
    for (const list of this.typos.values()) typos += list.length;
    return { words: this.words.items.length, pairs: this.pairs.items.length, typos };
  }

  pick(random: Prng): { term: string; kind: TermKind } {
    const roll = random.next() * (this.mix.word + this.mix.pair + this.mix.typo);
    if (roll < this.mix.word) return { term: this.words.pick(random), kind: 'word' };
    if (roll < this.mix.word + this.mix.pair) return { term: this.pairs.pick(random), kind: 'pair' };
    const base = random.chance(0.7) ? this.words.pick(random) : this.pairs.pick(random);
    const typos = this.typos.get(base);
    return typos ? { term: random.pick(typos), kind: 'typo' } : { term: base, kind: 'word' };
  }
}
