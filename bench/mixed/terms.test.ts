import { describe, expect, it } from 'vitest';
import { rankTerms, SearchTermPicker, searchableWord, wordRuns } from './terms.ts';
import { createPrng } from './zipf.ts';

describe('search terms from the catalogue', () => {
  it('keeps words of 3 letters or more that are not stop words or numbers', () => {
    expect(['batman', 'man', 'jiménez'].every(searchableWord)).toBe(true);
    expect(['the', 'of', 'x', 'vs', '2024', 'a1', ''].some(searchableWord)).toBe(false);
  });

  it('splits fields into runs of words that may pair up', () => {
    expect(wordRuns('Amazing Spider-Man #12')).toEqual([['amazing', 'spider', 'man']]);
    expect(wordRuns('Tom King, Jorge Jiménez')).toEqual([
      ['tom', 'king'],
      ['jorge', 'jiménez'],
    ]);
    expect(wordRuns('Sonic the Hedgehog #3')).toEqual([['sonic'], ['hedgehog']]);
    expect(wordRuns("Player's Handbook (2024)")).toEqual([['players', 'handbook']]);
  });

  it('ranks words and two-word terms by how often the catalogue holds them', () => {
    const ranked = rankTerms(['Absolute Batman #1', 'Absolute Batman #2', 'Batman #150', 'DC Comics', 'Saga #1'], { words: 3, pairs: 5 });
    expect(ranked.words).toEqual(['batman', 'absolute', 'comics']);
    expect(ranked.pairs).toEqual(['absolute batman']);
  });

  it('picks words, pairs and fixed typos of them, the same for a seed', () => {
    const picker = new SearchTermPicker({ words: ['batman', 'spider', 'saga', 'marvel'], pairs: ['spider man', 'absolute batman'] });
    expect(picker.distinct).toEqual({ words: 4, pairs: 2, typos: 18 });
    const draw = () => {
      const random = createPrng('picker');
      return Array.from({ length: 500 }, () => picker.pick(random));
    };
    const picks = draw();
    expect(picks).toEqual(draw());
    const kinds = new Map<string, number>();
    for (const p of picks) kinds.set(p.kind, (kinds.get(p.kind) ?? 0) + 1);
    expect(kinds.get('word')! / 500).toBeCloseTo(0.6, 1);
    expect(kinds.get('pair')! / 500).toBeCloseTo(0.2, 1);
    expect(kinds.get('typo')! / 500).toBeCloseTo(0.2, 1);
    const words = picks.filter((p) => p.kind === 'word').map((p) => p.term);
    expect(words.filter((w) => w === 'batman').length).toBeGreaterThan(words.filter((w) => w === 'marvel').length);
  });
});
