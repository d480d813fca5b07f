import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveUser } from '../../../lib/session';
import type { User } from '../../../types/api';

export function deleteAddress(id: string): Promise<{ user: User }> {
  return api(`/delete-address/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAddress() {
  return useMutation({ mutationFn: deleteAddress, onSuccess: (data) => data.user && saveUser(data.user) });
}
