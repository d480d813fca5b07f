import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadProgressAnswer } from '@shop/domain/contract/admin';
import { api } from '../../../../lib/api';

/** How often a running import's progress is asked for. */
const POLL_MS = 500;

/** GET /supplier-import/{jobId}: progress, counts and per-line errors, asked for until the import is done. */
export const supplierImportQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['admin', 'supplier-import', jobId],
    queryFn: ({ signal }) => api<UploadProgressAnswer>(`/supplier-import/${encodeURIComponent(jobId)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.done ? false : POLL_MS),
  });

export function useSupplierImport(jobId: string | null) {
  return useQuery({ ...supplierImportQueryOptions(jobId ?? ''), enabled: jobId !== null });
}
