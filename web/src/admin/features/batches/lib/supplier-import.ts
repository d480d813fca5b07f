import type { UploadProgressAnswer } from '@shop/domain/contract/admin';

/** The formats POST /supplier-import reads, as the form offers them. */
export const SUPPLIER_FORMATS = [
  { value: 'lunar', label: 'Lunar (CSV)' },
  { value: 'prh', label: 'Penguin Random House (CSV)' },
  { value: 'diamond', label: 'Diamond (CSV)' },
  { value: 'tsv', label: 'Stock file (tab-separated)' },
] as const;
export type SupplierFormat = (typeof SUPPLIER_FORMATS)[number]['value'];

/** A running import's percentage (null before its size is known). */
export function importPercent(progress: Pick<UploadProgressAnswer, 'processed' | 'total' | 'done'> | undefined): number | null {
  if (!progress) return null;
  if (progress.done) return 100;
  return progress.total > 0 ? Math.min(99, Math.round((progress.processed / progress.total) * 100)) : null;
}
