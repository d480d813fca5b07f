import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WantListAnswer } from '@shop/domain/contract/wants';
import { api } from '../../../lib/api';
import { wantListKey } from './get-want-list';
import { putAnswer } from '../../../lib/put-answer';

export type NewWant = { stockId: string } | { seriesId?: string; title?: string; issueNumber: string; gradeMin?: number };

/** POST /api/want-list: adds a want; the answer is the whole list. */
export function useAddWant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (want: NewWant) => api<WantListAnswer>('/want-list', { method: 'POST', body: want }),
    onSuccess: (answer) => putAnswer(client, wantListKey, answer),
  });
}
