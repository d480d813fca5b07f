import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface FeedbackInput {
  email: string;
  description: string;
}

export function addFeedback(input: FeedbackInput): Promise<{ message?: string }> {
  return api('/add-feedback', { method: 'POST', body: input });
}

export function useAddFeedback() {
  return useMutation({ mutationFn: addFeedback });
}
