import { type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { type PageParam } from '../../lib/paging';
import type { AdminComic, AdminSearchResult } from '../types';

export interface AdminStockPage {
  comics: AdminComic[];
  totals?: unknown;
}

export const adminStockKey = ['admin', 'stock'] as const;

type Updater = (item: AdminComic) => AdminComic | null;

function mapList(list: AdminComic[] | undefined, update: Updater): AdminComic[] | undefined {
  if (!list) return list;
  const out: AdminComic[] = [];
  for (const item of list) {
    const next = update(item);
    if (next) out.push(next);
  }
  return out;
}

/** Applies a change to every cached admin list (keeps scroll positions) and marks the storefront's catalogue stale. */
export function updateStockCaches(queryClient: QueryClient, update: Updater): void {
  queryClient.setQueriesData<InfiniteData<AdminStockPage, PageParam> | AdminComic[]>({ queryKey: adminStockKey }, (data) => {
    if (Array.isArray(data)) return mapList(data, update);
    if (!data || !Array.isArray((data as { pages?: unknown }).pages)) return data;
    return { ...data, pages: data.pages.map((page) => ({ ...page, comics: mapList(page.comics, update) ?? [] })) };
  });
  for (const key of [
    ['admin', 'zero-stock'],
    ['admin', 'pre-stock'],
    ['admin', 'images-check'],
  ]) {
    queryClient.setQueriesData<AdminComic[]>({ queryKey: key }, (list) => (Array.isArray(list) ? mapList(list, update) : list));
  }
  queryClient.setQueriesData<AdminSearchResult>({ queryKey: ['admin', 'search'] }, (data) =>
    data && Array.isArray(data.comics) ? { ...data, comics: mapList(data.comics, update) ?? [] } : data,
  );
  for (const key of ['stock', 'homepage-stock', 'more-homepage-stock', 'search-stock']) {
    void queryClient.invalidateQueries({ queryKey: [key], refetchType: 'none' });
  }
}

export function replaceInCaches(queryClient: QueryClient, comics: readonly AdminComic[]): void {
  const byId = new Map(comics.map((c) => [c._id, c]));
  updateStockCaches(queryClient, (item) => (byId.has(item._id) ? { ...item, ...byId.get(item._id) } : item));
}

export function removeFromCaches(queryClient: QueryClient, id: string): void {
  updateStockCaches(queryClient, (item) => (item._id === id ? null : item));
}
