import { useMutation } from '@tanstack/react-query';
import { apiRequest, extractMessage } from '../../../../lib/api';

export interface SendCreditInput {
  targetUserId: string;
  /** As typed (the spec sends the amount as text). */
  amount: string;
  description: string;
}

export type SendCreditResult = { ok: true; message: string } | { ok: false; message: string };

/** POST /user-send-credit -> {message}; a failure carries the server's message. */
export async function sendCredit(input: SendCreditInput): Promise<SendCreditResult> {
  const response = await apiRequest<{ message?: string }>('/user-send-credit', { method: 'POST', body: input });
  if (response.ok) return { ok: true, message: extractMessage(response.data, 'Credit sent') };
  return { ok: false, message: extractMessage(response.data, `Credit not sent (${response.status})`) };
}

export function useSendCredit() {
  return useMutation({ mutationFn: sendCredit });
}
