import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { getTempToken, saveLogin } from '../../../lib/session';
import type { User } from '../../../types/api';

export interface LoginInput {
  email: string;
  password: string;
}

export interface LoginResponse {
  user: User;
  authorisationKey: string;
  message?: string;
}

export function login(input: LoginInput): Promise<LoginResponse> {
  return api<LoginResponse>('/login', { method: 'POST', body: { ...input, tempToken: getTempToken() } });
}

/** Logs in and stores the user and access token. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => saveLogin(data.user, data.authorisationKey),
  });
}
