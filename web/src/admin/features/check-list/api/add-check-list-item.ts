import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkListKey } from './get-check-list';
import { checked } from '../lib/check-list-request';

export function useAddCheckListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: { name: string; description: string; status: boolean }) =>
      checked<unknown>('/add-check-list-item', 'POST', 'not saved', item),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkListKey }),
  });
}
