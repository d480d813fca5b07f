import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export interface BatchJobInput {
  action: 'upload' | 'refresh';
  batchName: string;
  quantity: number;
}

export function useBatchJob() {
  return useMutation({
    mutationFn: ({ action, batchName, quantity }: BatchJobInput) =>
      api<{ message?: string; jobId?: string | number; queue?: string }>(
        `/ebay-${action}-batch/${encodeURIComponent(batchName)}/${encodeURIComponent(String(quantity))}`,
      ),
  });
}
