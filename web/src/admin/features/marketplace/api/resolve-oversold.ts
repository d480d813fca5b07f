import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolveOversoldBody } from '@shop/domain/contract/marketplace';
import { api } from '../../../../lib/api';
import type { OversoldList } from '../../../types';
import { oversoldQueryKey } from './get-oversold';
import { putAnswer } from '../../../../lib/put-answer';

/** PUT /ebay-oversold/{orderId}: what the admin did (cancelled the eBay order, or refunded). */
export function useResolveOversold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: ResolveOversoldBody & { orderId: string }) =>
      api<OversoldList>(`/ebay-oversold/${encodeURIComponent(orderId)}`, { method: 'PUT', body }),
    onSuccess: (answer) => putAnswer(client, oversoldQueryKey, answer),
  });
}
