import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function requestPasswordReset(email: string): Promise<{ message?: string }> {
  return api('/get-reset-password-token', { method: 'POST', body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
