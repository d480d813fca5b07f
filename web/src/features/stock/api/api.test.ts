import { describe, expect, it } from 'vitest';
import { extractMessage } from '../../../lib/api';
import { groupByBatch, homepageRows, homepageStockPath } from './get-homepage-stock';
import { searchStockInfiniteQueryOptions, searchStockPath, type SearchPage } from './search-stock';
import type { Comic } from '../../../types/api';
import { aBatch } from '../../../testing/contract-fixtures';

describe('error messages', () => {
  it('takes {message}, then {errorMessage}, then the text', () => {
    expect(extractMessage({ message: 'Email already registered' }, 'x')).toBe('Email already registered');
    expect(extractMessage({ errorMessage: 'Card declined' }, 'x')).toBe('Card declined');
    expect(extractMessage('Bad gateway', 'x')).toBe('Bad gateway');
    expect(extractMessage({ other: 1 }, 'x')).toBe('{"other":1}');
    expect(extractMessage(null, 'fallback')).toBe('fallback');
  });
});

describe('homepage rows', () => {
  const comic = (id: string, batch: string) => ({ _id: id, batch }) as Comic;
  it('groups comics by batch in batch order, skipping hidden and empty batches', () => {
    const rows = groupByBatch({
      batches: [
        aBatch({ _id: 'b2', name: 'Back' }),
        aBatch({ _id: 'b1', name: 'New' }),
        aBatch({ _id: 'b3', name: 'Hidden', hideHomePage: true }),
        aBatch({ _id: 'b4', name: 'Empty' }),
      ],
      comics: [comic('a', 'b1'), comic('b', 'b2'), comic('c', 'b1'), comic('d', 'b3')],
    });
    expect(rows.map((r) => [r.batch._id, r.comics.map((c) => c._id)])).toEqual([
      ['b2', ['b']],
      ['b1', ['a', 'c']],
    ]);
  });
  it('joins the rows of every page, a batch that comes again shown once', () => {
    const rows = homepageRows([
      { batches: [aBatch({ _id: 'b1', name: 'New' }), aBatch({ _id: 'b2', name: 'Back' })], comics: [comic('a', 'b1'), comic('b', 'b2')] },
      {
        batches: [aBatch({ _id: 'b2', name: 'Back' }), aBatch({ _id: 'b3', name: 'Games' })],
        comics: [comic('b', 'b2'), comic('c', 'b3')],
      },
    ]);
    expect(rows.map((r) => r.batch._id)).toEqual(['b1', 'b2', 'b3']);
  });
  it('asks page 1 at the plain address and later pages with ?page=n', () => {
    expect(homepageStockPath(1)).toBe('/homepage-stock');
    expect(homepageStockPath(2)).toBe('/homepage-stock?page=2');
  });
});

describe('search paths', () => {
  it('carry browse paging in the query string and escape the term', () => {
    expect(searchStockPath('batman', { page: 1, limit: 60 })).toBe('/search-stock/batman?page=1&limit=60');
    expect(searchStockPath('spider man/1', { page: 3, limit: 30 })).toBe('/search-stock/spider%20man%2F1?page=3&limit=30');
  });
  it('add sort and publisher only when they are not the defaults', () => {
    expect(searchStockPath('batman', { page: 1, limit: 60 }, { sort: 'relevance', publisher: '' })).toBe(
      '/search-stock/batman?page=1&limit=60',
    );
    expect(searchStockPath('batman', { page: 3, limit: 30 }, { sort: 'price-asc', publisher: 'DC Comics' })).toBe(
      '/search-stock/batman?page=3&limit=30&sort=price-asc&publisher=DC+Comics',
    );
    expect(searchStockPath('batman', { page: 1, limit: 60 }, { sort: 'relevance', publisher: 'Boom! Studios' })).toBe(
      '/search-stock/batman?page=1&limit=60&publisher=Boom%21+Studios',
    );
  });
});

describe('search paging', () => {
  const next = (pages: SearchPage[], params: { page: number; limit: number }[]) =>
    searchStockInfiniteQueryOptions('batman').getNextPageParam!(pages.at(-1)!, pages, params.at(-1)!, params);
  const comics = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `c${i}` })) as unknown as Comic[];

  it("asks for more by the newest page's count: an earlier page's may lag an item back in stock", () => {
    const first = { comics: comics(60), total: 60 };
    expect(next([first], [{ page: 1, limit: 60 }])).toBeUndefined();
    const later = { comics: comics(30), total: 91 };
    expect(
      next(
        [first, later],
        [
          { page: 1, limit: 60 },
          { page: 3, limit: 30 },
        ],
      ),
    ).toEqual({ page: 4, limit: 30 });
    expect(
      next(
        [first, { comics: comics(30), total: 90 }],
        [
          { page: 1, limit: 60 },
          { page: 3, limit: 30 },
        ],
      ),
    ).toBeUndefined();
  });
});
