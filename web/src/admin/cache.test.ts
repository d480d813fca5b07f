import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setOrdersNeedPosting } from './features/orders/lib/orders-cache';
import type { AdminBatch, AdminComic } from './types';
import { allBatchesQueryOptions } from '../api/get-all-batches';
import { invalidateBatches } from './features/batches/lib/batches-cache';
import { applySavedSettings } from './features/settings/api/save-site-settings';
import { removeFromCaches, replaceInCaches } from './lib/stock-caches';
import { aComic } from '../testing/contract-fixtures';

const item = (id: string, extra: Partial<AdminComic> = {}): AdminComic =>
  aComic({ _id: id, comicId: id.toUpperCase(), mainDescription: id, price: 100, number: 1, ...extra });

describe('the posting badge count', () => {
  it('goes into the storefront site-settings cache without a refetch', () => {
    const client = new QueryClient();
    client.setQueryData(['site-settings'], { siteSettings: { hideGames: true, hideAccessories: true }, ordersNeedPosting: 5 });
    setOrdersNeedPosting(client, 4);
    expect(client.getQueryData(['site-settings'])).toEqual({
      siteSettings: { hideGames: true, hideAccessories: true },
      ordersNeedPosting: 4,
    });
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
    client.setQueryData(['admin', 'stock', 'new', 'all'], {
      pages: [{ comics: [item('a'), item('b')] }, { comics: [item('c')] }],
      pageParams: [
        { page: 1, limit: 60 },
        { page: 3, limit: 30 },
      ],
    });
    client.setQueryData(['admin', 'zero-stock'], [item('b')]);
    client.setQueryData(['admin', 'search', 'x'], { comics: [item('b')], orders: [] });
    replaceInCaches(client, [item('b', { number: 9 })]);
    const paged = client.getQueryData<{ pages: Array<{ comics: AdminComic[] }> }>(['admin', 'stock', 'new', 'all']);
    expect(paged?.pages[0]?.comics.map((c) => c.number)).toEqual([1, 9]);
    expect(client.getQueryData<AdminComic[]>(['admin', 'zero-stock'])?.[0]?.number).toBe(9);
    removeFromCaches(client, 'b');
    expect(
      client.getQueryData<{ pages: Array<{ comics: AdminComic[] }> }>(['admin', 'stock', 'new', 'all'])?.pages[0]?.comics.map((c) => c._id),
    ).toEqual(['a']);
    expect(client.getQueryData<AdminComic[]>(['admin', 'zero-stock'])).toEqual([]);
    expect(client.getQueryData<{ comics: AdminComic[] }>(['admin', 'search', 'x'])?.comics).toEqual([]);
  });
});

describe('the batch list', () => {
  const batch = (id: string) => ({ _id: id, name: id }) as unknown as AdminBatch;
  const key = allBatchesQueryOptions().queryKey;

  it('takes an added batch at once and keeps it fresh: opening the list right after does not read the (older) read model', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [batch('old')]);
    await invalidateBatches(client, batch('new'));
    expect((client.getQueryData(key) as AdminBatch[]).map((b) => b._id)).toEqual(['new', 'old']);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it('cancels a read of the list still in flight, which could answer the list without the change', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [batch('old')]);
    const read = client
      .fetchQuery({ queryKey: key, queryFn: () => new Promise((r) => setTimeout(() => r([batch('old')]), 50)), staleTime: 0 })
      .catch(() => undefined);
    await invalidateBatches(client, batch('new'));
    await read;
    expect((client.getQueryData(key) as AdminBatch[]).map((b) => b._id)).toEqual(['new', 'old']);
  });

  it('with no list cached, or nothing known to put in it, marks the list stale for its next use', async () => {
    const empty = new QueryClient();
    await invalidateBatches(empty, batch('new'));
    expect(empty.getQueryData(key)).toBeUndefined();
    const cached = new QueryClient();
    cached.setQueryData(key, [batch('old')]);
    await invalidateBatches(cached);
    expect(cached.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

describe('saved site settings', () => {
  it('go into the header cache and stay there: no refetch of the read model', async () => {
    const client = new QueryClient();
    let fetches = 0;
    await client.fetchQuery({
      queryKey: ['site-settings'],
      queryFn: async () => (
        fetches++,
        { siteSettings: { hideGames: true, hideAccessories: true, warningText: null }, ordersNeedPosting: 2 }
      ),
      staleTime: 60_000,
    });
    applySavedSettings(
      client,
      { hideGames: false, hideAccessories: true, warningText: 'Closed Monday', updateTransactionsSave: false, updateTransactionsDays: 7 },
      3,
    );
    expect(client.getQueryData(['site-settings'])).toEqual({
      siteSettings: {
        hideGames: false,
        hideAccessories: true,
        warningText: 'Closed Monday',
        updateTransactionsSave: false,
        updateTransactionsDays: 7,
      },
      ordersNeedPosting: 3,
      paymentsTestMode: false,
    });
    expect(client.getQueryState(['site-settings'])?.isInvalidated).toBe(false);
    expect(fetches).toBe(1);
  });
  it('stay when a read of the settings begun before the save answers after it', async () => {
    const client = new QueryClient();
    const before = { siteSettings: { hideGames: true, hideAccessories: true, warningText: null }, ordersNeedPosting: 2 };
    client.setQueryData(['site-settings'], before);
    let answerRead: (settings: typeof before) => void = () => {};
    const reading = client.fetchQuery({
      queryKey: ['site-settings'],
      queryFn: () => new Promise<typeof before>((resolve) => (answerRead = resolve)),
    });
    const saved = {
      hideGames: false,
      hideAccessories: true,
      warningText: 'Closed Monday',
      updateTransactionsSave: false,
      updateTransactionsDays: 7,
    };
    applySavedSettings(client, saved, 3);
    answerRead(before);
    await reading.catch(() => undefined);
    expect(client.getQueryData<{ siteSettings: unknown }>(['site-settings'])?.siteSettings).toEqual(saved);
  });
  it('fill an empty header cache too', () => {
    const client = new QueryClient();
    applySavedSettings(client, {
      hideGames: true,
      hideAccessories: false,
      warningText: '',
      updateTransactionsSave: false,
      updateTransactionsDays: 7,
    });
    expect(client.getQueryData<{ ordersNeedPosting: number }>(['site-settings'])?.ordersNeedPosting).toBe(0);
  });
});
