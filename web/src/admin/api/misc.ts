/** Feedback, check list, site settings, status, jobs, audit and stream history. */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiRequest, ApiError } from '../../lib/api';
import { siteSettingsQueryOptions } from '../../features/settings/api/get-site-settings';
import type { SiteSettingsResponse } from '../../types/api';
import { auditQueryString, type AuditFilters } from '../lib/audit';
import type { AdminSiteSettings, AuditPage, CheckListItem, FailedJob, Feedback, JobStatus, StreamHistory, SystemStatus } from '../types';

// ---- Feedback ----

export function useFeedbacks() {
  return useQuery({
    queryKey: ['admin', 'feedback'],
    queryFn: async ({ signal }) => (await api<{ feedbacks?: Feedback[] }>('/feedback', { signal })).feedbacks ?? [],
    staleTime: 30_000,
  });
}

// ---- Check list ----

const checkListKey = ['admin', 'check-list'] as const;

export function useCheckList() {
  return useQuery({
    queryKey: checkListKey,
    queryFn: async ({ signal }) => (await api<{ checkListItems?: CheckListItem[] }>('/admin-check-list', { signal })).checkListItems ?? [],
    staleTime: 15_000,
  });
}

async function checked<T>(path: string, method: 'POST' | 'PUT' | 'DELETE', failure: string, body?: unknown): Promise<T> {
  const response = await apiRequest<T>(path, { method, body });
  if (!response.ok) throw new ApiError(failure, response.status, response.data);
  return response.data;
}

export function useAddCheckListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: { name: string; description: string; status: boolean }) => checked<unknown>('/add-check-list-item', 'POST', 'not saved', item),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkListKey }),
  });
}

export function useEditCheckListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: boolean }) =>
      checked<unknown>(`/edit-check-list-item/${encodeURIComponent(id)}`, 'PUT', 'Error! CheckList not updated', { status }),
    onMutate: ({ id, status }) => {
      queryClient.setQueryData<CheckListItem[]>(checkListKey, (list) => list?.map((item) => (item._id === id ? { ...item, status } : item)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkListKey }),
  });
}

export function useDeleteCheckListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => checked<unknown>(`/delete-check-list-item/${encodeURIComponent(id)}`, 'DELETE', 'Error! CheckList not deleted'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkListKey }),
  });
}

export function useDeleteAllCheckList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checked<unknown>('/admin-check-list-delete-all', 'DELETE', 'Error! CheckList not deleted'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkListKey }),
  });
}

// ---- Site settings ----

export function useAdminSiteSettings() {
  return useQuery({
    queryKey: ['admin', 'site-settings'],
    queryFn: async ({ signal }) => (await api<{ siteSettings: AdminSiteSettings }>('/site-settings-admin', { signal })).siteSettings,
    staleTime: 0,
  });
}

/**
 * The saved settings into the header's cache (['site-settings']). Not refetched: the public
 * /site-settings reads the read model, which may not have the save yet, and its older answer would
 * put the old settings back on screen until a reload. A fetch already under way is cancelled.
 */
export function applySavedSettings(queryClient: QueryClient, saved: AdminSiteSettings, ordersNeedPosting?: number): void {
  const key = siteSettingsQueryOptions().queryKey;
  void queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData(['admin', 'site-settings'], saved);
  queryClient.setQueryData<SiteSettingsResponse>(key, (old) => ({
    ordersNeedPosting: ordersNeedPosting ?? old?.ordersNeedPosting ?? 0,
    paymentsTestMode: old?.paymentsTestMode ?? false,
    siteSettings: saved,
  }));
}

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AdminSiteSettings) =>
      api<{ siteSettings?: AdminSiteSettings; ordersNeedPosting?: number; message?: string }>('/save-site-settings', { method: 'POST', body: settings }),
    onMutate: () => queryClient.cancelQueries({ queryKey: siteSettingsQueryOptions().queryKey }),
    onSuccess: (data, sent) => applySavedSettings(queryClient, data?.siteSettings ?? sent, data?.ordersNeedPosting),
  });
}

// ---- Status and jobs ----

export function useSystemStatus() {
  return useQuery({
    queryKey: ['admin', 'status'],
    queryFn: ({ signal }) => api<SystemStatus>('/status', { signal }),
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

export function useDataTidy() {
  return useMutation({ mutationFn: () => api<Record<string, unknown> & { message?: string }>('/data-tidy') });
}

export function useFailedJobs() {
  return useQuery({
    queryKey: ['admin', 'failed-jobs'],
    queryFn: async ({ signal }) => (await api<{ jobs?: FailedJob[] }>('/admin-failed-jobs', { signal })).jobs ?? [],
    staleTime: 0,
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id }: { queue: string; id: string }) =>
      api<{ message?: string }>(`/admin-retry-job/${encodeURIComponent(queue)}/${encodeURIComponent(id)}`, { method: 'POST', body: {} }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'failed-jobs'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'status'] });
    },
  });
}

/** GET /admin-job/{queue}/{id}, every second until the job is finished. */
export function useJob(queue: string | null, id: string | null, isFinished: (state: string) => boolean) {
  return useQuery({
    queryKey: ['admin', 'job', queue, id],
    queryFn: ({ signal }) => api<JobStatus>(`/admin-job/${encodeURIComponent(queue ?? '')}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(queue && id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.state) ? false : query.state.error ? false : 1000),
    retry: false,
  });
}

// ---- Audit and history ----

export function useAuditHistory(filters: AuditFilters) {
  return useQuery({
    queryKey: ['admin', 'audit', filters],
    queryFn: async ({ signal }) => {
      const data = await api<Partial<AuditPage>>(`/audit-history?${auditQueryString(filters)}`, { signal });
      return { audits: data.audits ?? [], total: data.total ?? data.audits?.length ?? 0, page: data.page ?? 1, pageSize: data.pageSize ?? data.audits?.length ?? 0 } satisfies AuditPage;
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useStreamHistory(streamId: string) {
  return useQuery({
    queryKey: ['admin', 'stream-history', streamId],
    queryFn: ({ signal }) => api<StreamHistory>(`/stream-history/${encodeURIComponent(streamId)}`, { signal }),
    enabled: Boolean(streamId),
    staleTime: 10_000,
  });
}

