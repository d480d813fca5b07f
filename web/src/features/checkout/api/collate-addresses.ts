import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveUser } from '../../../lib/session';
import type { User } from '../../../types/api';

/** Gathers the addresses of the user's past orders into their saved addresses. */
export function collateAddresses(): Promise<{ user: User }> {
  return api('/collate-addresses-from-order/', { method: 'POST', body: {} });
}

export function useCollateAddresses() {
  return useMutation({ mutationFn: collateAddresses, onSuccess: (data) => data.user && saveUser(data.user) });
}
