import { searchQuerySchema } from '@shop/domain/catalogue/index';
import { describe, expect, it } from 'vitest';
import { stockPlace, type PlaceRow } from './catalogueCache.ts';
import { lowestTier, searchReach, type SearchPageEnd } from './searchReach.ts';
import { normaliseSearchTerm } from './searchTerms.ts';

interface More {
  variant?: string;
  publisher?: string;
  writer?: string;
  comicId?: string;
  batchDate?: string;
  price?: number;
  sortTitle?: string;
  /** A feed row written before migration 0233: no comic id of its own. */
  before0233?: boolean;
}

/** An item back in stock as the feed read gives it (the database's title run together is `regexp_replace(lower(title), '[^a-z0-9]+', '')`). */
function item(title: string, more: More = {}) {
  const { variant = '', publisher = 'Marvel', writer = '', comicId = 'JAN250001', batchDate, price = 500 } = more;
  const text = [title, variant, publisher, writer, '', '', comicId].join(' ');
  const row: PlaceRow = [
    'comic',
    'back',
    false,
    'b1',
    text,
    title,
    title.toLowerCase().replace(/[^a-z0-9]+/g, ''),
    publisher.toLowerCase(),
    batchDate ? Date.parse(batchDate) : null,
    price,
    true,
    more.sortTitle ?? title.toLowerCase(),
    '100',
    null,
    false,
    comicId,
  ];
  return stockPlace(more.before0233 ? (row.slice(0, 15) as PlaceRow) : row);
}
const reach = (terms: string[], publisher: string | null = null) =>
  searchReach(
    terms.map((t) => normaliseSearchTerm(t).words),
    publisher,
  );

describe('searchReach', () => {
  const spiderMan = item('Amazing Spider-Man #1', { variant: 'Cover B Romita', writer: 'Stan Lee' });

  it('reaches an item whose words start with every word searched, in any field', () => {
    expect(reach(['spider man'])(spiderMan)).toBe(true);
    expect(reach(['amaz spid'])(spiderMan)).toBe(true);
    expect(reach(['romita'])(spiderMan)).toBe(true);
    expect(reach(['stan lee'])(spiderMan)).toBe(true);
    expect(reach(['jan250001'])(spiderMan)).toBe(true);
    expect(reach(['batman'])(spiderMan)).toBe(false);
    expect(reach(['spider batman'])(spiderMan)).toBe(false);
  });

  it('reaches an item whose title holds the words run together', () => {
    expect(reach(['spiderman'])(spiderMan)).toBe(true);
    expect(reach(['ingspider'])(spiderMan)).toBe(true);
    expect(reach(['manspider'])(spiderMan)).toBe(false);
  });

  it("reaches by the correction's words too when the search was corrected", () => {
    expect(reach(['spidr'])(spiderMan)).toBe(false);
    expect(reach(['spidr', 'spider'])(spiderMan)).toBe(true);
  });

  it('keeps to the publisher asked for', () => {
    expect(reach(['spider'], 'marvel')(spiderMan)).toBe(true);
    expect(reach(['spider'], 'dc comics')(spiderMan)).toBe(false);
  });

  it('reaches titles with accents however the database runs them together', () => {
    const pokemon = item('Pokémon Adventures #3');
    expect(reach(['pokemon'])(pokemon)).toBe(true);
    expect(reach(['pokemonadv'])(pokemon)).toBe(true);
    expect(reach(['pokmonadv'])(pokemon)).toBe(true);
  });
});

describe('lowestTier', () => {
  const spiderMan = item('Amazing Spider-Man #1', { variant: 'Cover B Romita', comicId: 'JAN250001' });
  const words = (term: string) => normaliseSearchTerm(term).words;

  it('ranks as the database does: title run together starts with the term, contains it, every word in the title or comic id, elsewhere', () => {
    expect(lowestTier(spiderMan, words('amazing spider'))).toBe(0);
    expect(lowestTier(spiderMan, words('spider man'))).toBe(1);
    expect(lowestTier(spiderMan, words('amaz man'))).toBe(2);
    expect(lowestTier(spiderMan, words('jan250001'))).toBe(2);
    expect(lowestTier(spiderMan, words('romita'))).toBe(3);
    expect(lowestTier(spiderMan, words('marvel'))).toBe(3);
  });

  it('never ranks above the database: a place without its title words takes all its words', () => {
    const before = item('Amazing Spider-Man #1', { variant: 'Cover B Romita', before0233: true });
    expect(lowestTier(before, words('romita'))).toBe(2);
    expect(lowestTier(before, words('amazing'))).toBe(0);
  });
});

describe('searchReach of a full page', () => {
  const last = { batchTime: Date.parse('2026-11-01T00:00:00.000Z'), price: 500 };
  const end = (term: string, sort = 'relevance', lastTier: number | null = 1): SearchPageEnd => ({
    words: normaliseSearchTerm(term).words,
    sort: searchQuerySchema.parse({ sort }).sort,
    last,
    lastKey: { sortTitle: 'amazing spider-man #5', addedPosition: '100' },
    lastTier,
  });
  const reachOf = (terms: string[], pageEnd: SearchPageEnd) =>
    searchReach(
      terms.map((t) => normaliseSearchTerm(t).words),
      null,
      pageEnd,
    );
  const lowerTier = item('Spider-Man Team-Up #2', { batchDate: '2026-01-01' });
  const higherTier = item('Web Warriors #1', { variant: 'Spider-Man Cover', batchDate: '2026-12-01' });
  const sameTierOlder = item('Amazing Spider-Man #9', { batchDate: '2026-10-01' });
  const sameTierNewer = item('Amazing Spider-Man #2', { batchDate: '2026-11-20' });
  const sameTierNoDate = item('Amazing Spider-Man #3');

  it('passes over an item that sorts after the last by tier, or by the browse order within its tier', () => {
    const page = reachOf(['spider man'], end('spider man'));
    expect(page(higherTier)).toBe(false);
    expect(page(sameTierOlder)).toBe(false);
    expect(page(lowerTier)).toBe(true);
    expect(page(sameTierNewer)).toBe(true);
    expect(page(sameTierNoDate)).toBe(true);
  });

  it("reaches whatever the last item's tier is not known", () => {
    expect(reachOf(['spider man'], end('spider man', 'relevance', null))(higherTier)).toBe(true);
  });

  it('orders by price without the tier', () => {
    const cheap = item('Web Warriors #1', { variant: 'Spider-Man Cover', price: 100 });
    const dear = item('Web Warriors #1', { variant: 'Spider-Man Cover', price: 900 });
    expect(reachOf(['spider man'], end('spider man', 'price-asc'))(dear)).toBe(false);
    expect(reachOf(['spider man'], end('spider man', 'price-asc'))(cheap)).toBe(true);
    expect(reachOf(['spider man'], end('spider man', 'price-desc'))(cheap)).toBe(false);
  });

  it("reaches an item matching a typo's own words, whatever its place: found, the typo is searched uncorrected", () => {
    const spidr = item('Spidr Tales #1', { variant: 'Spider-Man Cover', batchDate: '2026-01-01' });
    expect(reachOf(['spidr man', 'spider man'], end('spider man'))(spidr)).toBe(true);
    expect(reachOf(['spidr man', 'spider man'], end('spider man'))(higherTier)).toBe(false);
  });
});
