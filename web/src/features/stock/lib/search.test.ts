import { describe, expect, it } from 'vitest';
import { SEARCH_TERMS_MAX_LENGTH } from '@shop/domain/orders/orderState';
import {
  parseGradedFilter,
  parseGradeMin,
  addToHistory,
  appendSearchTerm,
  parseSearchPublisher,
  parseSearchSort,
  resultCountText,
  SEARCH_SORTS,
  suggestedTermsFor,
} from './search';

describe('result count', () => {
  it('says 1 result, N results, and nothing for none', () => {
    expect(resultCountText(1)).toBe('1 result');
    expect(resultCountText(357)).toBe('357 results');
    expect(resultCountText(1204)).toBe('1,204 results');
    expect(resultCountText(0)).toBe('');
  });
});

describe('search history', () => {
  it('keeps 5 distinct terms newest first', () => {
    let history: string[] = [];
    for (const term of ['a', 'b', 'c', 'd', 'e', 'f', 'c']) history = addToHistory(history, term);
    expect(history).toEqual(['c', 'f', 'e', 'd', 'b']);
  });
  it('ignores blank terms', () => {
    expect(addToHistory(['x'], '   ')).toEqual(['x']);
  });
  it('appends terms with a pipe', () => {
    expect(appendSearchTerm('', 'Batman')).toBe('Batman');
    expect(appendSearchTerm('Batman', ' X-Men ')).toBe('Batman | X-Men');
  });
  it('drops the oldest terms past the bound the server keeps, as the server does', () => {
    const long = Array.from({ length: 300 }, (_, i) => `term-${i}`).join(' | ');
    const appended = appendSearchTerm(long, ' Saga ');
    expect(appended.length).toBeLessThanOrEqual(SEARCH_TERMS_MAX_LENGTH);
    expect(appended.endsWith('term-299 | Saga')).toBe(true);
    expect(appended.startsWith('term-')).toBe(true);
  });
  it('suggests terms found in a title', () => {
    expect(suggestedTermsFor('Amazing Spider-Man #1 Venom variant')).toEqual(['Spider-Man', 'Venom']);
  });
});

describe('search sort and publisher from the address', () => {
  it('reads a known sort, else relevance', () => {
    expect(SEARCH_SORTS.map(([key]) => key)).toEqual(['relevance', 'newest', 'price-asc', 'price-desc', 'grade-desc']);
    expect(parseSearchSort('grade-desc')).toBe('grade-desc');
    expect(parseSearchSort('price-desc')).toBe('price-desc');
    expect(parseSearchSort('cheapest')).toBe('relevance');
    expect(parseSearchSort(null)).toBe('relevance');
  });
  it('reads the grade filters, else any', () => {
    expect(parseGradedFilter('true')).toBe('true');
    expect(parseGradedFilter('yes')).toBe('');
    expect(parseGradeMin('9.8', [9.8, 9.6])).toBe('9.8');
    expect(parseGradeMin('9.7', [9.8, 9.6])).toBe('');
  });
  it('reads an offered publisher in any case, as offered, else any publisher', () => {
    const offered = ['Marvel', 'DC Comics'];
    expect(parseSearchPublisher('dc comics', offered)).toBe('DC Comics');
    expect(parseSearchPublisher(' Marvel ', offered)).toBe('Marvel');
    expect(parseSearchPublisher('Nobody Press', offered)).toBe('');
    expect(parseSearchPublisher(null, offered)).toBe('');
  });
});
