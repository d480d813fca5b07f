import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, tempAuthorisation } from '../lib/api';
import { clearLogin, getAccessToken } from '../lib/session';
import type { OrderResponse } from '../types/api';

export const currentOrderKey = ['current-order'] as const;

/** Logged-in users GET with the bearer header; guests POST their temp token. A 401 clears the login and reloads. */
export async function getCurrentOrder(signal?: AbortSignal): Promise<OrderResponse> {
  try {
    if (getAccessToken()) return await api<OrderResponse>('/current-order', { signal });
    return await api<OrderResponse>('/current-order', { method: 'POST', body: { tempAuthorisation: tempAuthorisation() }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && getAccessToken()) {
      clearLogin();
      window.location.reload();
    }
    throw error;
  }
}

export const currentOrderQueryOptions = () =>
  queryOptions({
    queryKey: currentOrderKey,
    queryFn: ({ signal }) => getCurrentOrder(signal),
    // Order mutations replace the cached order with the server's answer.
    staleTime: Infinity,
  });

export function useCurrentOrder() {
  return useQuery(currentOrderQueryOptions());
}
