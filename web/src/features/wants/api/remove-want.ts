import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WantListAnswer } from '@shop/domain/contract/wants';
import { api } from '../../../lib/api';
import { wantListKey } from './get-want-list';
import { putAnswer } from '../../../lib/put-answer';

/** DELETE /api/want-list/{id}: removes a want; the answer is the whole list. */
export function useRemoveWant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (wantId: string) => api<WantListAnswer>(`/want-list/${encodeURIComponent(wantId)}`, { method: 'DELETE' }),
    onSuccess: (answer) => putAnswer(client, wantListKey, answer),
  });
}
