import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api, apiRequest, ApiError, extractMessage } from '../../lib/api';
import { FIRST_PAGE, nextPageParam, type PageParam } from '../../features/stock/lib/paging';
import type { AdminComic, AdminSearchResult, ItemType, PeriodType, StockItemPayload } from '../types';
import { uploadFile } from './upload';

/** Admin stock lists fetch up to 2000 items for a batch, 9999 for all comics and zero stock (admin spec section 9). */
export const BATCH_LIST_LIMIT = 2000;
export const ALL_STOCK_LIMIT = 9999;
export const ZERO_STOCK_LIMIT = 9999;
export const PRE_ORDER_LIMIT = 2000;

export interface StockListDefinition {
  /** The query key part and the route. */
  id: string;
  itemType: ItemType;
  periodType?: PeriodType;
}

export interface AdminStockRequest {
  itemType: ItemType;
  periodType?: PeriodType;
  batchId: string | null;
  limit: number;
  page: number;
  /** 1 when the batch is all, else 2. */
  zero: 1 | 2;
}

export interface AdminStockPage {
  comics: AdminComic[];
  totals?: unknown;
}

export function adminStockRequest(list: StockListDefinition, batchId: string | null, param: PageParam): AdminStockRequest {
  const body: AdminStockRequest = { itemType: list.itemType, batchId, limit: param.limit, page: param.page, zero: batchId ? 2 : 1 };
  if (list.periodType) body.periodType = list.periodType;
  return body;
}

export function getAdminStock(body: AdminStockRequest, signal?: AbortSignal): Promise<AdminStockPage> {
  return api<AdminStockPage>('/admin-stock/', { method: 'PUT', body, signal });
}

export const adminStockKey = ['admin', 'stock'] as const;

/** All Stock: every comic. */
export const ALL_COMICS: StockListDefinition = { id: 'all', itemType: 'comic' };

/**
 * An admin stock list: with every batch, pages of 60 then 30 (page 3, 4, … of 30) while the list
 * is scrolled near its end; with one batch, the whole batch (up to 2000) in one call.
 */
export const adminStockInfiniteOptions = (list: StockListDefinition, batchId: string | null) =>
  infiniteQueryOptions({
    queryKey: [...adminStockKey, list.id, batchId ?? 'all'],
    queryFn: ({ pageParam, signal }) => getAdminStock(adminStockRequest(list, batchId, pageParam), signal),
    initialPageParam: batchId ? { page: 1, limit: BATCH_LIST_LIMIT } : FIRST_PAGE,
    getNextPageParam: (lastPage, allPages, lastParam) =>
      batchId ? undefined : nextPageParam(lastPage.comics?.length ?? 0, lastParam, allPages.reduce((n, page) => n + (page.comics?.length ?? 0), 0)),
    staleTime: 30_000,
  });

/**
 * Asks All Stock's first page as soon as the admin area loads on /admin-stock-list (alongside the
 * screen's own code, not after it): the list's first rows come sooner.
 */
export function prefetchAllStock(queryClient: QueryClient, batchId: string | null): void {
  void queryClient.prefetchInfiniteQuery(adminStockInfiniteOptions(ALL_COMICS, batchId));
}

export function useAdminStock(list: StockListDefinition, batchId: string | null) {
  return useInfiniteQuery(adminStockInfiniteOptions(list, batchId));
}

/** Every item of a list in one call, for the All Stock totals (only when the page answer has no totals). */
export function useAdminStockAll(list: StockListDefinition, batchId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...adminStockKey, list.id, batchId ?? 'all', 'everything'],
    queryFn: async ({ signal }) =>
      (await getAdminStock(adminStockRequest(list, batchId, { page: 1, limit: ALL_STOCK_LIMIT }), signal)).comics ?? [],
    enabled,
    staleTime: 60_000,
  });
}

export const zeroStockOptions = () =>
  queryOptions({
    queryKey: ['admin', 'zero-stock'],
    queryFn: async ({ signal }) => (await api<{ comics: AdminComic[] }>(`/zero-stock/${ZERO_STOCK_LIMIT}`, { signal })).comics ?? [],
    staleTime: 30_000,
  });

export function useZeroStock() {
  return useQuery(zeroStockOptions());
}

export function usePreOrderStock(batchId: string) {
  return useQuery({
    queryKey: ['admin', 'pre-stock', batchId],
    queryFn: async ({ signal }) =>
      (await api<{ comics: AdminComic[] }>(`/stock-for-pre/${encodeURIComponent(batchId)}/${PRE_ORDER_LIMIT}`, { signal })).comics ?? [],
    staleTime: 30_000,
  });
}

export function useAdminSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: ['admin', 'search', trimmed.toLowerCase()],
    queryFn: async ({ signal }) => {
      const data = await api<Partial<AdminSearchResult>>(`/admin-search-stock/${encodeURIComponent(trimmed)}`, { signal });
      return { comics: data.comics ?? [], orders: data.orders ?? [], ebayInfos: data.ebayInfos ?? [] } satisfies AdminSearchResult;
    },
    enabled: trimmed.length > 0,
    staleTime: 30_000,
  });
}

/** PUT /check-images: the items whose image is missing. Non-200: 'Error! Stock not updated'. */
export function useImagesCheck() {
  return useQuery({
    queryKey: ['admin', 'images-check'],
    queryFn: async ({ signal }) => {
      const response = await apiRequest<{ comics?: AdminComic[] }>('/check-images', { method: 'PUT', body: {}, signal });
      if (response.status !== 200) throw new ApiError('Error! Stock not updated', response.status, response.data);
      return response.data?.comics ?? [];
    },
    staleTime: 0,
    retry: false,
  });
}

// ---- Cache updates after a change ----

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
  for (const key of [['admin', 'zero-stock'], ['admin', 'pre-stock'], ['admin', 'images-check']]) {
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

// ---- Mutations ----

export interface EditStockInput {
  id: string;
  changes: Partial<StockItemPayload>;
}

/** PUT /edit-stock/{id}: 200 with comics; anything else throws 'Error! Stock not updated' (or the server's message). */
export async function editStock({ id, changes }: EditStockInput): Promise<AdminComic[]> {
  const response = await apiRequest<{ comics?: AdminComic[]; comic?: AdminComic }>(`/edit-stock/${encodeURIComponent(id)}`, { method: 'PUT', body: changes });
  if (response.status !== 200) {
    throw new ApiError(extractMessage(response.data, 'Error! Stock not updated'), response.status, response.data);
  }
  const data = response.data ?? {};
  return data.comics ?? (data.comic ? [data.comic] : []);
}

export function useEditStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editStock,
    onSuccess: (comics, input) => {
      const updated = comics.find((c) => c._id === input.id);
      if (comics.length) replaceInCaches(queryClient, comics);
      if (!updated) {
        updateStockCaches(queryClient, (item) => (item._id === input.id ? ({ ...item, ...input.changes, images: input.changes.images ?? item.images } as AdminComic) : item));
        void queryClient.invalidateQueries({ queryKey: ['admin'] });
      }
    },
  });
}

export function useDeleteStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/delete-stock/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => removeFromCaches(queryClient, id),
  });
}

export type AddStockResult = { ok: true; comic?: AdminComic } | { ok: false; message: string };

/** POST /add-stock: 201 is success. */
export async function addStock(payload: StockItemPayload): Promise<AddStockResult> {
  const response = await apiRequest<{ comic?: AdminComic; message?: string }>('/add-stock', { method: 'POST', body: payload });
  if (response.status === 201) return { ok: true, comic: response.data?.comic };
  return { ok: false, message: extractMessage(response.data, `Stock not added (${response.status})`) };
}

export function useAddStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStock,
    onSuccess: (result) => {
      if (!result.ok) return;
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      for (const key of ['stock', 'homepage-stock', 'more-homepage-stock', 'search-stock']) {
        void queryClient.invalidateQueries({ queryKey: [key], refetchType: 'none' });
      }
    },
  });
}

export interface StockCheckInput {
  savedId: string | null;
  comicId: string;
  mainDescription: string;
  variantDescription: string;
  images: Array<{ imageId: string }>;
}

/** PUT /add-stock-check: 200 with a comic is a clash; 201 is none. */
export async function checkStockClash(input: StockCheckInput, signal?: AbortSignal): Promise<AdminComic | null> {
  const response = await apiRequest<{ comic?: AdminComic | null }>('/add-stock-check', { method: 'PUT', body: input, signal });
  if (response.status === 200 && response.data?.comic) return response.data.comic;
  if (response.status === 200 || response.status === 201) return null;
  throw new ApiError(extractMessage(response.data, `Duplicate check failed (${response.status})`), response.status, response.data);
}

export function useStockClash(input: StockCheckInput, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'stock-check', input],
    queryFn: ({ signal }) => checkStockClash(input, signal),
    enabled,
    staleTime: 10_000,
    retry: false,
  });
}

// ---- Images ----

export interface ImageUpload {
  imageId: string;
  file: File;
}

/**
 * POST /stock-image/{id} (multipart `file`, `imageId`): stores the picture (as WebP) under the id;
 * an id other than the comicId becomes an extra image. Answers {comic, imageUrl, message}.
 */
export async function uploadStockImage(stockId: string, upload: ImageUpload): Promise<AdminComic | null> {
  const response = await uploadFile<{ comic?: AdminComic; message?: string }>(`/stock-image/${encodeURIComponent(stockId)}`, upload.file, {
    fields: { imageId: upload.imageId },
  });
  if (response.status < 200 || response.status >= 300) {
    throw new ApiError(`Image ${upload.file.name} not uploaded: ${extractMessage(response.data, `status ${response.status}`)}`, response.status, response.data);
  }
  return response.data?.comic ?? null;
}

/** Uploads the pictures of one item, one after another; the item's cached copies follow each answer. */
export function useUploadImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ stockId, uploads }: { stockId: string; uploads: readonly ImageUpload[] }) => {
      let comic: AdminComic | null = null;
      for (const upload of uploads) {
        comic = (await uploadStockImage(stockId, upload)) ?? comic;
        if (comic) replaceInCaches(queryClient, [comic]);
      }
      return comic;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'images-check'], refetchType: 'none' });
    },
  });
}
