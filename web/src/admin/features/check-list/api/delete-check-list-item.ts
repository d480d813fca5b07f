import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkListKey } from './get-check-list';
import { checked } from '../lib/check-list-request';

export function useDeleteCheckListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      checked<unknown>(`/delete-check-list-item/${encodeURIComponent(id)}`, 'DELETE', 'Error! CheckList not deleted'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkListKey }),
  });
}
