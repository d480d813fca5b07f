import { createHash } from 'node:crypto';
import { streamId } from '../eventstore/streamIds.ts';

/** Our order id of a marketplace order: a UUID derived from its marketplace order number. */
export function marketplaceOrderId(externalId: string): string {
  const hex = createHash('sha256').update(`ebay-order:${externalId.trim()}`).digest('hex');
  // Shaped as a version 5 (name-based) UUID.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const marketplaceOrderStreamId = (orderId: string) => streamId('ebayorder', orderId);
