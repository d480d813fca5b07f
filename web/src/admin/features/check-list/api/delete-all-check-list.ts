import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkListKey } from './get-check-list';
import { checked } from '../lib/check-list-request';

export function useDeleteAllCheckList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checked<unknown>('/admin-check-list-delete-all', 'DELETE', 'Error! CheckList not deleted'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkListKey }),
  });
}
