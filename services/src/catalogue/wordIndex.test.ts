import { describe, expect, it } from 'vitest';
import { WordIndex, wordIndexKeys } from './wordIndex.ts';

const reached = (index: WordIndex, words: string[], titles: string[]) => {
  const into = new Set<string>();
  index.mayReach(words, titles, into);
  return [...into].sort();
};

describe('WordIndex', () => {
  it('files a word list under its first word and, from three letters, its words run together', () => {
    expect(wordIndexKeys([['spider', 'man'], ['x'], ['ab'], []])).toEqual(['w:spider', 'r:spiderman', 'w:x', 'w:ab']);
  });

  it('finds the keys whose first word starts one of the item words, or whose run occurs in its title', () => {
    const index = new WordIndex();
    index.add('spider man', wordIndexKeys([['spider', 'man']]));
    index.add('bat', wordIndexKeys([['bat']]));
    index.add('amazingspider', wordIndexKeys([['amazingspider']]));
    index.add('x-men', wordIndexKeys([['xmen']]));
    expect(reached(index, ['spider', 'gwen'], [])).toEqual(['spider man']);
    expect(reached(index, ['batman'], ['batman12'])).toEqual(['bat']);
    // Runs of every length up to the longest filed, anywhere in the title.
    expect(reached(index, ['the'], ['theamazingspiderman'])).toEqual(['amazingspider', 'spider man']);
    expect(reached(index, ['uncanny'], ['uncannyxmen'])).toEqual(['x-men']);
    expect(reached(index, ['superman'], ['superman'])).toEqual([]);
  });

  it('lets go of a key where it was filed, and of everything when cleared', () => {
    const index = new WordIndex();
    index.add('spider man', wordIndexKeys([['spider', 'man']]));
    index.add('spider', wordIndexKeys([['spider']]));
    index.remove('spider man', wordIndexKeys([['spider', 'man']]));
    expect(reached(index, ['spider'], ['spiderman'])).toEqual(['spider']);
    index.clear();
    expect(reached(index, ['spider'], ['spiderman'])).toEqual([]);
    index.add('longerrunthanbefore', wordIndexKeys([['longerrunthanbefore']]));
    expect(reached(index, ['a'], ['alongerrunthanbeforez'])).toEqual(['longerrunthanbefore']);
  });

  it('reaches an item with any words from a list whose first word is empty', () => {
    const index = new WordIndex();
    index.add('any', ['w:']);
    expect(reached(index, ['anything'], [])).toEqual(['any']);
    expect(reached(index, [], [])).toEqual([]);
  });
});
