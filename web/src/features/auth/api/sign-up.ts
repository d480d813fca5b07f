import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { getTempToken, saveLogin } from '../../../lib/session';
import type { User } from '../../../types/api';

export interface SignUpInput {
  givenName: string;
  familyName: string;
  email: string;
  password: string;
  passwordConfirm: string;
}

export function signUp(input: SignUpInput): Promise<{ user: User; authorisationKey: string; message?: string }> {
  return api('/sign-up-user', { method: 'POST', body: { ...input, tempToken: getTempToken() } });
}

/** Signs up (201) and stores the new login. */
export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    onSuccess: (data) => saveLogin(data.user, data.authorisationKey),
  });
}
