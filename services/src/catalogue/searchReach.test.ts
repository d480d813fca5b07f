import { describe, expect, it } from 'vitest';
import { stockPlace, type PlaceRow } from './catalogueCache.ts';
import { searchReach } from './searchReach.ts';
import { normaliseSearchTerm } from './searchTerms.ts';

/** An item back in stock as the feed read gives it (the database's title run together is `regexp_replace(lower(title), '[^a-z0-9]+', '')`). */
function item(title: string, more: { variant?: string; publisher?: string; writer?: string; comicId?: string } = {}) {
  const { variant = '', publisher = 'Marvel', writer = '', comicId = 'JAN250001' } = more;
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
    null,
    500,
    true,
  ];
  return stockPlace(row);
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
