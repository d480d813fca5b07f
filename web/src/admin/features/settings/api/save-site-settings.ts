/** Saving the site settings, and the header cache that follows the save. */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { siteSettingsQueryOptions } from '../../../../api/get-site-settings';
import type { SiteSettingsResponse } from '../../../../types/api';
import type { AdminSiteSettings } from '../../../types';

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
      api<{ siteSettings?: AdminSiteSettings; ordersNeedPosting?: number; message?: string }>('/save-site-settings', {
        method: 'POST',
        body: settings,
      }),
    onMutate: () => queryClient.cancelQueries({ queryKey: siteSettingsQueryOptions().queryKey }),
    onSuccess: (data, sent) => applySavedSettings(queryClient, data?.siteSettings ?? sent, data?.ordersNeedPosting),
  });
}
