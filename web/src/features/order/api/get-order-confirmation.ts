import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api';
import type { Order } from '../../../types/api';

export interface OrderConfirmation {
  order: Order;
  /** Where and when to collect, for a pickup order. */
  pickup?: { address: string; hours: string };
}

/** A completed order's confirmation: by the bearer (the order's account) or the link's token (anyone holding it). */
export const orderConfirmationQueryOptions = (publicId: string, token: string | null) =>
  queryOptions({
    queryKey: ['order-confirmation', publicId, token],
    queryFn: ({ signal }) =>
      api<OrderConfirmation>(`/order-confirmation/${encodeURIComponent(publicId)}${token ? `?token=${encodeURIComponent(token)}` : ''}`, {
        signal,
      }),
    // A 404 straight after paying can be the order list catching up: ask again a few times.
    retry: (count, error) => count < 4 && (!(error instanceof ApiError) || error.status === 404 || error.status >= 500),
    retryDelay: (count) => 500 * 2 ** count,
    staleTime: 5 * 60 * 1000,
  });

export function useOrderConfirmation(publicId: string, token: string | null) {
  return useQuery(orderConfirmationQueryOptions(publicId, token));
}
