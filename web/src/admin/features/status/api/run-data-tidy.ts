import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export function useDataTidy() {
  return useMutation({ mutationFn: () => api<Record<string, unknown> & { message?: string }>('/data-tidy') });
}
