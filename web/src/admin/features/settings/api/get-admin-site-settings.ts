import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { AdminSiteSettings } from '../../../types';

export const adminSiteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'site-settings'],
    queryFn: async ({ signal }) => (await api<{ siteSettings: AdminSiteSettings }>('/site-settings-admin', { signal })).siteSettings,
    staleTime: 0,
  });

export function useAdminSiteSettings() {
  return useQuery(adminSiteSettingsQueryOptions());
}
