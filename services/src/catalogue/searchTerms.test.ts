import { describe, expect, it } from 'vitest';
import { normaliseSearchTerm } from './searchTerms.ts';

describe('normaliseSearchTerm', () => {
  it.each([
    ['Spider-Man', ['spider', 'man'], 'spiderman', 'spider:* & man:*'],
    ['  spiderman ', ['spiderman'], 'spiderman', 'spiderman:*'],
    ['Spidr-Man', ['spidr', 'man'], 'spidrman', 'spidr:* & man:*'],
    ["'; drop table stock_items; --", ['drop', 'table', 'stock', 'items'], 'droptablestockitems', 'drop:* & table:* & stock:* & items:*'],
    ['.*+?^${}()|[]\\', [], '', null],
    ['Pokémon', ['pokemon'], 'pokemon', 'pokemon:*'],
  ])('%s', (term, words, compact, tsquery) => {
    expect(normaliseSearchTerm(term)).toEqual({ words, compact, tsquery });
  });
});
