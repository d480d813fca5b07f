import { api } from '../../../../lib/api';
import { usePostingMutation, type PostedAnswer } from '../lib/orders-cache';

/** GET /post-order/{id}/{tracking}: posted with a tracking number. */
export function usePostOrder() {
  return usePostingMutation(({ id, tracking }) =>
    api<PostedAnswer>(`/post-order/${encodeURIComponent(id)}/${encodeURIComponent(tracking ?? '')}`),
  );
}
