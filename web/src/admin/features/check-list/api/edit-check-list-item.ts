import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckListItem } from '../../../types';
import { checkListKey } from './get-check-list';
import { checked } from '../lib/check-list-request';

export function useEditCheckListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: boolean }) =>
      checked<unknown>(`/edit-check-list-item/${encodeURIComponent(id)}`, 'PUT', 'Error! CheckList not updated', { status }),
    onMutate: ({ id, status }) => {
      queryClient.setQueryData<CheckListItem[]>(checkListKey, (list) =>
        list?.map((item) => (item._id === id ? { ...item, status } : item)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkListKey }),
  });
}
