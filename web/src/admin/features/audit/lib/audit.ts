/** Audit history filters and paging. */

export const AUDIT_KINDS = ['order', 'stock', 'batch', 'user', 'credit', 'settings', 'feedback', 'checklist'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_PAGE_SIZE = 25;

export interface AuditFilters {
  page: number;
  pageSize: number;
  userId: string;
  kind: string;
  streamId: string;
}

/** Reads the filters from the page's search params (bad numbers fall back). */
export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const pageSize = Number.parseInt(params.get('pageSize') ?? '', 10);
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    pageSize: Number.isFinite(pageSize) && pageSize >= 1 && pageSize <= 200 ? pageSize : AUDIT_PAGE_SIZE,
    userId: params.get('userId') ?? '',
    kind: params.get('kind') ?? '',
    streamId: params.get('streamId') ?? '',
  };
}

/** The query string of GET /audit-history: page and pageSize always, the filters when set. */
export function auditQueryString(filters: AuditFilters): string {
  const query = new URLSearchParams();
  query.set('page', String(filters.page));
  query.set('pageSize', String(filters.pageSize));
  if (filters.userId.trim()) query.set('userId', filters.userId.trim());
  if (filters.kind.trim()) query.set('kind', filters.kind.trim());
  if (filters.streamId.trim()) query.set('streamId', filters.streamId.trim());
  return query.toString();
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}
