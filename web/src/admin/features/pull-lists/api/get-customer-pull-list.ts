import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPullListAnswer } from '@shop/domain/contract/pullLists';
import { api } from '../../../../lib/api';

/** GET /admin-pull-list/{userId}: a customer's pull list. */
export const customerPullListQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin-pull-list', userId],
    queryFn: ({ signal }) => api<AdminPullListAnswer>(`/admin-pull-list/${encodeURIComponent(userId)}`, { signal }),
  });

export function useCustomerPullList(userId: string) {
  return useQuery(customerPullListQueryOptions(userId));
}
