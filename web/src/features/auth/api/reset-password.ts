import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface ResetPasswordInput {
  resetPasswordToken: string;
  newPassword: string;
}

export function resetPassword(input: ResetPasswordInput): Promise<{ message?: string }> {
  return api('/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
