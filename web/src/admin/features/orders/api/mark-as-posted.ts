import { api } from '../../../../lib/api';
import { usePostingMutation, type PostedAnswer } from '../lib/orders-cache';

/** GET /mark-as-posted/{id}. */
export function useMarkAsPosted() {
  return usePostingMutation(({ id }) => api<PostedAnswer>(`/mark-as-posted/${encodeURIComponent(id)}`));
}
