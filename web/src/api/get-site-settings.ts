import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { SiteSettingsResponse } from '../types/api';

export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['site-settings'],
    queryFn: ({ signal }) => api<SiteSettingsResponse>('/site-settings', { signal }),
    staleTime: 5 * 60 * 1000,
  });

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}
