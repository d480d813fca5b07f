import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setOrdersNeedPosting } from './orders';
import { removeFromCaches, replaceInCaches } from './stock';
import type { AdminComic } from '../types';

const item = (id: string, extra: Partial<AdminComic> = {}): AdminComic => ({ _id: id, comicId: id.toUpperCase(), itemType: 'comic', mainDescription: id, price: 100, number: 1, ...extra });

describe('the posting badge count', () => {
  it('goes into the storefront site-settings cache without a refetch', () => {
    const client = new QueryClient();
    client.setQueryData(['site-settings'], { siteSettings: { hideGames: true, hideAccessories: true }, ordersNeedPosting: 5 });
    setOrdersNeedPosting(client, 4);
    expect(client.getQueryData(['site-settings'])).toEqual({ siteSettings: { hideGames: true, hideAccessories: true }, ordersNeedPosting: 4 });
  });
  it('leaves an empty cache alone', () => {
    const client = new QueryClient();
    setOrdersNeedPosting(client, 4);
    expect(client.getQueryData(['site-settings'])).toBeUndefined();
  });
});

describe('stock caches', () => {
  it('replaces and removes items in paged lists, plain lists and search results', () => {
    const client = new QueryClient();
    client.setQueryData(['admin', 'stock', 'new', 'all'], { pages: [{ comics: [item('a'), item('b')] }, { comics: [item('c')] }], pageParams: [{ page: 1, limit: 60 }, { page: 3, limit: 30 }] });
    client.setQueryData(['admin', 'zero-stock'], [item('b')]);
    client.setQueryData(['admin', 'search', 'x'], { comics: [item('b')], orders: [] });
    replaceInCaches(client, [item('b', { number: 9 })]);
    const paged = client.getQueryData<{ pages: Array<{ comics: AdminComic[] }> }>(['admin', 'stock', 'new', 'all']);
    expect(paged?.pages[0]?.comics.map((c) => c.number)).toEqual([1, 9]);
    expect(client.getQueryData<AdminComic[]>(['admin', 'zero-stock'])?.[0]?.number).toBe(9);
    removeFromCaches(client, 'b');
    expect(client.getQueryData<{ pages: Array<{ comics: AdminComic[] }> }>(['admin', 'stock', 'new', 'all'])?.pages[0]?.comics.map((c) => c._id)).toEqual(['a']);
    expect(client.getQueryData<AdminComic[]>(['admin', 'zero-stock'])).toEqual([]);
    expect(client.getQueryData<{ comics: AdminComic[] }>(['admin', 'search', 'x'])?.comics).toEqual([]);
  });
});
