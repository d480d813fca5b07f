import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { auditQueryString, type AuditFilters } from '../lib/audit';
import type { AuditPage } from '../../../types';

export const auditHistoryQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['admin', 'audit', filters],
    queryFn: async ({ signal }) => {
      const data = await api<Partial<AuditPage>>(`/audit-history?${auditQueryString(filters)}`, { signal });
      return {
        audits: data.audits ?? [],
        total: data.total ?? data.audits?.length ?? 0,
        page: data.page ?? 1,
        pageSize: data.pageSize ?? data.audits?.length ?? 0,
      } satisfies AuditPage;
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useAuditHistory(filters: AuditFilters) {
  return useQuery(auditHistoryQueryOptions(filters));
}
