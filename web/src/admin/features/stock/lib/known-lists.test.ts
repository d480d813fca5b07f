import { describe, expect, it } from 'vitest';
import { readKnownLists, KNOWN_PUBLISHERS } from './known-lists';

describe('known lists', () => {
  it('falls back to the local copy', () => {
    expect(readKnownLists(null).publishers.comic).toHaveLength(21);
    expect(KNOWN_PUBLISHERS.game).toHaveLength(3);
    expect(KNOWN_PUBLISHERS.accessory).toHaveLength(1);
    expect(readKnownLists({ publishers: { comic: ['A'] }, variants: ['V'] })).toMatchObject({
      publishers: { comic: ['A'], game: KNOWN_PUBLISHERS.game },
      variants: ['V'],
    });
    expect(readKnownLists({ publishers: ['P'] }).publishers.accessory).toEqual(['P']);
  });
});
