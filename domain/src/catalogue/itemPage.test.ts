import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugOf } from './itemPage.ts';

/** The slug's definition, step by step (slugOf does it in one pass). */
function slugByDefinition(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'item';
}

describe('slugOf', () => {
  it('writes ASCII letters and digits with dashes between, accents dropped, at most 80 characters', () => {
    expect(slugOf('Amazing Spider-Man #300 (CGC NM/M 9.8)')).toBe('amazing-spider-man-300-cgc-nm-m-9-8');
    expect(slugOf('  Pokémon: Écarlate & Violet – ½ Price! ')).toBe('pokemon-ecarlate-violet-1-2-price');
    expect(slugOf('—')).toBe('item');
    expect(slugOf(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
    expect(slugOf(`${'a'.repeat(78)} bc`)).toBe(`${'a'.repeat(78)}-b`);
    expect(slugOf('a'.repeat(90))).toBe('a'.repeat(80));
  });

  it('is the slug of its definition for any text', () => {
    const edges = fc.constantFrom('a', 'Z', '9', ' ', '-', 'é', 'É', '–', 'ß', 'İ', 'K', 'ﬁ', '½', 'Ⅻ', '😀', '\u0301');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 120 }),
          fc.string({ unit: 'binary', maxLength: 120 }),
          fc.string({ unit: edges, maxLength: 200 }),
        ),
        (text) => {
          expect(slugOf(text)).toBe(slugByDefinition(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
