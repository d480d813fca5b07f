import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FocAdjustBody, FocWorksheetAnswer } from '@shop/domain/contract/pullLists';
import { api } from '../../../../lib/api';
import { focWorksheetQueryOptions } from './get-foc-worksheet';
import { putAnswer } from '../../../../lib/put-answer';

/** PUT /admin-foc: save the admin's totals (null: back to the suggested total). */
export function useAdjustFocTotals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FocAdjustBody) => api<FocWorksheetAnswer>('/admin-foc', { method: 'PUT', body }),
    onSuccess: (sheet) => putAnswer(queryClient, focWorksheetQueryOptions(sheet.date, sheet.distributor).queryKey, sheet),
  });
}
